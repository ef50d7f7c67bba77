import {
  InvoiceLabel,
  InvoiceStatus,
  WithdrawMethod,
  canApproveInvoiceUpdate,
  canTransitionInvoice,
} from '@talaqa/domain';
import type { InvoiceChange, InvoiceView } from '@talaqa/domain';
import { BANK_NAMES_AR, Badge, INVOICE_LABEL_NAMES_ADMIN_AR } from '@talaqa/ui';
import type { BadgeTone } from '@talaqa/ui';

const LABEL_TONES: Record<InvoiceLabel, BadgeTone> = {
  [InvoiceLabel.Pending]: 'warning',
  [InvoiceLabel.CancellationRequested]: 'warning',
  [InvoiceLabel.UpdatedByReceiver]: 'brand',
  [InvoiceLabel.CanceledByAdmin]: 'neutral',
  [InvoiceLabel.CancellationApprovedByAdmin]: 'neutral',
  [InvoiceLabel.Fulfilled]: 'success',
  [InvoiceLabel.Rejected]: 'danger',
};

/** The request's label (spec section 4) in words, coloured by kind. */
export function InvoiceLabelBadge({ label }: { label: InvoiceLabel }) {
  return <Badge tone={LABEL_TONES[label]}>{INVOICE_LABEL_NAMES_ADMIN_AR[label]}</Badge>;
}

/** One line of where the money goes, by method. */
export interface ReceiverLine {
  label: string;
  value: string;
  /** Latin text (an address, a number): shown left to right. */
  latin: boolean;
}

type Receiver = Pick<
  InvoiceChange,
  'method' | 'receiver' | 'bank' | 'phone' | 'accountNumber' | 'username' | 'instapayAddress'
>;

/** The receiver fields the method uses, as the admin copies them into the transfer. */
export function receiverLines(receiver: Receiver): ReceiverLine[] {
  const lines: (ReceiverLine | null)[] =
    receiver.method === WithdrawMethod.Instapay
      ? [
          receiver.instapayAddress
            ? { label: 'عنوان إنستاباي', value: receiver.instapayAddress, latin: true }
            : null,
        ]
      : receiver.method === WithdrawMethod.Bank
        ? [
            receiver.bank
              ? { label: 'البنك', value: BANK_NAMES_AR[receiver.bank], latin: false }
              : null,
            receiver.username
              ? { label: 'اسم صاحب الحساب', value: receiver.username, latin: false }
              : null,
            receiver.accountNumber
              ? { label: 'رقم الحساب', value: receiver.accountNumber, latin: true }
              : null,
          ]
        : [receiver.phone ? { label: 'رقم المحفظة', value: receiver.phone, latin: true } : null];
  return lines.filter((line): line is ReceiverLine => line !== null);
}

/** An action an admin may take on a request (the update call's admin actions, but `note`). */
export type InvoiceDecision =
  'fulfil' | 'reject' | 'cancel' | 'approve-cancel' | 'approve-update' | 'decline-update';

/**
 * What the admin may do to `invoice` now, by the domain's status graph: fulfil, reject and
 * cancel are its admin arrows; a cancel answers the tutor's ask when the tutor asked
 * (PendingCancellation), else it is the admin's own; a waiting change may be approved or declined
 * while no transfer was made. The note is always editable (not listed).
 */
export function allowedDecisions(invoice: Pick<InvoiceView, 'status' | 'requestedChange'>) {
  const can = (to: InvoiceStatus) => canTransitionInvoice(invoice.status, to, 'admin');
  const decisions: InvoiceDecision[] = [];
  if (can(InvoiceStatus.Approved)) decisions.push('fulfil');
  if (invoice.requestedChange && canApproveInvoiceUpdate(invoice.status)) {
    decisions.push('approve-update', 'decline-update');
  }
  if (can(InvoiceStatus.Canceled)) {
    decisions.push(
      invoice.status === InvoiceStatus.PendingCancellation ? 'approve-cancel' : 'cancel',
    );
  }
  if (can(InvoiceStatus.Rejected)) decisions.push('reject');
  return decisions;
}

/** Each decision's button, its confirmation and its success toast. */
export const DECISION_TEXTS: Record<
  InvoiceDecision,
  { button: string; title: string; description: string; done: string; danger: boolean }
> = {
  fulfil: {
    button: 'تأكيد التحويل',
    title: 'تأكيد تنفيذ طلب السحب',
    description:
      'أكِّد أنك حوّلت المبلغ إلى المعلم، وأرفق صورة إيصال التحويل. بعد التأكيد لا يمكن إلغاء الطلب أو تعديله.',
    done: 'تم تأكيد التحويل وإرسال الإيصال إلى المعلم',
    danger: false,
  },
  reject: {
    button: 'رفض الطلب',
    title: 'رفض طلب السحب',
    description: 'سيُرفض الطلب ويعود المبلغ إلى رصيد المعلم المتاح.',
    done: 'تم رفض طلب السحب',
    danger: true,
  },
  cancel: {
    button: 'إلغاء الطلب',
    title: 'إلغاء طلب السحب',
    description: 'سيُلغى الطلب من الإدارة ويعود المبلغ إلى رصيد المعلم المتاح.',
    done: 'تم إلغاء طلب السحب',
    danger: true,
  },
  'approve-cancel': {
    button: 'الموافقة على الإلغاء',
    title: 'الموافقة على طلب الإلغاء',
    description: 'طلب المعلم إلغاء هذا الطلب. سيُلغى ويعود المبلغ إلى رصيده المتاح.',
    done: 'تمت الموافقة على إلغاء طلب السحب',
    danger: true,
  },
  'approve-update': {
    button: 'قبول التعديل',
    title: 'قبول تعديل المعلم',
    description: 'سيصبح المبلغ وطريقة التحويل كما طلب المعلم، ويبقى الطلب بانتظار التحويل.',
    done: 'تم قبول تعديل طلب السحب',
    danger: false,
  },
  'decline-update': {
    button: 'رفض التعديل',
    title: 'رفض تعديل المعلم',
    description: 'يبقى الطلب كما كان قبل التعديل، بانتظار التحويل.',
    done: 'تم رفض التعديل وبقي الطلب كما كان',
    danger: true,
  },
};

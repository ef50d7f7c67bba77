import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  INVOICE_NOTE_MAX_LENGTH,
  InvoiceStatus,
  formatMoney,
  invoiceNoteSchema,
  validationIssues,
} from '@talaqa/domain';
import type { InvoiceChange, InvoiceView } from '@talaqa/domain';
import {
  Alert,
  Button,
  ConfirmDialog,
  Dialog,
  ERROR_MESSAGES,
  Textarea,
  UI_MESSAGES,
  WITHDRAW_METHOD_NAMES_AR,
  formatId,
  useToast,
} from '@talaqa/ui';
import { isApiError } from '../../api';
import { actionErrorText } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { userPath } from '../../paths';
import { DECISION_TEXTS, InvoiceLabelBadge, allowedDecisions, receiverLines } from './labels';
import type { InvoiceDecision } from './labels';
import { fetchReceipt, useDeleteInvoice, useInvoiceAction } from './queries';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

const Latin = ({ value }: { value: string }) => (
  <bdi dir="ltr" className="font-mono">
    {value}
  </bdi>
);

/** The method and receiver fields of a request or of the change the tutor asked for. */
function ReceiverDetails({ receiver }: { receiver: Omit<InvoiceChange, 'amount'> }) {
  return (
    <>
      <Detail label="طريقة التحويل">{WITHDRAW_METHOD_NAMES_AR[receiver.method]}</Detail>
      {receiverLines(receiver).map((line) => (
        <Detail key={line.label} label={line.label}>
          {line.latin ? <Latin value={line.value} /> : line.value}
        </Detail>
      ))}
    </>
  );
}

/**
 * The sentence for a refused action: the approve-update's balance refusal speaks of the tutor's
 * balance (the shared message speaks to the tutor), every other code has its own sentence, and
 * anything unexplained is the spec's "invoice process failure".
 */
export function invoiceFailureText(error: unknown, decision: InvoiceDecision | 'note'): string {
  if (
    decision === 'approve-update' &&
    isApiError(error) &&
    error.code === 'invoice-amount-above-balance'
  ) {
    return UI_MESSAGES.invoiceChangeAboveBalance;
  }
  if (decision === 'fulfil' && isApiError(error)) {
    if (error.code === 'invalid-image-type') return UI_MESSAGES.invoiceReceiptType;
    if (error.code === 'empty-request') return UI_MESSAGES.invoiceReceiptRequired;
  }
  return actionErrorText(error, UI_MESSAGES.invoiceProcessFailed);
}

/** The receipt file's problem before it is sent (the server judges the bytes again). */
function receiptProblem(file: File): string | null {
  if (!Object.hasOwn(IMAGE_MIME_TYPES, file.type)) return UI_MESSAGES.invoiceReceiptType;
  if (file.size > IMAGE_MAX_BYTES) return ERROR_MESSAGES['large-file-size'];
  return null;
}

/** Hears the request as the server saved it after an action here. */
type OnSaved = (invoice: InvoiceView) => void;

function NoteEditor({ invoice, onSaved }: { invoice: InvoiceView; onSaved: OnSaved }) {
  const toast = useToast();
  const action = useInvoiceAction();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(invoice.adminNote ?? '');
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState(false);

  const send = async (note: string | null) => {
    try {
      onSaved(await action.mutateAsync({ id: invoice.id, data: { action: 'note', note } }));
      toast.success(note === null ? 'تم حذف الملاحظة' : 'تم حفظ الملاحظة');
      setEditing(false);
      setRemoving(false);
    } catch (failure) {
      const text = invoiceFailureText(failure, 'note');
      if (editing) setError(text);
      else toast.error(text);
      setRemoving(false);
    }
  };

  const save = () => {
    const parsed = invoiceNoteSchema.safeParse(text);
    if (!parsed.success) {
      setError(validationIssues(parsed.error)[0]?.code ?? 'invoice-note-invalid');
      return;
    }
    void send(parsed.data);
  };

  return (
    <section aria-labelledby="invoice-note-heading" className="flex flex-col gap-2">
      <h3 id="invoice-note-heading" className="text-base font-bold text-ink">
        ملاحظة الإدارة
      </h3>
      {editing ? (
        <div className="flex flex-col gap-2">
          <Textarea
            label="نص الملاحظة"
            hint={`يراها المعلم مع طلبه، حتى ${formatId(INVOICE_NOTE_MAX_LENGTH)} حرف.`}
            value={text}
            error={error}
            maxLength={INVOICE_NOTE_MAX_LENGTH}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              disabled={action.isPending}
              onClick={() => {
                setEditing(false);
                setText(invoice.adminNote ?? '');
                setError(undefined);
              }}
            >
              {UI_MESSAGES.cancel}
            </Button>
            <Button loading={action.isPending} onClick={save}>
              حفظ الملاحظة
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="text-sm whitespace-pre-line text-ink">
            {invoice.adminNote ?? <span className="text-muted">لا توجد ملاحظة.</span>}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setText(invoice.adminNote ?? '');
                setEditing(true);
              }}
            >
              {invoice.adminNote ? 'تعديل الملاحظة' : 'إضافة ملاحظة'}
            </Button>
            {invoice.adminNote && (
              <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
                حذف الملاحظة
              </Button>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="حذف ملاحظة الإدارة"
        description="ستُحذف الملاحظة من الطلب ولن يراها المعلم بعد الآن."
        confirmLabel="حذف الملاحظة"
        loading={action.isPending}
        onConfirm={() => void send(null)}
      />
    </section>
  );
}

function DecisionButtons({ invoice, onSaved }: { invoice: InvoiceView; onSaved: OnSaved }) {
  const toast = useToast();
  const action = useInvoiceAction();
  const [asking, setAsking] = useState<InvoiceDecision | null>(null);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const decisions = allowedDecisions(invoice);
  if (decisions.length === 0) return null;

  const close = () => {
    setAsking(null);
    setReceipt(null);
    setReceiptError(undefined);
    setFailure(null);
  };

  const confirm = async () => {
    if (!asking) return;
    if (asking === 'fulfil') {
      if (!receipt) {
        setReceiptError(UI_MESSAGES.invoiceReceiptRequired);
        return;
      }
      const problem = receiptProblem(receipt);
      if (problem) {
        setReceiptError(problem);
        return;
      }
    }
    try {
      const saved = await action.mutateAsync({
        id: invoice.id,
        data: { action: asking },
        receipt: asking === 'fulfil' ? (receipt ?? undefined) : undefined,
      });
      toast.success(DECISION_TEXTS[asking].done);
      close();
      onSaved(saved);
    } catch (error) {
      setFailure(invoiceFailureText(error, asking));
    }
  };

  const texts = asking ? DECISION_TEXTS[asking] : null;
  return (
    <section aria-labelledby="invoice-actions-heading" className="flex flex-col gap-2">
      <h3 id="invoice-actions-heading" className="text-base font-bold text-ink">
        الإجراءات
      </h3>
      <div className="flex flex-wrap gap-2">
        {decisions.map((decision) => (
          <Button
            key={decision}
            variant={DECISION_TEXTS[decision].danger ? 'secondary' : 'primary'}
            onClick={() => {
              setFailure(null);
              setAsking(decision);
            }}
          >
            {DECISION_TEXTS[decision].button}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title={texts?.title ?? ''}
        description={texts?.description}
        confirmLabel={texts?.button}
        variant={texts?.danger ? 'danger' : 'primary'}
        loading={action.isPending}
        onConfirm={() => void confirm()}
      >
        <p className="mb-3 text-sm text-ink">
          طلب رقم {formatId(invoice.id)} من {invoice.userName} بمبلغ{' '}
          <strong>{formatMoney(invoice.amount)}</strong>
        </p>
        {asking === 'fulfil' && (
          <div className="flex flex-col gap-1.5">
            <span id="invoice-receipt-label" className="text-sm font-semibold text-ink">
              صورة إيصال التحويل (مطلوبة)
            </span>
            <div className="flex flex-wrap items-center gap-3">
              {/* The native picker's own words follow the browser's language: an Arabic button
                  stands for it, the input stays reachable by keyboard and named by the label. */}
              <input
                id="invoice-receipt"
                type="file"
                accept={Object.keys(IMAGE_MIME_TYPES).join(',')}
                aria-labelledby="invoice-receipt-label"
                aria-invalid={receiptError ? true : undefined}
                aria-describedby="invoice-receipt-hint"
                className="peer sr-only"
                onChange={(event) => {
                  setReceipt(event.target.files?.[0] ?? null);
                  setReceiptError(undefined);
                }}
              />
              <label
                htmlFor="invoice-receipt"
                className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:bg-brand-50"
              >
                {receipt ? 'تغيير الصورة' : 'اختيار صورة'}
              </label>
              <bdi className="text-sm break-all text-muted">
                {receipt ? receipt.name : 'لم تُختر صورة بعد'}
              </bdi>
            </div>
            <p id="invoice-receipt-hint" className="text-xs text-muted">
              صورة JPG أو PNG أو GIF حتى ٥ ميجابايت.
            </p>
            {receiptError && (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {receiptError}
              </p>
            )}
          </div>
        )}
        {failure && (
          <Alert tone="error" className="mt-3">
            {failure}
          </Alert>
        )}
      </ConfirmDialog>
    </section>
  );
}

/**
 * A canceled or rejected request holds no money and moved none: the admin may delete it from the
 * lists (decision 337); the tutor's page drops it too.
 */
function DeleteRequest({ invoice, onDeleted }: { invoice: InvoiceView; onDeleted: () => void }) {
  const toast = useToast();
  const remove = useDeleteInvoice();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (invoice.status !== InvoiceStatus.Canceled && invoice.status !== InvoiceStatus.Rejected) {
    return null;
  }
  const confirm = async () => {
    try {
      await remove.mutateAsync(invoice.id);
      toast.success('تم حذف طلب السحب');
      setAsking(false);
      onDeleted();
    } catch (error) {
      setFailure(actionErrorText(error, UI_MESSAGES.invoiceProcessFailed));
    }
  };
  return (
    <section aria-labelledby="invoice-delete-heading" className="flex flex-col gap-2">
      <h3 id="invoice-delete-heading" className="text-base font-bold text-ink">
        حذف الطلب
      </h3>
      <p className="text-sm text-muted">
        الطلب منتهٍ ولا يحجز شيئًا من رصيد المعلم. حذفه يخفيه من قائمتك ومن صفحة المعلم، ويبقى أثره في
        سجل رصيده.
      </p>
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            setFailure(null);
            setAsking(true);
          }}
        >
          حذف الطلب
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="حذف طلب السحب؟"
        description="سيختفي الطلب من قائمة الطلبات ومن صفحة المعلم، ولا يمكن التراجع عن الحذف."
        confirmLabel="حذف الطلب"
        loading={remove.isPending}
        onConfirm={() => void confirm()}
      >
        <p className="mb-3 text-sm text-ink">
          طلب رقم {formatId(invoice.id)} من {invoice.userName} بمبلغ{' '}
          <strong>{formatMoney(invoice.amount)}</strong>
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
      </ConfirmDialog>
    </section>
  );
}

function ReceiptViewer({ name }: { name: string }) {
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The image's object URL lives as long as the viewer shows it.
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  const show = async () => {
    setLoading(true);
    try {
      setUrl(URL.createObjectURL(await fetchReceipt(name)));
    } catch (error) {
      toast.error(actionErrorText(error, 'تعذّر تحميل إيصال التحويل، من فضلك حاول مرة أخرى'));
    } finally {
      setLoading(false);
    }
  };
  if (url) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={url}
          alt="إيصال التحويل"
          className="max-h-80 rounded-lg border border-slate-200"
        />
      </a>
    );
  }
  return (
    <Button variant="secondary" size="sm" loading={loading} onClick={() => void show()}>
      عرض إيصال التحويل
    </Button>
  );
}

function InvoiceBody({
  invoice,
  onSaved,
  onDeleted,
}: {
  invoice: InvoiceView;
  onSaved: OnSaved;
  onDeleted: () => void;
}) {
  const change = invoice.requestedChange;
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail label="الحالة">
          <InvoiceLabelBadge label={invoice.label} />
        </Detail>
        <Detail label="المعلم">
          <Link
            to={userPath(invoice.userId)}
            className="font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            {invoice.userName}
          </Link>
        </Detail>
        <Detail label="المبلغ">
          <span className="font-bold">{formatMoney(invoice.amount)}</span>
        </Detail>
        <ReceiverDetails receiver={invoice} />
        <Detail label="تاريخ الطلب">{formatDateTime(invoice.createdAt)}</Detail>
        <Detail label="آخر تحديث">{formatDateTime(invoice.updatedAt)}</Detail>
      </dl>
      {change && (
        <section
          aria-labelledby="invoice-change-heading"
          className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
        >
          <h3 id="invoice-change-heading" className="text-base font-bold text-ink">
            تعديل طلبه المعلم بانتظار موافقتك
          </h3>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Detail label="المبلغ الجديد">
              <span className="font-bold">{formatMoney(change.amount)}</span>
            </Detail>
            <ReceiverDetails receiver={change} />
          </dl>
        </section>
      )}
      {invoice.receiptImage && (
        <section aria-labelledby="invoice-receipt-heading" className="flex flex-col gap-2">
          <h3 id="invoice-receipt-heading" className="text-base font-bold text-ink">
            إيصال التحويل
          </h3>
          <ReceiptViewer key={invoice.receiptImage} name={invoice.receiptImage} />
        </section>
      )}
      <DecisionButtons invoice={invoice} onSaved={onSaved} />
      <NoteEditor key={invoice.adminNote ?? ''} invoice={invoice} onSaved={onSaved} />
      <DeleteRequest invoice={invoice} onDeleted={onDeleted} />
    </div>
  );
}

/** One withdrawal request's details, its receipt, the actions its status allows and the note. */
export function InvoiceDialog({
  invoice,
  onClose,
  onSaved,
  onDeleted,
}: {
  invoice: InvoiceView | null;
  onClose: () => void;
  onSaved: OnSaved;
  /** After this dialog deleted the request. */
  onDeleted: () => void;
}) {
  return (
    <Dialog
      title={invoice ? `طلب السحب رقم ${formatId(invoice.id)}` : 'طلب السحب'}
      open={invoice !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="sm:max-w-2xl"
    >
      {invoice && (
        <InvoiceBody key={invoice.id} invoice={invoice} onSaved={onSaved} onDeleted={onDeleted} />
      )}
    </Dialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  ConfirmDialog,
  ErrorState,
  PAYMENT_METHOD_NAMES_AR,
  PLAN_PERIOD_NAMES_AR,
  Spinner,
  UI_MESSAGES,
  buttonClasses,
  formatId,
  messageForError,
  useToast,
} from '@talaqa/ui';
import {
  PaymentMethod,
  TransactionStatus,
  formatCairoDateTime,
  formatMoney,
  isPaidTransactionStatus,
} from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import { paths } from '../../paths';
import { planTitle } from '../../lib/format';
import {
  useCancelUnpaidOrder,
  useSyncTransaction,
  useWatchedTransaction,
} from '../payments/queries';

/** What the wallet request answered (only known right after asking; not kept in the transaction). */
export interface WalletStep {
  walletPhone: string;
  redirectUrl: string | null;
}

/**
 * How often an unpaid transaction is read again, besides the realtime event: a reference number
 * or a wallet request waits for the student (10 s); a card or Paymob answer comes in seconds.
 */
export const WAITING_POLL_MS = 10_000;
export const CONFIRMING_POLL_MS = 5_000;

const pollFor = (transaction: TransactionView): number =>
  transaction.method === PaymentMethod.Fawry || transaction.method === PaymentMethod.EWallet
    ? WAITING_POLL_MS
    : CONFIRMING_POLL_MS;

export interface PaymentResultProps {
  transactionId: number;
  walletStep?: WalletStep;
  /** Back to the payment methods for a new attempt. */
  onRetry: () => void;
}

/** The result's heading, focused when it appears so screen readers announce the outcome. */
function ResultHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
      {children}
    </h2>
  );
}

function Card({
  tone,
  children,
}: {
  tone: 'success' | 'error' | 'waiting' | 'neutral';
  children: ReactNode;
}) {
  const border = {
    success: 'border-emerald-300',
    error: 'border-red-300',
    waiting: 'border-brand-300',
    neutral: 'border-slate-200',
  }[tone];
  return (
    <section
      className={`flex flex-col gap-4 rounded-2xl border-2 bg-white p-5 shadow-sm sm:p-8 ${border}`}
    >
      {children}
    </section>
  );
}

/** The transaction's plan, period, amount and number. */
function Details({ transaction }: { transaction: TransactionView }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {transaction.plan && (
        <div>
          <dt className="text-sm text-muted">الباقة</dt>
          <dd className="font-semibold text-ink">{planTitle(transaction.plan)}</dd>
        </div>
      )}
      {transaction.period !== null && (
        <div>
          <dt className="text-sm text-muted">المدة</dt>
          <dd className="font-semibold text-ink">{PLAN_PERIOD_NAMES_AR[transaction.period]}</dd>
        </div>
      )}
      <div>
        <dt className="text-sm text-muted">المبلغ</dt>
        <dd className="font-semibold text-ink">{formatMoney(transaction.amount)}</dd>
      </div>
      <div>
        <dt className="text-sm text-muted">رقم العملية</dt>
        <dd className="font-semibold text-ink">{formatId(transaction.id)}</dd>
      </div>
      <div>
        <dt className="text-sm text-muted">طريقة الدفع</dt>
        <dd className="font-semibold text-ink">{PAYMENT_METHOD_NAMES_AR[transaction.method]}</dd>
      </div>
    </dl>
  );
}

function PaymentDone({ transaction }: { transaction: TransactionView }) {
  return (
    <Card tone="success">
      <ResultHeading>تم الدفع بنجاح</ResultHeading>
      <p className="text-ink">
        اشتراكك مفعّل الآن، وتجد دقائقك الأسبوعية في لوحة التحكم. ابدأ باختيار معلم وحجز أول درس.
      </p>
      <Details transaction={transaction} />
      <div className="flex flex-wrap gap-3">
        <Link to={paths.tutors} className={buttonClasses({ size: 'lg' })}>
          احجز أول درس
        </Link>
        <Link
          to={paths.studentDashboard}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
        >
          الصفحة الرئيسية
        </Link>
      </div>
    </Card>
  );
}

function PaymentEnded({
  title,
  message,
  transaction,
  onRetry,
  retryLabel = UI_MESSAGES.retry,
}: {
  title: string;
  message: string;
  transaction: TransactionView;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <Card tone="error">
      <ResultHeading>{title}</ResultHeading>
      <p role="alert" className="text-ink">
        {message}
      </p>
      <Details transaction={transaction} />
      <div className="flex flex-wrap gap-3">
        <Button size="lg" onClick={onRetry}>
          {retryLabel}
        </Button>
        <Link to={paths.plans} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          اختيار باقة أخرى
        </Link>
      </div>
    </Card>
  );
}

/** "Check now" and, for an unpaid order, "cancel it" (confirmed first). */
function WaitingActions({
  transaction,
  cancellable,
}: {
  transaction: TransactionView;
  cancellable: boolean;
}) {
  const sync = useSyncTransaction();
  const cancel = useCancelUnpaidOrder();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      {sync.isError && (
        <Alert tone="error" role="alert">
          {messageForError(sync.error)}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          loading={sync.isPending}
          onClick={() => sync.mutate(transaction)}
        >
          تحديث حالة الدفع
        </Button>
        {cancellable && (
          <Button
            variant="ghost"
            onClick={() => {
              cancel.reset();
              setConfirming(true);
            }}
          >
            إلغاء الطلب
          </Button>
        )}
      </div>
      {cancellable && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="إلغاء طلب الدفع؟"
          description="لن يعود الرقم المرجعي أو طلب المحفظة صالحًا للدفع، ويمكنك إنشاء طلب جديد في أي وقت."
          confirmLabel="نعم، ألغِ الطلب"
          cancelLabel="تراجع"
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(transaction.id, {
              onSuccess: () => {
                setConfirming(false);
                toast.success('تم إلغاء طلب الدفع');
              },
            })
          }
        >
          {cancel.isError && (
            <Alert tone="error" role="alert">
              {UI_MESSAGES.paymentCancelFailed}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

function WaitingLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 font-semibold text-brand-800">
      <Spinner size="sm" decorative />
      {children}
    </p>
  );
}

function ReferenceWaiting({ transaction }: { transaction: TransactionView }) {
  const toast = useToast();
  const number = transaction.referenceNumber ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(number);
      toast.success('تم نسخ الرقم المرجعي');
    } catch {
      toast.error('تعذّر النسخ، من فضلك انسخ الرقم يدويًا');
    }
  };
  return (
    <Card tone="waiting">
      <ResultHeading>ادفع بالرقم المرجعي في فوري</ResultHeading>
      <div className="flex flex-col items-center gap-3 rounded-xl bg-brand-50 p-4 text-center">
        <p id="reference-number-label" className="text-sm font-semibold text-muted">
          الرقم المرجعي
        </p>
        <p
          aria-labelledby="reference-number-label"
          dir="ltr"
          className="font-mono text-3xl font-bold tracking-widest break-all text-ink select-all sm:text-4xl"
          data-testid="reference-number"
        >
          {number}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          نسخ الرقم
        </Button>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">المبلغ المطلوب</dt>
          <dd className="text-lg font-bold text-ink">{formatMoney(transaction.amount)}</dd>
        </div>
        {transaction.expiresAt && (
          <div>
            <dt className="text-sm text-muted">ادفع قبل (بتوقيت القاهرة)</dt>
            <dd className="font-semibold text-ink" data-testid="reference-expiry">
              {formatCairoDateTime(new Date(transaction.expiresAt))}
            </dd>
          </div>
        )}
      </dl>
      <ol className="flex list-decimal flex-col gap-1 ps-5 text-ink">
        <li>اذهب إلى أي منفذ فوري، أو افتح تطبيق myFawry أو تطبيق البنك.</li>
        <li>اختر «الدفع بالرقم المرجعي» واكتب الرقم أعلاه.</li>
        <li>ادفع المبلغ المطلوب قبل انتهاء صلاحية الرقم.</li>
        <li>يتفعّل اشتراكك تلقائيًا، وتتحول هذه الصفحة وحدها عند وصول الدفع.</li>
      </ol>
      <WaitingLine>بانتظار الدفع</WaitingLine>
      <WaitingActions transaction={transaction} cancellable />
    </Card>
  );
}

function WalletWaiting({
  transaction,
  step,
}: {
  transaction: TransactionView;
  step: WalletStep | undefined;
}) {
  return (
    <Card tone="waiting">
      <ResultHeading>وافق على طلب الدفع من محفظتك</ResultHeading>
      <p className="text-ink">
        أرسلنا طلب دفع بمبلغ {formatMoney(transaction.amount)}
        {step ? (
          <>
            {' '}
            إلى المحفظة على الرقم <bdi dir="ltr">{step.walletPhone}</bdi>
          </>
        ) : null}
        . افتح تطبيق المحفظة ووافق على الطلب بالرقم السري للمحفظة.
      </p>
      {step?.redirectUrl && (
        <a href={step.redirectUrl} className={buttonClasses({ variant: 'secondary' })}>
          افتح صفحة الدفع بالمحفظة
        </a>
      )}
      {transaction.expiresAt && (
        <p className="text-sm text-muted">
          الطلب صالح حتى {formatCairoDateTime(new Date(transaction.expiresAt))} بتوقيت القاهرة.
        </p>
      )}
      <WaitingLine>بانتظار موافقتك على الدفع</WaitingLine>
      <WaitingActions transaction={transaction} cancellable />
    </Card>
  );
}

function Confirming({
  transaction,
  onOtherMethod,
}: {
  transaction: TransactionView;
  onOtherMethod: () => void;
}) {
  const cancel = useCancelUnpaidOrder();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card tone="waiting">
      <ResultHeading>جارٍ تأكيد عملية الدفع</ResultHeading>
      <p className="text-ink">
        ننتظر تأكيد البنك أو بوابة الدفع، وعادةً لا يستغرق ذلك أكثر من دقيقة. ستتحول هذه الصفحة وحدها
        عند وصول النتيجة.
      </p>
      <Details transaction={transaction} />
      <WaitingLine>بانتظار النتيجة</WaitingLine>
      <WaitingActions transaction={transaction} cancellable={false} />
      <p className="text-sm text-muted">
        إذا أغلقت صفحة الدفع أو رُفضت البطاقة هناك، يمكنك إلغاء هذا الطلب والدفع بطريقة أخرى؛ وإن
        اكتمل دفعه رغم ذلك يُردّ المبلغ إليك كاملًا.
      </p>
      <div>
        <Button
          variant="ghost"
          onClick={() => {
            cancel.reset();
            setConfirming(true);
          }}
        >
          الدفع بطريقة أخرى
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="إلغاء هذا الطلب والدفع بطريقة أخرى؟"
        description="لا يمكن أن يبقى لك إلا طلب دفع مفتوح واحد، فيُلغى هذا الطلب أولًا."
        confirmLabel="نعم، ألغِ الطلب"
        cancelLabel="تراجع"
        loading={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(transaction.id, {
            onSuccess: () => {
              setConfirming(false);
              onOtherMethod();
            },
          })
        }
      >
        {cancel.isError && (
          <Alert tone="error" role="alert">
            {UI_MESSAGES.paymentCancelFailed}
          </Alert>
        )}
      </ConfirmDialog>
    </Card>
  );
}

/**
 * The outcome of one payment (`?tx=` in the checkout address): paid, failed, expired, canceled,
 * or still waiting (a reference number to pay, a wallet request to approve, a bank's answer),
 * kept fresh by the realtime TransactionStatusUpdate and by polling.
 */
export function PaymentResult({ transactionId, walletStep, onRetry }: PaymentResultProps) {
  const query = useWatchedTransaction(transactionId, pollFor);

  if (query.isPending) {
    return (
      <Card tone="neutral">
        <WaitingLine>جارٍ التحقق من حالة الدفع</WaitingLine>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-3">
        <ErrorState
          title="تعذّر تحميل حالة الدفع"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
        <div>
          <Button variant="secondary" onClick={onRetry}>
            العودة إلى طرق الدفع
          </Button>
        </div>
      </div>
    );
  }

  const transaction = query.data;
  if (isPaidTransactionStatus(transaction.status)) return <PaymentDone transaction={transaction} />;
  switch (transaction.status) {
    case TransactionStatus.New:
      if (transaction.method === PaymentMethod.Fawry && transaction.referenceNumber) {
        return <ReferenceWaiting transaction={transaction} />;
      }
      if (transaction.method === PaymentMethod.EWallet) {
        return <WalletWaiting transaction={transaction} step={walletStep} />;
      }
      return <Confirming transaction={transaction} onOtherMethod={onRetry} />;
    case TransactionStatus.Failed:
      return (
        <PaymentEnded
          title="لم تتم عملية الدفع"
          message={UI_MESSAGES.transactionFailed}
          transaction={transaction}
          onRetry={onRetry}
        />
      );
    case TransactionStatus.Expired:
      return (
        <PaymentEnded
          title="انتهت صلاحية طلب الدفع"
          message="لم يصل الدفع قبل انتهاء صلاحية الطلب، ولم يُخصم منك شيء. يمكنك إنشاء طلب دفع جديد."
          transaction={transaction}
          onRetry={onRetry}
          retryLabel="إنشاء طلب دفع جديد"
        />
      );
    case TransactionStatus.Canceled:
      return (
        <PaymentEnded
          title="أُلغي طلب الدفع"
          message="أُلغي هذا الطلب ولم يُخصم منك شيء. يمكنك الدفع مرة أخرى بأي طريقة تناسبك."
          transaction={transaction}
          onRetry={onRetry}
          retryLabel="الدفع مرة أخرى"
        />
      );
    default:
      return (
        <PaymentEnded
          title="تم استرداد هذا المبلغ"
          message="استُرد مبلغ هذه العملية بالكامل، ويمكنك الاشتراك مرة أخرى في أي وقت."
          transaction={transaction}
          onRetry={onRetry}
          retryLabel="الاشتراك مرة أخرى"
        />
      );
  }
}

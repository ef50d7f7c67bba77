import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Dialog,
  ERROR_MESSAGES,
  ErrorState,
  PageTitle,
  Skeleton,
  Spinner,
  buttonClasses,
} from '@talaqa/ui';
import { PlanPeriod, installmentOptions, pricePlanPurchase } from '@talaqa/domain';
import type { Coupon, PaidPlanPeriod, Plan } from '@talaqa/domain';
import { isApiError } from '@talaqa/api-client';
import { paths, checkoutPath, paidPeriodOfKind } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { EmailVerification } from '../account/EmailVerification';
import { PhoneVerification } from '../account/PhoneVerification';
import { CurrentSubscription } from '../payments/CurrentSubscription';
import { useBankInstallmentsOffered, useCurrentSubscription } from '../payments/queries';
import { usePlan } from '../plans/queries';
import { CouponField } from './CouponField';
import { goToExternalPage } from './external';
import { OpenPaymentNotice } from './OpenPaymentNotice';
import { OrderSummary } from './OrderSummary';
import { TrustMarks } from './PaymentMarks';
import { PaymentMethods } from './PaymentMethods';
import type { MethodTab } from './PaymentMethods';
import { PaymentResult } from './PaymentResult';
import type { WalletStep } from './PaymentResult';
import { usePurchase } from './queries';
import type { PaymentOutcome } from './queries';

const TX_PARAM = 'tx';
const COUPON_PARAM = 'coupon';
const METHOD_PARAM = 'method';
const METHOD_TABS: readonly MethodTab[] = ['cards', 'wallet', 'reference', 'installments'];

const positiveId = (value: string | null | undefined): number | null =>
  value && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value))
    ? Number(value)
    : null;

/**
 * /checkout/{planId}/{period}: what is bought and for how much (the same `pricePlanPurchase` as
 * the server), the coupon, and the payment methods. A payment's outcome is shown at `?tx={id}`,
 * which is also where the bank's 3-D Secure page and Paymob send the student back.
 */
export default function CheckoutPage() {
  const params = useParams();
  const planId = positiveId(params.planId);
  const period = paidPeriodOfKind(params.period);

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="إتمام الدفع" />
      {planId === null || period === null ? (
        <Alert
          tone="error"
          role="alert"
          title="رابط الدفع غير صحيح"
          action={
            <Link to={paths.plans} className={buttonClasses({ variant: 'secondary' })}>
              اختيار باقة
            </Link>
          }
        >
          اختر الباقة ومدة الاشتراك من صفحة الباقات ثم اضغط «اشترك».
        </Alert>
      ) : (
        <Checkout planId={planId} period={period} />
      )}
    </section>
  );
}

function Checkout({ planId, period }: { planId: number; period: PaidPlanPeriod }) {
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const transactionId = positiveId(search.get(TX_PARAM));
  const initialTab = search.get(METHOD_PARAM) as MethodTab | null;

  const plan = usePlan(planId);
  const subscription = useCurrentSubscription();
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [tab, setTab] = useState<MethodTab>(
    initialTab && METHOD_TABS.includes(initialTab) ? initialTab : 'cards',
  );
  const [cardToken, setCardToken] = useState<string | null>(null);
  const [walletSteps, setWalletSteps] = useState<Record<number, WalletStep>>({});
  const [leaving, setLeaving] = useState(false);
  const [verifyingPhone, setVerifyingPhone] = useState(false);
  const purchase = usePurchase({ planId, period, couponCode: coupon?.code });

  const path = checkoutPath(planId, period);

  const showResult = (id: number) => {
    const next = new URLSearchParams(search);
    next.delete(COUPON_PARAM);
    next.delete(METHOD_PARAM);
    next.set(TX_PARAM, String(id));
    setSearch(next);
  };

  const backToMethods = () => {
    purchase.renewKey();
    purchase.reset();
    const next = new URLSearchParams(search);
    next.delete(TX_PARAM);
    setSearch(next, { replace: true });
  };

  const onOutcome = (outcome: PaymentOutcome) => {
    if (outcome.kind === 'paymob') {
      setLeaving(true);
      goToExternalPage(outcome.url);
      return;
    }
    const { transaction, next } = outcome.started;
    if (next.kind === 'redirect') {
      setLeaving(true);
      goToExternalPage(next.url);
      return;
    }
    if (next.kind === 'wallet') {
      setWalletSteps((steps) => ({
        ...steps,
        [transaction.id]: { walletPhone: next.walletPhone, redirectUrl: next.redirectUrl },
      }));
    }
    showResult(transaction.id);
  };

  if (transactionId !== null) {
    return (
      <PaymentResult
        transactionId={transactionId}
        walletStep={walletSteps[transactionId]}
        onRetry={backToMethods}
      />
    );
  }

  if (leaving) {
    return (
      <p role="status" className="flex items-center gap-2 text-lg font-semibold text-brand-800">
        <Spinner size="sm" decorative />
        جارٍ تحويلك إلى صفحة الدفع الآمنة
      </p>
    );
  }

  // The subscription decides whether paying is offered at all; an error there leaves it to the
  // server (which answers subscription-exists).
  if (plan.isPending || subscription.isPending) {
    return (
      <div role="status" aria-label="جارٍ تحميل تفاصيل الباقة" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (plan.isError) {
    return (
      <div className="flex flex-col gap-3">
        <ErrorState
          title="تعذّر تحميل الباقة"
          error={plan.error}
          onRetry={() => void plan.refetch()}
          retrying={plan.isFetching}
        />
        <Link
          to={paths.plans}
          className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
        >
          العودة إلى الباقات
        </Link>
      </div>
    );
  }
  if (!plan.data.active) {
    return (
      <Alert
        tone="warning"
        role="alert"
        title="هذه الباقة غير متاحة للشراء الآن"
        action={
          <Link to={paths.plans} className={buttonClasses({ variant: 'secondary' })}>
            اختيار باقة أخرى
          </Link>
        }
      />
    );
  }

  const current = subscription.data;
  const blocked =
    !!current && current.state === 'active' && current.period !== PlanPeriod.FreeTrial;

  // Another payment of the student is still open: one open order at a time.
  const openPayment = isApiError(purchase.error) && purchase.error.code === 'open-payment-exists';

  const cardAddedNext = (() => {
    const next = new URLSearchParams({ [METHOD_PARAM]: tab === 'installments' ? tab : 'cards' });
    if (coupon) next.set(COUPON_PARAM, coupon.code);
    return `${path}?${next.toString()}`;
  })();

  return (
    <CheckoutForm
      plan={plan.data}
      period={period}
      coupon={coupon}
      onCouponChange={(next) => {
        setCoupon(next);
        purchase.reset();
      }}
      initialCouponCode={search.get(COUPON_PARAM) ?? undefined}
      blocked={blocked}
      blockedBy={blocked ? current : null}
      notice={
        openPayment ? (
          <OpenPaymentNotice
            onContinue={(id) => {
              purchase.reset();
              showResult(id);
            }}
            onCanceled={() => purchase.reset()}
          />
        ) : null
      }
      methods={{
        tab,
        onTabChange: (next) => {
          setTab(next);
          purchase.reset();
        },
        cardToken,
        onCardChange: setCardToken,
        defaultWalletPhone: user.phone ? `0${user.phone.replace(/^\+20/, '')}` : '',
        returnUrl: `${window.location.origin}${path}`,
        cardAddedNext,
        onPay: (choice) => purchase.pay(choice, onOutcome),
        pending: purchase.pending,
        pendingKind: purchase.pendingKind,
        error: openPayment ? null : purchase.error,
        account: { email: !user.verifiedEmail, phone: !user.phone },
        onVerifyPhone: () => setVerifyingPhone(true),
      }}
      verifyingPhone={verifyingPhone}
      onVerifyingPhoneChange={setVerifyingPhone}
    />
  );
}

/**
 * What the gateways need from the account, done here rather than in the settings: the e-mail code
 * inline (the server's `unverified-email`), and the phone (needed by every method but the wallet)
 * in a dialog opened from the pay button's reason. The dialog closes once the number is saved.
 */
function AccountSteps({
  verifyingPhone,
  onVerifyingPhoneChange,
}: {
  verifyingPhone: boolean;
  onVerifyingPhoneChange: (open: boolean) => void;
}) {
  const user = useCurrentUser();
  const [emailNeeded] = useState(() => !user.verifiedEmail);
  const hasPhone = user.phone !== null;
  useEffect(() => {
    if (hasPhone) onVerifyingPhoneChange(false);
    // Only the number's arrival closes the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasPhone]);
  return (
    <>
      {emailNeeded && (
        <section
          aria-labelledby="checkout-email-title"
          className="rounded-2xl border border-amber-200 bg-amber-50/60 p-5"
        >
          <h2 id="checkout-email-title" className="mb-3 text-lg font-bold text-ink">
            الخطوة الأولى: تأكيد بريدك الإلكتروني
          </h2>
          {!user.verifiedEmail && (
            <p className="mb-3 text-sm text-ink">{ERROR_MESSAGES['unverified-email']}</p>
          )}
          <EmailVerification />
        </section>
      )}
      <Dialog
        title="تأكيد رقم الموبايل"
        description="تحتاج بوابة الدفع إلى رقم موبايلك المؤكَّد للدفع بالبطاقة أو بالرقم المرجعي. يصلك رمز على واتساب أو تيليجرام."
        open={verifyingPhone}
        onOpenChange={onVerifyingPhoneChange}
      >
        <PhoneVerification />
      </Dialog>
    </>
  );
}

interface CheckoutFormProps {
  plan: Plan;
  period: PaidPlanPeriod;
  coupon: Coupon | null;
  onCouponChange: (coupon: Coupon | null) => void;
  initialCouponCode: string | undefined;
  blocked: boolean;
  blockedBy: ReturnType<typeof useCurrentSubscription>['data'];
  /** Shown above the payment methods (an open payment that blocks this one). */
  notice: ReactNode;
  verifyingPhone: boolean;
  onVerifyingPhoneChange: (open: boolean) => void;
  methods: Omit<
    Parameters<typeof PaymentMethods>[0],
    'plan' | 'period' | 'couponPercent' | 'total' | 'installmentCounts'
  >;
}

function CheckoutForm({
  plan,
  period,
  coupon,
  onCouponChange,
  initialCouponCode,
  blocked,
  blockedBy,
  notice,
  methods,
  verifyingPhone,
  onVerifyingPhoneChange,
}: CheckoutFormProps) {
  const price = pricePlanPurchase({ plan, period, couponPercent: coupon?.discount });
  // Bank installments only where the plan offers them and the server has them on.
  const installmentsOffered = useBankInstallmentsOffered();
  const counts = installmentsOffered ? installmentOptions(plan, period) : [];

  return (
    // On a phone: the order, the steps and methods, then the trust marks (the primary action first);
    // from `lg`: the order and the trust marks side by side with the methods.
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr]">
      <div className="lg:col-start-2 lg:row-start-1">
        <OrderSummary plan={plan} period={period} price={price} coupon={coupon}>
          {!blocked && (
            <CouponField
              coupon={coupon}
              onChange={onCouponChange}
              initialCode={initialCouponCode}
              disabled={methods.pending}
            />
          )}
        </OrderSummary>
      </div>
      <div className="flex flex-col gap-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        {blocked && blockedBy ? (
          <>
            <Alert
              tone="info"
              role="status"
              action={
                <Link to={paths.payments} className={buttonClasses({ variant: 'secondary' })}>
                  صفحة المدفوعات
                </Link>
              }
            >
              {ERROR_MESSAGES['subscription-exists']}
            </Alert>
            <CurrentSubscription subscription={blockedBy} showBookLink />
          </>
        ) : (
          <>
            <AccountSteps
              verifyingPhone={verifyingPhone}
              onVerifyingPhoneChange={onVerifyingPhoneChange}
            />
            {notice}
            <PaymentMethods
              {...methods}
              plan={plan}
              period={period}
              couponPercent={coupon?.discount}
              total={price.total}
              installmentCounts={counts}
            />
          </>
        )}
      </div>
      {!blocked && (
        <div className="lg:col-start-2 lg:row-start-2">
          <TrustMarks />
        </div>
      )}
    </div>
  );
}

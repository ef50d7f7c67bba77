import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Input, RadioGroup, Tabs, messageForError } from '@talaqa/ui';
import { cvvSchema, formatMoney, phoneSchema, pricePlanPurchase } from '@talaqa/domain';
import type { PaidPlanPeriod, Plan } from '@talaqa/domain';
import { isApiError } from '@talaqa/api-client';
import { installmentCountText, installmentCountsText } from '../../lib/format';
import type { PaymentChoice } from './queries';
import { CardPicker } from './SavedCards';

export type MethodTab = 'cards' | 'wallet' | 'reference' | 'installments';

export interface PaymentMethodsProps {
  plan: Plan;
  period: PaidPlanPeriod;
  /** The coupon's percent, for the installment amounts. */
  couponPercent: number | undefined;
  total: number;
  /** Bank installment counts on offer for this plan and period (the tab shows only with some). */
  installmentCounts: readonly number[];
  tab: MethodTab;
  onTabChange: (tab: MethodTab) => void;
  /** The chosen saved card, shared by the card and installment tabs. */
  cardToken: string | null;
  onCardChange: (token: string | null) => void;
  defaultWalletPhone: string;
  /** Where the 3-D Secure page returns (the server adds `?tx=`). */
  returnUrl: string;
  /** Where /card-added sends the student after saving a card. */
  cardAddedNext: string;
  onPay: (choice: PaymentChoice) => void;
  pending: boolean;
  pendingKind: PaymentChoice['kind'] | undefined;
  error: unknown;
}

/** Why a payment request was refused, in Arabic (a missing phone is worded for paying). */
export function paymentErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'phone-required') {
    return 'تحتاج بوابة الدفع إلى رقم موبايلك المؤكَّد، من فضلك أضفه وأكّده من الإعدادات ثم أكمل الدفع';
  }
  return messageForError(error);
}

/** The CVV's validation code (`invalid-cvv`), or undefined when valid. */
function cvvProblem(value: string): string | undefined {
  const result = cvvSchema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'invalid-cvv');
}

function CvvField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  return (
    <Input
      label="رمز الأمان (CVV)"
      hint="الأرقام الثلاثة على ظهر البطاقة"
      dir="ltr"
      inputMode="numeric"
      autoComplete="cc-csc"
      maxLength={3}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      disabled={disabled}
      wrapperClassName="max-w-48"
    />
  );
}

function Panel({
  children,
  onSubmit,
}: {
  children: ReactNode;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
    </form>
  );
}

/**
 * The payment methods as tabs: saved cards (with Paymob as the other way to pay by card), the
 * e-wallet, Fawry's reference number, and bank installments when the plan and period offer them.
 */
export function PaymentMethods(props: PaymentMethodsProps) {
  const {
    plan,
    period,
    couponPercent,
    total,
    installmentCounts,
    tab,
    onTabChange,
    cardToken,
    onCardChange,
    defaultWalletPhone,
    returnUrl,
    cardAddedNext,
    onPay,
    pending,
    pendingKind,
    error,
  } = props;
  const [cvv, setCvv] = useState('');
  const [cvvError, setCvvError] = useState<string | undefined>();
  const [walletPhone, setWalletPhone] = useState(defaultWalletPhone);
  const [walletError, setWalletError] = useState<string | undefined>();
  const [installments, setInstallments] = useState<number | null>(installmentCounts[0] ?? null);
  const [cardError, setCardError] = useState<string | undefined>();
  const money = formatMoney(total);

  /** The saved card and CVV, or null after showing what is missing. */
  const cardDetails = () => {
    const problem = cvvProblem(cvv);
    setCvvError(problem);
    setCardError(cardToken ? undefined : 'اختر بطاقة محفوظة أو أضف بطاقة جديدة');
    if (problem || !cardToken) return null;
    return { cardToken, cvv: cvvSchema.parse(cvv), returnUrl };
  };

  /** The saved card to pay with and its CVV, with what is missing from them. */
  const cardFields = (legend: string) => (
    <>
      <CardPicker
        legend={legend}
        value={cardToken}
        onChange={onCardChange}
        next={cardAddedNext}
        disabled={pending}
      />
      {cardError && <p className="text-sm font-semibold text-red-700">{cardError}</p>}
      <CvvField
        value={cvv}
        onChange={(value) => {
          setCvv(value);
          setCvvError(undefined);
        }}
        error={cvvError}
        disabled={pending}
      />
    </>
  );

  const failure = error ? (
    <Alert tone="error" role="alert">
      {paymentErrorText(error)}
    </Alert>
  ) : null;

  const cardsPanel = (
    <div className="flex flex-col gap-6">
      <Panel
        onSubmit={(event) => {
          event.preventDefault();
          const details = cardDetails();
          if (details) onPay({ kind: 'card', ...details });
        }}
      >
        {cardFields('ادفع ببطاقة محفوظة')}
        {tab === 'cards' && failure}
        <Button type="submit" size="lg" loading={pendingKind === 'card'} disabled={pending}>
          ادفع {money}
        </Button>
      </Panel>
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
        <p className="font-semibold text-ink">أو ادفع عبر Paymob</p>
        <p className="text-sm text-muted">
          تُنقل إلى صفحة Paymob الآمنة لتدفع ببطاقة أخرى دون حفظها، ثم تعود إلى هنا لترى النتيجة.
        </p>
        <div>
          <Button
            variant="secondary"
            loading={pendingKind === 'paymob'}
            disabled={pending}
            onClick={() => onPay({ kind: 'paymob' })}
          >
            ادفع {money} عبر Paymob
          </Button>
        </div>
      </div>
    </div>
  );

  const walletPanel = (
    <Panel
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = phoneSchema.safeParse(walletPhone);
        if (!parsed.success) {
          setWalletError(parsed.error.issues[0]?.message ?? 'invalid-phone');
          return;
        }
        onPay({ kind: 'wallet', walletPhone: parsed.data });
      }}
    >
      <p className="text-ink">
        ادفع من محفظتك الإلكترونية (فودافون كاش أو اتصالات كاش أو أورنج كاش أو وي باي أو غيرها).
        يصلك طلب دفع على رقم المحفظة فتوافق عليه من تطبيقها.
      </p>
      <Input
        label="رقم المحفظة"
        hint="رقم الموبايل المسجّل عليه المحفظة، مثل 01012345678"
        dir="ltr"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={walletPhone}
        onChange={(event) => {
          setWalletPhone(event.target.value);
          setWalletError(undefined);
        }}
        error={walletError}
        disabled={pending}
        wrapperClassName="max-w-sm"
      />
      {tab === 'wallet' && failure}
      <div>
        <Button type="submit" size="lg" loading={pendingKind === 'wallet'} disabled={pending}>
          أرسل طلب دفع {money}
        </Button>
      </div>
    </Panel>
  );

  const referencePanel = (
    <Panel
      onSubmit={(event) => {
        event.preventDefault();
        onPay({ kind: 'reference' });
      }}
    >
      <p className="text-ink">
        احصل على رقم مرجعي وادفع به نقدًا في أي منفذ فوري، أو من تطبيق myFawry أو تطبيق البنك. يتفعّل
        اشتراكك تلقائيًا بمجرد الدفع.
      </p>
      {tab === 'reference' && failure}
      <div>
        <Button type="submit" size="lg" loading={pendingKind === 'reference'} disabled={pending}>
          احصل على الرقم المرجعي
        </Button>
      </div>
    </Panel>
  );

  const installmentOptionsList = installmentCounts.map((count) => {
    const parts = pricePlanPurchase({
      plan,
      period,
      couponPercent,
      installments: count,
    }).installments;
    const equal = parts.every((part) => part === parts[0]);
    return {
      value: String(count),
      label: installmentCountText(count),
      description: equal
        ? `${formatMoney(parts[0] ?? 0)} لكل دفعة، دفعة كل شهر`
        : `دفعة كل شهر: ${parts.map((part) => formatMoney(part)).join(' ثم ')}`,
    };
  });

  const installmentsPanel = (
    <Panel
      onSubmit={(event) => {
        event.preventDefault();
        const details = cardDetails();
        if (details && installments) onPay({ kind: 'installments', ...details, installments });
      }}
    >
      <p className="text-ink">
        قسّط المبلغ ({money}) على دفعات شهرية ببطاقة ائتمان بنكية، بدون فوائد إضافية من طلاقة.
      </p>
      <RadioGroup
        legend="عدد الدفعات"
        options={installmentOptionsList}
        value={installments === null ? undefined : String(installments)}
        inputProps={{
          name: 'installments',
          disabled: pending,
          onChange: (event) => setInstallments(Number(event.target.value)),
        }}
      />
      {cardFields('البطاقة التي تُقسَّط عليها')}
      {tab === 'installments' && failure}
      <div>
        <Button type="submit" size="lg" loading={pendingKind === 'installments'} disabled={pending}>
          {installments ? `ادفع على ${installmentCountsText([installments])}` : 'ادفع بالتقسيط'}
        </Button>
      </div>
    </Panel>
  );

  const items = [
    { value: 'cards', label: 'البطاقات', content: cardsPanel },
    { value: 'wallet', label: 'المحفظة الإلكترونية', content: walletPanel },
    { value: 'reference', label: 'الرقم المرجعي (فوري)', content: referencePanel },
    ...(installmentCounts.length > 0
      ? [{ value: 'installments', label: 'التقسيط البنكي', content: installmentsPanel }]
      : []),
  ];

  return (
    <section
      aria-labelledby="payment-methods-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="payment-methods-title" className="text-xl font-bold text-ink">
        طريقة الدفع
      </h2>
      <Tabs
        label="طرق الدفع"
        items={items}
        value={tab === 'installments' && installmentCounts.length === 0 ? 'cards' : tab}
        onValueChange={(value) => onTabChange(value as MethodTab)}
      />
    </section>
  );
}

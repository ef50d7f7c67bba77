import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Input, RadioGroup, cx, messageForError } from '@talaqa/ui';
import { cvvSchema, formatMoney, phoneSchema, pricePlanPurchase } from '@talaqa/domain';
import type { PaidPlanPeriod, Plan } from '@talaqa/domain';
import { isApiError } from '@talaqa/api-client';
import { installmentCountText, installmentCountsText } from '../../lib/format';
import type { PaymentChoice } from './queries';
import { CardMark, InstallmentsMark, ReferenceMark, WalletMark } from './PaymentMarks';
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
  /** What the account still lacks for paying (the gateways need both). */
  account: AccountNeeds;
  /** Opens the phone verification without leaving the checkout. */
  onVerifyPhone: () => void;
}

export interface AccountNeeds {
  /** The e-mail is not verified yet (the server answers `unverified-email`). */
  email: boolean;
  /** No mobile number on the account (`phone-required` for every method but the wallet). */
  phone: boolean;
}

/** Why paying this way cannot succeed yet, or null when it can. */
export function accountBlocker(account: AccountNeeds, tab: MethodTab): string | null {
  if (account.email) return 'أكّد بريدك الإلكتروني أولًا من البطاقة أعلى الصفحة، ثم ادفع.';
  if (account.phone && tab !== 'wallet') {
    return 'تحتاج بوابة الدفع إلى رقم موبايلك المؤكَّد لهذه الطريقة؛ أكّده هنا في خطوة واحدة.';
  }
  return null;
}

/** Why a payment request was refused, in Arabic (a missing phone is worded for paying). */
export function paymentErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'phone-required') {
    return 'تحتاج بوابة الدفع إلى رقم موبايلك المؤكَّد، من فضلك أكّده ثم أكمل الدفع';
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
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
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
 * The pay button, disabled while paying cannot succeed, with the reason beside it (read with the
 * button by screen readers) and, for a missing phone, the way to fix it here.
 */
function PayButton({
  children,
  reason,
  loading,
  pending,
  fix,
  variant = 'primary',
  onClick,
}: {
  children: ReactNode;
  reason: string | null;
  loading: boolean;
  pending: boolean;
  fix?: ReactNode;
  variant?: 'primary' | 'secondary';
  onClick?: () => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        type={onClick ? 'button' : 'submit'}
        size={variant === 'primary' ? 'lg' : 'md'}
        variant={variant}
        loading={loading}
        disabled={pending || reason !== null}
        aria-describedby={reason ? id : undefined}
        onClick={onClick}
      >
        {children}
      </Button>
      {reason && (
        <p id={id} className="text-sm font-semibold text-amber-800" data-testid="pay-blocked">
          {reason}
        </p>
      )}
      {reason && fix}
    </div>
  );
}

const METHOD_CHOICES: readonly { value: MethodTab; label: string; mark: () => ReactNode }[] = [
  { value: 'cards', label: 'البطاقات', mark: CardMark },
  { value: 'wallet', label: 'المحفظة الإلكترونية', mark: WalletMark },
  { value: 'reference', label: 'الرقم المرجعي (فوري)', mark: ReferenceMark },
  { value: 'installments', label: 'التقسيط البنكي', mark: InstallmentsMark },
];

/**
 * The ways to pay as one radio list of tiles: two to a row on a phone, one row from `sm`, so no
 * method hides behind a scrolled tab row at 360 px.
 */
function MethodPicker({
  value,
  onChange,
  offered,
  disabled,
}: {
  value: MethodTab;
  onChange: (tab: MethodTab) => void;
  offered: readonly MethodTab[];
  disabled: boolean;
}) {
  const name = useId();
  const choices = METHOD_CHOICES.filter((choice) => offered.includes(choice.value));
  return (
    <fieldset>
      <legend className="sr-only">طرق الدفع</legend>
      <div
        className={cx(
          'grid grid-cols-2 gap-2',
          choices.length > 3 ? 'sm:grid-cols-4' : 'sm:grid-cols-3',
        )}
        data-testid="payment-method-list"
      >
        {choices.map(({ value: choice, label, mark: Mark }) => (
          <label
            key={choice}
            className={cx(
              'flex min-h-14 cursor-pointer items-center gap-2 rounded-xl border-2 px-3 py-2 text-sm font-semibold',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              choice === value
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : 'border-slate-200 text-ink hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={choice === value}
              disabled={disabled}
              onChange={() => onChange(choice)}
              className="sr-only"
            />
            <Mark />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The payment methods: saved cards (with Paymob as the other way to pay by card), the e-wallet,
 * Fawry's reference number, and bank installments when the plan and period offer them. Every
 * pay button says why it is disabled until the payment can succeed.
 */
export function PaymentMethods(props: PaymentMethodsProps) {
  const {
    plan,
    period,
    couponPercent,
    total,
    installmentCounts,
    tab: askedTab,
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
    account,
    onVerifyPhone,
  } = props;
  const [cvv, setCvv] = useState('');
  // Untouched, the wallet number follows the account's phone (verified meanwhile in the dialog).
  const [typedWalletPhone, setWalletPhone] = useState<string | null>(null);
  const walletPhone = typedWalletPhone ?? defaultWalletPhone;
  const [walletError, setWalletError] = useState<string | undefined>();
  const [installments, setInstallments] = useState<number | null>(installmentCounts[0] ?? null);
  const money = formatMoney(total);
  const offered: MethodTab[] = ['cards', 'wallet', 'reference'];
  if (installmentCounts.length > 0) offered.push('installments');
  const tab = offered.includes(askedTab) ? askedTab : 'cards';

  const accountReason = accountBlocker(account, tab);
  const cvvValid = cvvProblem(cvv) === undefined;
  /** Paying by a saved card: the account, then a card, then its CVV. */
  const cardReason =
    accountReason ??
    (cardToken === null
      ? 'أضف بطاقة أولًا لتدفع بها، أو ادفع عبر Paymob أو بطريقة أخرى.'
      : cvvValid
        ? null
        : 'اكتب رمز الأمان (CVV) المكوَّن من ٣ أرقام لتفعيل الدفع.');

  const phoneFix = account.phone && !account.email && (
    <Button variant="secondary" size="sm" onClick={onVerifyPhone}>
      تأكيد رقم الموبايل
    </Button>
  );

  /** The saved card and CVV, when both are there. */
  const cardDetails = () =>
    cardToken && cvvValid ? { cardToken, cvv: cvvSchema.parse(cvv), returnUrl } : null;

  /** The saved card to pay with and, once there is one, its CVV. */
  const cardFields = (legend: string) => (
    <>
      <CardPicker
        legend={legend}
        value={cardToken}
        onChange={onCardChange}
        next={cardAddedNext}
        disabled={pending}
      />
      {cardToken !== null && <CvvField value={cvv} onChange={setCvv} disabled={pending} />}
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
          if (details && !cardReason) onPay({ kind: 'card', ...details });
        }}
      >
        {cardFields('ادفع ببطاقة محفوظة')}
        {failure}
        <PayButton
          reason={cardReason}
          loading={pendingKind === 'card'}
          pending={pending}
          fix={phoneFix}
        >
          ادفع {money}
        </PayButton>
      </Panel>
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
        <p className="font-semibold text-ink">أو ادفع عبر Paymob</p>
        <p className="text-sm text-muted">
          تُنقل إلى صفحة Paymob الآمنة لتدفع ببطاقة أخرى دون حفظها، ثم تعود إلى هنا لترى النتيجة.
        </p>
        <PayButton
          variant="secondary"
          reason={accountReason}
          loading={pendingKind === 'paymob'}
          pending={pending}
          onClick={() => onPay({ kind: 'paymob' })}
        >
          ادفع {money} عبر Paymob
        </PayButton>
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
        if (!accountReason) onPay({ kind: 'wallet', walletPhone: parsed.data });
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
      {failure}
      <PayButton
        reason={
          accountReason ?? (walletPhone.trim() === '' ? 'اكتب رقم المحفظة لإرسال طلب الدفع.' : null)
        }
        loading={pendingKind === 'wallet'}
        pending={pending}
      >
        أرسل طلب دفع {money}
      </PayButton>
    </Panel>
  );

  const referencePanel = (
    <Panel
      onSubmit={(event) => {
        event.preventDefault();
        if (!accountReason) onPay({ kind: 'reference' });
      }}
    >
      <p className="text-ink">
        احصل على رقم مرجعي وادفع به نقدًا في أي منفذ فوري، أو من تطبيق myFawry أو تطبيق البنك. يتفعّل
        اشتراكك تلقائيًا بمجرد الدفع.
      </p>
      {failure}
      <PayButton
        reason={accountReason}
        loading={pendingKind === 'reference'}
        pending={pending}
        fix={phoneFix}
      >
        احصل على الرقم المرجعي
      </PayButton>
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
        if (details && installments && !cardReason) {
          onPay({ kind: 'installments', ...details, installments });
        }
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
      {failure}
      <PayButton
        reason={cardReason}
        loading={pendingKind === 'installments'}
        pending={pending}
        fix={phoneFix}
      >
        {installments ? `ادفع على ${installmentCountsText([installments])}` : 'ادفع بالتقسيط'}
      </PayButton>
    </Panel>
  );

  const panels: Record<MethodTab, ReactNode> = {
    cards: cardsPanel,
    wallet: walletPanel,
    reference: referencePanel,
    installments: installmentsPanel,
  };

  return (
    <section
      aria-labelledby="payment-methods-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="payment-methods-title" className="text-xl font-bold text-ink">
        طريقة الدفع
      </h2>
      <MethodPicker value={tab} onChange={onTabChange} offered={offered} disabled={pending} />
      <div key={tab}>{panels[tab]}</div>
    </section>
  );
}

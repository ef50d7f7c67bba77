import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import {
  PLAN_DISCOUNT_MAX,
  PLAN_DISCOUNT_MIN,
  WEEKLY_MINUTES_MAX,
  WEEKLY_MINUTES_MIN,
  egpToPiasters,
  piastersToEgp,
  planSchema,
  toAsciiDigits,
} from '@talaqa/domain';
import type { CreatePlanBody, Plan } from '@talaqa/domain';
import { Button, Checkbox, Input, useToast, formatNumber } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { actionErrorText, applyServerErrors, domainResolver } from '../../lib/forms';
import { PeriodPrices } from './PeriodPrices';

/** What the controls hold (text); the resolver turns it into the API body. */
export interface PlanFormValues {
  weeklyMinutes: string;
  /** Pounds, as typed (e.g. "1100" or "1099.50"). */
  baseMonthPrice: string;
  monthDiscount: string;
  quarterDiscount: string;
  yearDiscount: string;
  forInvitesOnly: boolean;
}

/** The body fields, in the order the form shows them. */
export const PLAN_FIELDS = [
  'weeklyMinutes',
  'baseMonthPrice',
  'monthDiscount',
  'quarterDiscount',
  'yearDiscount',
  'forInvitesOnly',
] as const satisfies readonly (keyof PlanFormValues & keyof CreatePlanBody)[];

const EMPTY: PlanFormValues = {
  weeklyMinutes: '',
  baseMonthPrice: '',
  monthDiscount: '0',
  quarterDiscount: '0',
  yearDiscount: '0',
  forInvitesOnly: false,
};

export const planFormOf = (plan: Plan): PlanFormValues => ({
  weeklyMinutes: String(plan.weeklyMinutes),
  baseMonthPrice: String(piastersToEgp(plan.baseMonthPrice)),
  monthDiscount: String(plan.monthDiscount),
  quarterDiscount: String(plan.quarterDiscount),
  yearDiscount: String(plan.yearDiscount),
  forInvitesOnly: plan.forInvitesOnly,
});

/** Below every field's range, so the field's own code (not "invalid type") names the mistake. */
const OUT_OF_RANGE = -1;

/**
 * A typed number (Arabic-Indic digits and the Arabic decimal separator too): "" is missing, and
 * text that is no number is out of range.
 */
function numberOf(text: string): number | undefined {
  const trimmed = toAsciiDigits(text.trim()).replace('٫', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : OUT_OF_RANGE;
}

/** Pounds to whole piasters (rounded as the domain's money rule says). */
function piastersOf(text: string): number | undefined {
  const egp = numberOf(text);
  if (egp === undefined) return undefined;
  // Far beyond the largest price: keep it out of egpToPiasters' safe-integer check.
  if (Math.abs(egp) > Number.MAX_SAFE_INTEGER / 1000) return OUT_OF_RANGE;
  return egpToPiasters(egp);
}

/** The API body the form's text stands for (the schema decides whether it is valid). */
export const planInputOf = (form: PlanFormValues) => ({
  weeklyMinutes: numberOf(form.weeklyMinutes),
  baseMonthPrice: piastersOf(form.baseMonthPrice),
  monthDiscount: numberOf(form.monthDiscount),
  quarterDiscount: numberOf(form.quarterDiscount),
  yearDiscount: numberOf(form.yearDiscount),
  forInvitesOnly: form.forInvitesOnly,
});

const resolver = domainResolver<PlanFormValues, CreatePlanBody>(planSchema, planInputOf);

/** The prices the typed values give, once they are valid; a hint otherwise. */
function PricePreview({ control }: { control: Control<PlanFormValues, unknown, CreatePlanBody> }) {
  const values = useWatch({ control }) as PlanFormValues;
  const parsed = planSchema.safeParse(planInputOf(values));
  return (
    <section aria-label="معاينة الأسعار" className="rounded-lg bg-slate-50 p-3">
      <h3 className="mb-2 text-sm font-bold text-ink">الأسعار بعد الخصم</h3>
      {parsed.success ? (
        <PeriodPrices plan={parsed.data} />
      ) : (
        <p className="text-sm text-muted">تظهر الأسعار هنا بعد إدخال السعر والخصومات بشكل صحيح.</p>
      )}
    </section>
  );
}

export interface PlanFormProps {
  /** The plan being edited; absent to create one. */
  plan?: Plan;
  submitLabel: string;
  failedText: string;
  /**
   * Saves the plan: `body` is every field, `changed` those the admin edited (every field of a new
   * plan). Rejects with the API error.
   */
  onSave: (body: CreatePlanBody, changed: Partial<CreatePlanBody>) => Promise<unknown>;
  onSaved: () => void;
  children?: ReactNode;
}

/**
 * The plan's weekly minutes, base month price in pounds (sent as piasters) and its discount for
 * each period, checked with the domain's plan rules, with the resulting prices shown as typed.
 */
export function PlanForm({
  plan,
  submitLabel,
  failedText,
  onSave,
  onSaved,
  children,
}: PlanFormProps) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<PlanFormValues, unknown, CreatePlanBody>({
    resolver,
    defaultValues: plan ? planFormOf(plan) : EMPTY,
  });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    const changed: Partial<CreatePlanBody> = {};
    for (const field of PLAN_FIELDS) {
      if (!plan || dirtyFields[field]) Object.assign(changed, { [field]: body[field] });
    }
    if (plan && Object.keys(changed).length === 0) {
      toast.info('لا توجد تغييرات لحفظها');
      return;
    }
    try {
      await onSave(body, changed);
      onSaved();
    } catch (error) {
      if (applyServerErrors(error, setError, PLAN_FIELDS)) return;
      const text = actionErrorText(error, failedText);
      setFormError(text);
      toast.error(text);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="الدقائق الأسبوعية"
          hint={`من ${formatNumber(WEEKLY_MINUTES_MIN)} إلى ${formatNumber(WEEKLY_MINUTES_MAX)} دقيقة`}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          error={errors.weeklyMinutes?.message}
          {...register('weeklyMinutes')}
        />
        <Input
          label="سعر الشهر الأساسي (جنيه)"
          hint="قبل أي خصم"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          error={errors.baseMonthPrice?.message}
          {...register('baseMonthPrice')}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">
          الخصم لكل مدة (نسبة مئوية من {formatNumber(PLAN_DISCOUNT_MIN)} إلى{' '}
          {formatNumber(PLAN_DISCOUNT_MAX)})
        </legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <Input
            label="خصم الشهر ٪"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            error={errors.monthDiscount?.message}
            {...register('monthDiscount')}
          />
          <Input
            label="خصم ٣ أشهر ٪"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            error={errors.quarterDiscount?.message}
            {...register('quarterDiscount')}
          />
          <Input
            label="خصم السنة ٪"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            error={errors.yearDiscount?.message}
            {...register('yearDiscount')}
          />
        </div>
      </fieldset>
      <Checkbox
        label="للمدعوين فقط"
        hint="لا تظهر الباقة إلا للطلاب المدعوين إليها من صفحة دعوات الباقات."
        {...register('forInvitesOnly')}
      />
      <PricePreview control={control} />
      <FormError text={formError} />
      <div className="flex flex-wrap justify-end gap-3">
        {children}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

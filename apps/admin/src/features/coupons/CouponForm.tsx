import { useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_CODE_MIN_LENGTH,
  COUPON_DISCOUNT_MAX,
  COUPON_DISCOUNT_MIN,
  couponBodySchema,
  toAsciiDigits,
} from '@talaqa/domain';
import type { Coupon } from '@talaqa/domain';
import { Button, Input, useToast, formatNumber } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { actionErrorText, applyServerErrors, domainResolver } from '../../lib/forms';
import { cairoLocalInputOf, instantOfCairoLocal } from './cairo-input';
import type { CouponSaveBody } from './queries';

/** What the controls hold; the resolver turns it into the API body. */
interface CouponFormValues {
  code: string;
  discount: string;
  /** A datetime-local value, read on a Cairo clock. */
  expireDate: string;
  /**
   * The browser holds a date it cannot read (a half-typed or impossible one): the control's
   * value is then "", which alone would say "required".
   */
  expireDateUnreadable: boolean;
}

const FIELDS = ['code', 'discount', 'expireDate'] as const;

const EMPTY: CouponFormValues = {
  code: '',
  discount: '',
  expireDate: '',
  expireDateUnreadable: false,
};

const formOf = (coupon: Coupon): CouponFormValues => ({
  code: coupon.code,
  discount: String(coupon.discount),
  expireDate: cairoLocalInputOf(coupon.expireDate),
  expireDateUnreadable: false,
});

/** Any text that is no date: the schema's answer for it is `invalid-expire-date`. */
const UNREADABLE_DATE = 'unreadable';

/** The body the form's text stands for (the schema decides whether it is valid). */
function couponInputOf(form: CouponFormValues) {
  const discount = toAsciiDigits(form.discount.trim());
  const expiry = form.expireDate.trim();
  const instant = expiry ? instantOfCairoLocal(expiry) : null;
  return {
    code: form.code,
    discount: discount === '' ? undefined : Number(discount),
    // Not a real date: text the schema calls an invalid expiry date.
    expireDate:
      expiry === ''
        ? form.expireDateUnreadable
          ? UNREADABLE_DATE
          : undefined
        : (instant?.toISOString() ?? UNREADABLE_DATE),
  };
}

interface CouponOutput {
  code: string;
  discount: number;
  expireDate: Date;
}

/** Checks against the clock at each validation, so "in the past" means now, not page load. */
const resolver: Resolver<CouponFormValues, unknown, CouponOutput> = (values, context, options) =>
  domainResolver<CouponFormValues, CouponOutput>(couponBodySchema(new Date()), couponInputOf)(
    values,
    context,
    options,
  );

/**
 * The catalogue's `expired-coupon` sentence speaks to a student at the checkout; on this form an
 * admin chose an expiry that has already passed.
 */
const PAST_EXPIRY = 'وقت الانتهاء مضى بالفعل، من فضلك اختر وقتًا بعد الآن';

const expiryErrorText = (code: string | undefined): string | undefined =>
  code === 'expired-coupon' ? PAST_EXPIRY : code;

export interface CouponFormProps {
  coupon?: Coupon;
  submitLabel: string;
  failedText: string;
  onSave: (body: CouponSaveBody) => Promise<unknown>;
  onSaved: () => void;
  children?: ReactNode;
}

/**
 * A coupon's code, whole-percent discount and expiry (a Cairo date and time), checked with the
 * domain's coupon rules; a code another coupon has is reported on the code field.
 */
export function CouponForm({
  coupon,
  submitLabel,
  failedText,
  onSave,
  onSaved,
  children,
}: CouponFormProps) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues, unknown, CouponOutput>({
    resolver,
    defaultValues: coupon ? formOf(coupon) : EMPTY,
  });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onSave({
        code: body.code,
        discount: body.discount,
        expireDate: body.expireDate.toISOString(),
      });
      onSaved();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS, { 'coupon-exists': 'code' })) return;
      const text = actionErrorText(error, failedText);
      setFormError(text);
      toast.error(text);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Input
        label="الكود"
        hint={`من ${formatNumber(COUPON_CODE_MIN_LENGTH)} إلى ${formatNumber(COUPON_CODE_MAX_LENGTH)} من الحروف الإنجليزية والأرقام، ويمكن الفصل بشرطة مثل SUMMER-25`}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="uppercase"
        error={errors.code?.message}
        {...register('code')}
      />
      <Input
        label="نسبة الخصم ٪"
        hint={`نسبة مئوية صحيحة من ${formatNumber(COUPON_DISCOUNT_MIN)} إلى ${formatNumber(COUPON_DISCOUNT_MAX)}`}
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        error={errors.discount?.message}
        {...register('discount')}
      />
      <Input
        label="ينتهي في"
        hint="بتوقيت القاهرة؛ يعمل الكود حتى هذا الوقت"
        type="datetime-local"
        dir="ltr"
        error={expiryErrorText(errors.expireDate?.message)}
        {...register('expireDate', {
          onChange: (event: ChangeEvent<HTMLInputElement>) =>
            setValue('expireDateUnreadable', event.target.validity?.badInput === true),
        })}
      />
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

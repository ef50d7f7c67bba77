import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Input, messageForError, percentText } from '@talaqa/ui';
import { couponCodeSchema, isCouponActive } from '@talaqa/domain';
import type { Coupon, ErrorCode } from '@talaqa/domain';
import { useCouponLookup } from './queries';

export interface CouponFieldProps {
  coupon: Coupon | null;
  onChange: (coupon: Coupon | null) => void;
  /** A code to apply at once (kept in the address across the add-card round trip). */
  initialCode?: string;
  disabled?: boolean;
}

/**
 * The coupon code: checked with the domain's rule first, then looked up (GET /coupon/code/{code});
 * an unknown, expired or malformed code says so in Arabic. An applied coupon can be removed.
 */
export function CouponField({ coupon, onChange, initialCode, disabled = false }: CouponFieldProps) {
  const lookup = useCouponLookup();
  const [code, setCode] = useState(initialCode ?? '');
  const [error, setError] = useState<string | undefined>();
  const statusId = useId();

  const apply = (raw: string) => {
    setError(undefined);
    if (raw.trim() === '') {
      setError('اكتب كود الخصم أولًا');
      return;
    }
    const parsed = couponCodeSchema.safeParse(raw);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'invalid-coupon-code');
      return;
    }
    lookup.mutate(parsed.data, {
      onSuccess: (found) => {
        if (!isCouponActive(found, new Date())) {
          setError('expired-coupon' satisfies ErrorCode);
          return;
        }
        onChange(found);
      },
      onError: (failure) => setError(messageForError(failure)),
    });
  };

  // A code handed over in the address is applied once, on arrival.
  const appliedInitial = useRef(false);
  useEffect(() => {
    if (appliedInitial.current || !initialCode || coupon) return;
    appliedInitial.current = true;
    apply(initialCode);
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (coupon) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-emerald-900"
      >
        <p>
          تم تطبيق كود الخصم{' '}
          <bdi dir="ltr" className="font-bold">
            {coupon.code}
          </bdi>{' '}
          (خصم {percentText(coupon.discount)})
        </p>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() => {
            setCode('');
            onChange(null);
          }}
        >
          إزالة الكود
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(code);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-describedby={statusId}>
      <div className="flex items-start gap-2">
        <Input
          label="كود الخصم (اختياري)"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          error={error}
          disabled={disabled}
          wrapperClassName="flex-1"
        />
        <Button
          type="submit"
          variant="secondary"
          loading={lookup.isPending}
          disabled={disabled}
          className="mt-7 shrink-0"
        >
          تطبيق
        </Button>
      </div>
      <span id={statusId} className="sr-only" aria-live="polite">
        {lookup.isPending ? 'جارٍ التحقق من الكود' : ''}
      </span>
    </form>
  );
}

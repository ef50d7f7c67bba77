import { LOCALE } from '@talaqa/domain';
import { Button } from '@talaqa/ui';
import { useCountdown } from './useCountdown';

const twoDigits = new Intl.NumberFormat(LOCALE, { minimumIntegerDigits: 2 });

/** 90 -> "٠١:٣٠" */
export const formatSeconds = (seconds: number): string =>
  `${twoDigits.format(Math.floor(seconds / 60))}:${twoDigits.format(seconds % 60)}`;

/**
 * "إعادة إرسال الرمز", disabled with a countdown until the server allows another code
 * (`resendAfter` of the last send).
 */
export function ResendCodeButton({
  resendAfter,
  onResend,
  loading,
}: {
  resendAfter: string | null | undefined;
  onResend: () => void;
  loading?: boolean;
}) {
  const remaining = useCountdown(resendAfter);
  return (
    <Button variant="ghost" onClick={onResend} disabled={remaining > 0} loading={loading}>
      {remaining > 0 ? (
        <span>
          إعادة الإرسال بعد <bdi dir="ltr">{formatSeconds(remaining)}</bdi>
        </span>
      ) : (
        'إعادة إرسال الرمز'
      )}
    </Button>
  );
}

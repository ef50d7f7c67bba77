import { cx } from '@talaqa/ui';

/** Why a form could not be sent, above its buttons; nothing while there is no error. */
export function FormError({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p
      role="alert"
      className={cx('rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800', className)}
    >
      {text}
    </p>
  );
}

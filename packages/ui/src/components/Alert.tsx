import type { ReactNode } from 'react';
import { cx } from '../cx';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const TONES: Record<AlertTone, string> = {
  info: 'border-brand-300 bg-brand-50 text-brand-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  error: 'border-red-300 bg-red-50 text-red-900',
};

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  /** Buttons or links that act on the message. */
  action?: ReactNode;
  /**
   * `alert` for something that just went wrong, `status` for news announced politely; nothing
   * for a message that is simply part of the page (the default).
   */
  role?: 'alert' | 'status';
  className?: string;
}

/** A boxed message inside a page or a form: a banner, a warning, an inline failure. */
export function Alert({ tone = 'info', title, children, action, role, className }: AlertProps) {
  return (
    <div
      role={role}
      className={cx(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        TONES[tone],
        className,
      )}
    >
      <div className="flex min-w-0 flex-col gap-1">
        {title && <p className="font-bold">{title}</p>}
        {children && <div className="text-sm leading-relaxed">{children}</div>}
      </div>
      {action && <div className="flex shrink-0 flex-wrap gap-2">{action}</div>}
    </div>
  );
}

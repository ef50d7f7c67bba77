import { useState } from 'react';
import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';
import { Input } from './Input';
import type { InputProps } from './Input';

export type PasswordInputProps = Omit<InputProps, 'type' | 'dir'>;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className="size-5">
      <path
        d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" stroke="currentColor" strokeWidth="2" />
      {crossed && (
        <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * A password field (left to right, as passwords are typed) with a button that shows or hides
 * what was typed, which matters on a phone keyboard. The button sits on the field's left, at the
 * end of the right-to-left page, aligned with the control under the label.
 */
export function PasswordInput({ className, ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        type={visible ? 'text' : 'password'}
        dir="ltr"
        spellCheck={false}
        autoCapitalize="none"
        // The field is always left to right, so the button's room is on the physical left.
        className={cx('pl-12', className)}
        {...rest}
      />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? UI_MESSAGES.hidePassword : UI_MESSAGES.showPassword}
        aria-pressed={visible}
        className="absolute left-1 top-[calc(1.25rem+0.375rem+0.125rem)] inline-flex size-10 items-center justify-center rounded-md text-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <EyeIcon crossed={visible} />
      </button>
    </div>
  );
}

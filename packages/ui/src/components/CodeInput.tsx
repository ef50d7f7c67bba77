import type { ChangeEvent } from 'react';
import { VERIFICATION_CODE_LENGTH, toAsciiDigits } from '@talaqa/domain';
import { cx } from '../cx';
import { Input } from './Input';
import type { InputProps } from './Input';

export interface CodeInputProps extends Omit<InputProps, 'type' | 'dir' | 'inputMode'> {
  /** Number of digits; the spec's codes have VERIFICATION_CODE_LENGTH (5). */
  length?: number;
}

/** Keeps digits only, turning Arabic-Indic ones (٠-٩) into 0-9, at most `length` of them. */
export function normaliseCode(value: string, length: number = VERIFICATION_CODE_LENGTH): string {
  return toAsciiDigits(value).replace(/\D/g, '').slice(0, length);
}

/**
 * One field for a numeric confirmation code: left to right, large spaced digits, the phone's
 * number pad and `autocomplete="one-time-code"` (so a code received by SMS or e-mail can be
 * filled in). Typed Arabic-Indic digits become Latin ones as they are typed.
 */
export function CodeInput({
  length = VERIFICATION_CODE_LENGTH,
  className,
  onChange,
  ...rest
}: CodeInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const clean = normaliseCode(event.target.value, length);
    if (clean !== event.target.value) event.target.value = clean;
    onChange?.(event);
  };
  return (
    <Input
      type="text"
      dir="ltr"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={length}
      spellCheck={false}
      className={cx(
        'max-w-56 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em]',
        className,
      )}
      onChange={handleChange}
      {...rest}
    />
  );
}

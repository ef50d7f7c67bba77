import { passwordProblems } from '@talaqa/domain';
import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';

export interface PasswordChecklistProps {
  password: string;
  id?: string;
  className?: string;
}

/**
 * The password rules of spec section 5 as a live checklist under a new-password field: each
 * rule shows whether the typed password meets it (the same `passwordProblems` the schema uses).
 */
export function PasswordChecklist({ password, id, className }: PasswordChecklistProps) {
  const problems = new Set(passwordProblems(password));
  const rules = [
    {
      key: 'length',
      label: UI_MESSAGES.passwordRuleLength,
      met: !problems.has('password-too-short') && !problems.has('password-too-long'),
    },
    {
      key: 'letter',
      label: UI_MESSAGES.passwordRuleLetter,
      met: !problems.has('password-needs-letter'),
    },
    {
      key: 'digit',
      label: UI_MESSAGES.passwordRuleDigit,
      met: !problems.has('password-needs-digit'),
    },
    {
      key: 'spaces',
      label: UI_MESSAGES.passwordRuleNoSpaces,
      met: password.length > 0 && !problems.has('password-has-whitespace'),
    },
  ];
  return (
    <div id={id} className={cx('flex flex-col gap-1 text-sm', className)}>
      <p className="font-semibold text-ink">{UI_MESSAGES.passwordChecklistTitle}</p>
      <ul className="flex flex-col gap-1">
        {rules.map((rule) => (
          <li
            key={rule.key}
            className={cx('flex items-center gap-2', rule.met ? 'text-emerald-800' : 'text-muted')}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className="size-4 shrink-0">
              {rule.met ? (
                <path
                  d="M5 12.5l4.5 4.5L19 7.5"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              ) : (
                <circle cx="12" cy="12" r="7" stroke="currentColor" strokeWidth="2" />
              )}
            </svg>
            <span>{rule.label}</span>
            <span className="sr-only">
              {rule.met ? UI_MESSAGES.passwordRuleMet : UI_MESSAGES.passwordRuleUnmet}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

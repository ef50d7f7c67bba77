import { useEffect, useId, useState } from 'react';
import { Role } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { Button, Input, Spinner, UI_MESSAGES, fieldErrorText } from '@talaqa/ui';
import { actionErrorText } from '../../lib/forms';
import { Email } from '../../components/UserBadges';
import { useUserList } from '../users/queries';

/** How many students a search shows; a longer list means the search should be narrower. */
export const STUDENT_RESULTS = 5;
const SEARCH_DEBOUNCE_MS = 300;

export interface StudentPickerProps {
  value: User | null;
  onChange: (user: User | null) => void;
  /** An error code or sentence, shown under the picker. */
  error?: string;
  label?: string;
}

/**
 * Finds a student by name, e-mail or phone (GET /user/list?role=student&search=) and picks one
 * of the first few matches, each a button.
 */
export function StudentPicker({ value, onChange, error, label = 'الطالب' }: StudentPickerProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const errorId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useUserList({
    page: 1,
    size: STUDENT_RESULTS,
    role: Role.Student,
    search: search || undefined,
    sort: 'name',
    order: 'asc',
  });
  const errorText = fieldErrorText(error);

  if (value) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold text-ink">{label}</span>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3">
          <span className="flex min-w-0 flex-col">
            <span className="font-semibold text-ink">{value.name}</span>
            <span className="text-sm text-muted">
              <Email value={value.email} />
            </span>
          </span>
          <Button variant="secondary" size="sm" onClick={() => onChange(null)}>
            اختيار طالب آخر
          </Button>
        </div>
      </div>
    );
  }

  const list = results.data?.list ?? [];
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={errorText ? errorId : undefined}
      aria-invalid={errorText ? true : undefined}
    >
      <legend className="mb-1 text-sm font-semibold text-ink">{label}</legend>
      <Input
        label="ابحث بالاسم أو البريد أو الهاتف"
        type="search"
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <div aria-live="polite" className="flex min-h-6 flex-col gap-1">
        {results.isPending ? (
          <Spinner size="sm" />
        ) : results.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
            <span>
              {actionErrorText(results.error, 'تعذّر البحث في الطلاب، من فضلك حاول مرة أخرى')}
            </span>
            <Button variant="secondary" size="sm" onClick={() => void results.refetch()}>
              {UI_MESSAGES.retry}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">لا يوجد طلاب يطابقون البحث</p>
        ) : (
          <ul aria-label="نتائج البحث" className="flex flex-col gap-1">
            {list.map((student) => (
              <li key={student.id}>
                <button
                  type="button"
                  onClick={() => onChange(student)}
                  className="flex min-h-11 w-full flex-col items-start rounded-lg border border-slate-200 px-3 py-1.5 text-start hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="font-semibold text-ink">{student.name}</span>
                  <span className="text-sm text-muted">
                    <Email value={student.email} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {results.data && results.data.total > list.length && (
          <p className="text-sm text-muted">تظهر أول النتائج فقط؛ اكتب المزيد لتضييق البحث.</p>
        )}
      </div>
      {errorText && (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {errorText}
        </p>
      )}
    </fieldset>
  );
}

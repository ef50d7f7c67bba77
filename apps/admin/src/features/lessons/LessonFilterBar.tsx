import { useEffect, useState } from 'react';
import {
  LESSON_RATIFICATIONS,
  LESSON_STATUSES,
  LESSON_TIMINGS,
  LessonRatification,
  LessonTiming,
} from '@talaqa/domain';
import type { LessonStatus } from '@talaqa/domain';
import { Input, Select } from '@talaqa/ui';
import { cairoDay, dateRangeProblem, positive } from './filters';
import type { LessonFilters } from './filters';
import { LESSON_STATUS_NAMES_AR } from './labels';

const STATE_NAMES_AR: Record<LessonRatification, string> = {
  [LessonRatification.Ratified]: 'غير الملغاة',
  [LessonRatification.Canceled]: 'الملغاة',
};
const TIMING_NAMES_AR: Record<LessonTiming, string> = {
  [LessonTiming.Future]: 'القادمة',
  [LessonTiming.Now]: 'الجارية الآن',
  [LessonTiming.Past]: 'السابقة',
};

/** A user-number filter: applied when it is a whole positive number (Arabic digits too). */
function UserFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const apply = () => {
    const trimmed = text.trim();
    const next = trimmed === '' ? undefined : positive(trimmed);
    if (trimmed !== '' && next === undefined) {
      setError('الرقم يجب أن يكون رقمًا صحيحًا موجبًا');
      return;
    }
    setError(undefined);
    if (next !== value) onChange(next);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Input
        label={label}
        inputMode="numeric"
        dir="ltr"
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
      />
    </form>
  );
}

/**
 * The `/lessons` filter bar: every choice goes to the address at once (a user number on Enter
 * or leaving the field). A reversed day range is shown with the server's own code and not sent.
 */
export function LessonFilterBar({
  filters,
  update,
}: {
  filters: LessonFilters;
  update: (changes: Partial<LessonFilters>) => void;
}) {
  const rangeProblem = dateRangeProblem(filters);
  return (
    <div
      role="search"
      aria-label="تصفية الدروس"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4 xl:grid-cols-4"
    >
      <UserFilter
        label="رقم المعلم"
        value={filters.tutorId}
        onChange={(tutorId) => update({ tutorId })}
      />
      <UserFilter
        label="رقم الطالب"
        value={filters.studentId}
        onChange={(studentId) => update({ studentId })}
      />
      <Select
        label="الحالة"
        value={filters.status ?? ''}
        onChange={(event) =>
          update({ status: (event.target.value || undefined) as LessonStatus | undefined })
        }
      >
        <option value="">كل الحالات</option>
        {LESSON_STATUSES.map((status) => (
          <option key={status} value={status}>
            {LESSON_STATUS_NAMES_AR[status]}
          </option>
        ))}
      </Select>
      <Select
        label="الإلغاء"
        value={filters.state ?? ''}
        onChange={(event) =>
          update({ state: (event.target.value || undefined) as LessonRatification | undefined })
        }
      >
        <option value="">كل الدروس</option>
        {LESSON_RATIFICATIONS.map((state) => (
          <option key={state} value={state}>
            {STATE_NAMES_AR[state]}
          </option>
        ))}
      </Select>
      <Select
        label="الموعد"
        value={filters.when ?? ''}
        onChange={(event) =>
          update({ when: (event.target.value || undefined) as LessonTiming | undefined })
        }
      >
        <option value="">كل المواعيد</option>
        {LESSON_TIMINGS.map((when) => (
          <option key={when} value={when}>
            {TIMING_NAMES_AR[when]}
          </option>
        ))}
      </Select>
      <Input
        label="من يوم"
        type="date"
        hint="بتوقيت القاهرة"
        value={filters.from ?? ''}
        onChange={(event) => update({ from: cairoDay(event.target.value) })}
      />
      <Input
        label="إلى يوم"
        type="date"
        hint="يشمل هذا اليوم"
        value={filters.to ?? ''}
        error={rangeProblem}
        onChange={(event) => update({ to: cairoDay(event.target.value) })}
      />
    </div>
  );
}

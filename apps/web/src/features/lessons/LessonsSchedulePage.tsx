import { useSearchParams } from 'react-router';
import { EmptyState, NoResultsIllustration, PageTitle, SegmentedControl } from '@talaqa/ui';
import { LessonRatification, LessonTiming } from '@talaqa/domain';
import { LessonList } from './LessonList';

const STATES = [
  { value: LessonRatification.Ratified, label: 'المؤكدة' },
  { value: LessonRatification.Canceled, label: 'الملغاة' },
] as const;
const TIMINGS = [
  { value: LessonTiming.Future, label: 'القادمة' },
  { value: LessonTiming.Past, label: 'السابقة' },
] as const;
type State = (typeof STATES)[number]['value'];
type Timing = (typeof TIMINGS)[number]['value'];

const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

/**
 * /lessons-schedule: the caller's past and future lessons, booked or canceled, ten to a page (the
 * filters and page are in the address, so back and reload keep them).
 */
export default function LessonsSchedulePage() {
  const [params, setParams] = useSearchParams();
  const state: State =
    params.get('state') === LessonRatification.Canceled
      ? LessonRatification.Canceled
      : LessonRatification.Ratified;
  const when: Timing =
    params.get('when') === LessonTiming.Past ? LessonTiming.Past : LessonTiming.Future;
  const page = pageOf(params.get('page'));

  const update = (changes: Record<string, string | null>) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) search.delete(key);
      else search.set(key, value);
    }
    setParams(search);
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="جدول الدروس">
        <p>دروسك السابقة والقادمة بتوقيت القاهرة.</p>
      </PageTitle>
      <div className="flex flex-wrap gap-4">
        <SegmentedControl
          legend="الحالة"
          options={STATES}
          value={state}
          onChange={(value) => update({ state: value, page: null })}
        />
        <SegmentedControl
          legend="الوقت"
          options={TIMINGS}
          value={when}
          onChange={(value) => update({ when: value, page: null })}
        />
      </div>
      <LessonList
        query={{ state, when }}
        page={page}
        onPageChange={(next) => update({ page: next === 1 ? null : String(next) })}
        name="الدروس"
        actions={state === LessonRatification.Ratified && when === LessonTiming.Future}
        empty={
          <EmptyState
            illustration={<NoResultsIllustration />}
            title="لا توجد دروس بهذه التصفية"
            description="جرّب تصفية أخرى."
          />
        }
      />
    </section>
  );
}

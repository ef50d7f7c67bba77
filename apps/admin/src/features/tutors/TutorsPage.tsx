import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ONBOARDING_STEPS, STEP_STATES, pageCount } from '@talaqa/domain';
import type { OnboardingStepName, StepStateName } from '@talaqa/domain';
import {
  Input,
  ONBOARDING_STEP_NAMES_AR,
  PageTitle,
  STEP_STATE_NAMES_AR,
  Select,
} from '@talaqa/ui';
import { PagedList } from '../../components/PagedList';
import { usePageSize } from '../../lib/page-size';
import {
  DEFAULT_TUTOR_FILTERS,
  hasActiveTutorFilters,
  readTutorFilters,
  writeTutorFilters,
} from './list-params';
import type { OnboardedFilter, TutorFilters } from './list-params';
import { useTutorList } from './queries';
import type { TutorListParams } from './queries';
import { TutorsTable, TutorsTableSkeleton } from './TutorsTable';

/** How long the search box waits after the last key before it searches. */
export const TUTOR_SEARCH_DEBOUNCE_MS = 350;

/**
 * `/tutors`: every tutor with the state of each onboarding step (issue 21 item 6), searched and
 * filtered by onboarding and by a step's state, all kept in the address; each leads to
 * `/tutor/{id}`.
 */
export default function TutorsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readTutorFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();

  const update = useCallback(
    (changes: Partial<TutorFilters>, replace = false) =>
      setSearchParams(
        (current) => writeTutorFilters({ ...readTutorFilters(current), ...changes }),
        { replace },
      ),
    [setSearchParams],
  );

  // The search box: typed text now, the request once typing pauses.
  const [searchText, setSearchText] = useState(filters.search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const applySearch = (text: string) => {
    clearTimeout(timer.current);
    update({ search: text.trim(), page: 1 }, true);
  };
  const onSearchChange = (text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => applySearch(text), TUTOR_SEARCH_DEBOUNCE_MS);
  };

  const query: TutorListParams = {
    page: filters.page,
    size: pageSize,
    search: filters.search || undefined,
    onboarded: filters.onboarded,
    step: filters.step,
    state: filters.state,
  };
  const list = useTutorList(query);
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;

  // A page past the end (an old link, or fewer tutors now): go to the last page there is.
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);

  const clearFilters = () => {
    clearTimeout(timer.current);
    setSearchText('');
    setSearchParams(writeTutorFilters(DEFAULT_TUTOR_FILTERS));
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="المعلمون">
        <p>حالة كل معلم في خطوات الانضمام، وتفعيله وظهوره للطلاب.</p>
      </PageTitle>

      <form
        role="search"
        aria-label="تصفية المعلمين"
        onSubmit={(event) => {
          event.preventDefault();
          applySearch(searchText);
        }}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Input
          label="بحث"
          type="search"
          placeholder="الاسم أو البريد الإلكتروني"
          value={searchText}
          onChange={(event) => onSearchChange(event.target.value)}
          maxLength={100}
        />
        <Select
          label="الانضمام"
          value={filters.onboarded ?? ''}
          onChange={(event) =>
            update({
              onboarded: (event.target.value || undefined) as OnboardedFilter | undefined,
              page: 1,
            })
          }
        >
          <option value="">الكل</option>
          <option value="true">أتمّ الانضمام أو معفى منه</option>
          <option value="false">لم يُتمّ الانضمام</option>
        </Select>
        <Select
          label="الخطوة"
          value={filters.step ?? ''}
          onChange={(event) =>
            update({
              step: (event.target.value || undefined) as OnboardingStepName | undefined,
              page: 1,
            })
          }
        >
          <option value="">كل الخطوات</option>
          {ONBOARDING_STEPS.map((step) => (
            <option key={step} value={step}>
              {ONBOARDING_STEP_NAMES_AR[step]}
            </option>
          ))}
        </Select>
        <Select
          label="حالة الخطوة"
          value={filters.state ?? ''}
          onChange={(event) =>
            update({
              state: (event.target.value || undefined) as StepStateName | undefined,
              page: 1,
            })
          }
        >
          <option value="">كل الحالات</option>
          {STEP_STATES.map((state) => (
            <option key={state} value={state}>
              {STEP_STATE_NAMES_AR[state]}
            </option>
          ))}
        </Select>
      </form>

      <PagedList
        query={list}
        countLabel="عدد النتائج"
        skeleton={<TutorsTableSkeleton />}
        noMatches={
          hasActiveTutorFilters(filters)
            ? {
                title: 'لا يوجد معلمون يطابقون البحث',
                description: 'جرّب كلمات بحث أخرى أو غيّر عوامل التصفية.',
                onClear: clearFilters,
              }
            : undefined
        }
        empty={{
          title: 'لا يوجد معلمون بعد',
          description: 'يظهر هنا كل معلم فور تسجيله في المنصة.',
        }}
        pagination={{
          label: 'صفحات المعلمين',
          page: filters.page,
          totalPages,
          onPageChange: (page) => update({ page }),
          pageSize,
          setPageSize,
        }}
      >
        {(tutors, busy) => <TutorsTable tutors={tutors} busy={busy} />}
      </PagedList>
    </section>
  );
}

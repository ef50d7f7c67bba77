import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Checkbox,
  EmptyState,
  ErrorState,
  GENDER_NAMES_AR,
  Input,
  PageTitle,
  Pagination,
  Select,
  Skeleton,
  TUTOR_LIST_SORT_NAMES_AR,
  formatNumber,
} from '@talaqa/ui';
import {
  GENDERS,
  RATING_FILTER_MAX,
  RATING_FILTER_MIN,
  TUTOR_LIST_SORTS,
  TUTOR_SEARCH_MAX_LENGTH,
  TutorListSort,
} from '@talaqa/domain';
import type { Gender, TutorListQuery } from '@talaqa/domain';
import { TutorCard } from './TutorCard';
import { TUTORS_PAGE_SIZES, readPageSize, writePageSize } from './page-size';
import { useSession } from '../../lib/session';
import { useTopics, useTutorEvents, useTutorPage } from './queries';

/** The search box waits this long after the last key before searching. */
export const SEARCH_DEBOUNCE_MS = 400;

const PARAM = {
  search: 'q',
  topic: 'topic',
  gender: 'gender',
  free: 'free',
  rating: 'rating',
  sort: 'sort',
  page: 'page',
} as const;

const positive = (value: string | null): number | undefined => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};

const isGender = (value: string | null): value is Gender =>
  (GENDERS as readonly string[]).includes(value ?? '');

const isSort = (value: string | null): value is TutorListSort =>
  (TUTOR_LIST_SORTS as readonly string[]).includes(value ?? '');

const RATINGS = Array.from(
  { length: RATING_FILTER_MAX - RATING_FILTER_MIN + 1 },
  (_, index) => RATING_FILTER_MIN + index,
);

/**
 * /tutors: listed tutors as cards with a debounced search box, filters (topic, gender, free this
 * week, minimum rating), an order and pages; the search, filters and order live in the address,
 * the page size on this device.
 */
export default function TutorsPage() {
  const [params, setParams] = useSearchParams();
  const [size, setSize] = useState(readPageSize);
  const searchParam = params.get(PARAM.search) ?? '';
  const [searchText, setSearchText] = useState(searchParam);
  const topics = useTopics();

  const gender = params.get(PARAM.gender);
  const rating = positive(params.get(PARAM.rating));
  const sortParam = params.get(PARAM.sort);
  const sort = isSort(sortParam) ? sortParam : TutorListSort.NextFreeTime;
  const page = positive(params.get(PARAM.page)) ?? 1;
  const query: TutorListQuery = {
    page,
    size,
    ...(searchParam ? { search: searchParam } : {}),
    ...(positive(params.get(PARAM.topic)) ? { topic: positive(params.get(PARAM.topic)) } : {}),
    ...(isGender(gender) ? { gender } : {}),
    ...(params.get(PARAM.free) === 'true' ? { freeThisWeek: true } : {}),
    ...(rating && rating <= RATING_FILTER_MAX ? { minRating: rating } : {}),
    ...(sort !== TutorListSort.NextFreeTime ? { sort } : {}),
  };
  const tutors = useTutorPage(query);
  useTutorEvents(useSession().status === 'signed-in');

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete(PARAM.page);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  // The search box follows the address when it changes elsewhere (back, a link).
  const [shownParam, setShownParam] = useState(searchParam);
  if (shownParam !== searchParam) {
    setShownParam(searchParam);
    if (searchText.trim() !== searchParam) setSearchText(searchParam);
  }

  // The address follows the search box once typing pauses.
  useEffect(() => {
    const text = searchText.trim();
    if (text === searchParam) return undefined;
    const timer = setTimeout(() => update({ [PARAM.search]: text || null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` only reads the setter
  }, [searchText, searchParam]);

  const totalPages = tutors.data ? Math.max(1, Math.ceil(tutors.data.total / size)) : 1;

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="المعلمون">
        <p>ابحث عن المعلم المناسب لك وتعرّف على تخصصاته وأقرب مواعيده المتاحة.</p>
      </PageTitle>

      <form
        role="search"
        aria-label="البحث عن معلم"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => {
          event.preventDefault();
          update({ [PARAM.search]: searchText.trim() || null });
        }}
      >
        <Input
          label="ابحث بالاسم أو النبذة"
          type="search"
          value={searchText}
          maxLength={TUTOR_SEARCH_MAX_LENGTH}
          onChange={(event) => setSearchText(event.target.value)}
          wrapperClassName="lg:col-span-2"
        />
        <Select
          label="الموضوع"
          placeholder="كل الموضوعات"
          value={params.get(PARAM.topic) ?? ''}
          onChange={(event) => update({ [PARAM.topic]: event.target.value || null })}
        >
          {(topics.data ?? []).map((topic) => (
            <option key={topic.id} value={topic.id}>
              {topic.nameAr}
            </option>
          ))}
        </Select>
        <Select
          label="جنس المعلم"
          placeholder="الكل"
          value={isGender(gender) ? gender : ''}
          onChange={(event) => update({ [PARAM.gender]: event.target.value || null })}
        >
          {GENDERS.map((value) => (
            <option key={value} value={value}>
              {GENDER_NAMES_AR[value]}
            </option>
          ))}
        </Select>
        <Select
          label="أقل تقييم"
          placeholder="أي تقييم"
          value={rating ? String(rating) : ''}
          onChange={(event) => update({ [PARAM.rating]: event.target.value || null })}
        >
          {RATINGS.map((value) => (
            <option key={value} value={value}>
              {`${formatNumber(value)} ★ فأكثر`}
            </option>
          ))}
        </Select>
        <Select
          label="الترتيب"
          value={sort}
          onChange={(event) =>
            update({
              [PARAM.sort]:
                event.target.value === TutorListSort.NextFreeTime ? null : event.target.value,
            })
          }
        >
          {TUTOR_LIST_SORTS.map((value) => (
            <option key={value} value={value}>
              {TUTOR_LIST_SORT_NAMES_AR[value]}
            </option>
          ))}
        </Select>
        <Checkbox
          label="متاح هذا الأسبوع"
          checked={params.get(PARAM.free) === 'true'}
          onChange={(event) => update({ [PARAM.free]: event.target.checked ? 'true' : null })}
        />
      </form>

      {tutors.isPending ? (
        <div role="status" aria-label="جارٍ تحميل المعلمين" className="grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((index) => (
            <div
              key={index}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <Skeleton className="h-12 w-1/2" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))}
        </div>
      ) : tutors.isError ? (
        <ErrorState
          title="تعذّر تحميل المعلمين"
          error={tutors.error}
          onRetry={() => void tutors.refetch()}
          retrying={tutors.isFetching}
        />
      ) : tutors.data.list.length === 0 ? (
        <EmptyState
          title="لا يوجد معلمون يطابقون بحثك"
          description="جرّب كلمات أخرى أو خفّف الفلاتر."
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {tutors.data.list.map((tutor) => (
            <TutorCard key={tutor.id} tutor={tutor} />
          ))}
        </div>
      )}

      {tutors.data && tutors.data.total > 0 && (
        <Pagination
          label="صفحات المعلمين"
          page={page}
          totalPages={totalPages}
          onPageChange={(page) => update({ [PARAM.page]: String(page) })}
          pageSize={size}
          pageSizeOptions={TUTORS_PAGE_SIZES}
          onPageSizeChange={(next) => {
            writePageSize(next);
            setSize(next);
            update({ [PARAM.page]: null });
          }}
        />
      )}
    </section>
  );
}

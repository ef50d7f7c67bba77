import { useCallback, useEffect } from 'react';
import { Link, generatePath, useSearchParams } from 'react-router';
import { Role, formatCairoDateTime, isOneOf, pageCount } from '@talaqa/domain';
import type { StudioTutor } from '@talaqa/domain';
import {
  Avatar,
  Badge,
  Input,
  PageTitle,
  Select,
  SkeletonCards,
  buttonClasses,
  formatNumber,
} from '@talaqa/ui';
import { PagedList } from '../../components/PagedList';
import { usePageSize } from '../../lib/page-size';
import { useSearchBox } from '../../lib/search-box';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../../paths';
import { useAssetUrl } from '../users/queries';
import { PHOTO_SESSION_SHOWS, useStudioTutors, useStudios } from './queries';
import type { PhotoSessionShow } from './queries';

export const photoSessionPath = (tutorId: number): string =>
  generatePath(paths.photoSession, { tutorId: String(tutorId) });

const SHOW_NAMES: Record<PhotoSessionShow, string> = {
  waiting: 'ينتظرون جلسة تصوير',
  all: 'كل المعلمين المتاحين',
  served: 'من صُوِّروا',
};

interface Filters {
  show: PhotoSessionShow;
  page: number;
  search: string;
  studioId: number | undefined;
}

function readFilters(params: URLSearchParams): Filters {
  const show = params.get('show');
  const page = Number(params.get('page'));
  const studio = Number(params.get('studio'));
  return {
    show: isOneOf(PHOTO_SESSION_SHOWS, show) ? show : 'waiting',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: (params.get('search') ?? '').trim(),
    studioId: Number.isInteger(studio) && studio > 0 ? studio : undefined,
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.show !== 'waiting') params.set('show', filters.show);
  if (filters.studioId !== undefined) params.set('studio', String(filters.studioId));
  if (filters.search) params.set('search', filters.search);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** What the tutor's session holds, in words: "صورة، فيديو". */
function sessionParts(session: NonNullable<StudioTutor['photoSession']>): string {
  const parts = [
    session.image && 'صورة',
    session.video && 'فيديو',
    session.thumbnail && 'صورة مصغّرة',
  ].filter(Boolean);
  return parts.join('، ');
}

function TutorItem({
  tutor,
  studioName,
}: {
  tutor: StudioTutor;
  studioName: (id: number) => string | undefined;
}) {
  const image = useAssetUrl(tutor.image);
  const session = tutor.photoSession;
  const headingId = `studio-tutor-${String(tutor.id)}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
      >
        <Avatar name={tutor.name} src={image.data ?? null} size="md" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id={headingId} className="font-bold break-words text-ink">
            {tutor.name}
          </h2>
          <p className="text-sm break-words text-muted">
            <bdi dir="ltr">{tutor.email}</bdi>
            {tutor.phone && (
              <>
                {' · '}
                <a href={`tel:${tutor.phone}`} className="underline">
                  <bdi dir="ltr">{tutor.phone}</bdi>
                </a>
              </>
            )}
          </p>
          {session ? (
            <p className="text-sm text-ink">
              {sessionParts(session) || 'لا مواد بعد'}
              {' · '}
              <time dateTime={session.updatedAt}>
                {formatCairoDateTime(new Date(session.updatedAt))}
              </time>
              {session.studioId !== null && (
                <>
                  {' · '}
                  {studioName(session.studioId) ?? `استوديو رقم ${formatNumber(session.studioId)}`}
                </>
              )}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={session ? 'success' : 'warning'}>
            {session ? 'صُوِّر' : 'ينتظر جلسة التصوير'}
          </Badge>
          <Link
            to={photoSessionPath(tutor.id)}
            className={buttonClasses({ variant: session ? 'secondary' : 'primary', size: 'sm' })}
            aria-label={`${session ? 'تحديث مواد' : 'رفع مواد'} ${tutor.name}`}
          >
            {session ? 'تحديث المواد' : 'رفع المواد'}
          </Link>
        </div>
      </article>
    </li>
  );
}

/**
 * `/photo-sessions` (issue 21 item 5; record 331): the tutors waiting for a photo session, every
 * tutor the caller may serve, or those served (an admin picks a studio); searched by name or
 * e-mail, paged, the filters in the address. A studio sees unclaimed tutors and its own only.
 */
export default function PhotoSessionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  const me = useCurrentUser().data;
  const isStudio = me?.role === Role.Studio;
  const studios = useStudios(!isStudio);

  const update = useCallback(
    (changes: Partial<Filters>, replace = false) =>
      setSearchParams((current) => writeFilters({ ...readFilters(current), page: 1, ...changes }), {
        replace,
      }),
    [setSearchParams],
  );
  const search = useSearchBox(filters.search, (text) => update({ search: text }, true));

  const list = useStudioTutors({
    show: filters.show,
    page: filters.page,
    size: pageSize,
    search: filters.search || undefined,
    studioId: filters.show === 'served' && !isStudio ? filters.studioId : undefined,
  });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);

  const studioName = (id: number) =>
    isStudio && id === me.id
      ? 'صوّره هذا الاستوديو'
      : studios.data?.list.find((studio) => studio.id === id)?.name;

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="جلسات التصوير">
        <p>
          {isStudio
            ? 'المعلمون الذين ينتظرون جلسة تصوير ومن صوّرهم الاستوديو: تواصل معهم ثم ارفع الصورة والفيديو.'
            : 'المعلمون الذين ينتظرون جلسة تصوير، ومواد كل جلسة رفعها استوديو أو مشرف.'}
        </p>
      </PageTitle>

      <form
        role="search"
        aria-label="تصفية المعلمين"
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3"
      >
        <Input
          label="بحث"
          type="search"
          placeholder="الاسم أو البريد"
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          maxLength={100}
        />
        <Select
          label="اعرض"
          value={filters.show}
          onChange={(event) =>
            update({
              show: isOneOf(PHOTO_SESSION_SHOWS, event.target.value)
                ? event.target.value
                : 'waiting',
            })
          }
        >
          {PHOTO_SESSION_SHOWS.map((show) => (
            <option key={show} value={show}>
              {isStudio && show === 'served' ? 'من صوّرهم الاستوديو' : SHOW_NAMES[show]}
            </option>
          ))}
        </Select>
        {!isStudio && (
          <Select
            label="الاستوديو"
            value={filters.studioId ?? ''}
            disabled={filters.show !== 'served'}
            hint={filters.show === 'served' ? undefined : 'مع «من صُوِّروا» فقط'}
            onChange={(event) =>
              update({ studioId: event.target.value ? Number(event.target.value) : undefined })
            }
          >
            <option value="">{studios.isError ? 'تعذّر تحميل القائمة' : 'كل الاستوديوهات'}</option>
            {studios.data?.list.map((studio) => (
              <option key={studio.id} value={studio.id}>
                {studio.name}
              </option>
            ))}
          </Select>
        )}
      </form>

      <PagedList
        query={list}
        countLabel="عدد المعلمين"
        skeleton={
          <SkeletonCards label="جارٍ تحميل المعلمين" cards={3} bars={['h-5 w-1/3', 'h-4 w-1/2']} />
        }
        announceLoading={false}
        empty={
          filters.search
            ? { title: 'لا يوجد معلمون بهذا البحث', description: 'جرّب اسمًا أو بريدًا آخر.' }
            : filters.show === 'waiting'
              ? {
                  title: 'لا يوجد معلمون ينتظرون جلسة تصوير',
                  description: 'يظهر هنا كل معلم لم تُرفع مواد جلسة تصويره بعد.',
                }
              : { title: 'لا يوجد معلمون هنا بعد' }
        }
        pagination={{
          label: 'صفحات المعلمين',
          page: filters.page,
          totalPages,
          onPageChange: (page) => update({ page }),
          pageSize,
          setPageSize,
        }}
      >
        {(tutors, busy) => (
          <ul aria-label="المعلمون" aria-busy={busy} className="flex flex-col gap-3">
            {tutors.map((tutor) => (
              <TutorItem key={tutor.id} tutor={tutor} studioName={studioName} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

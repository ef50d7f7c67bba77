import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageCount } from '@talaqa/domain';
import type { ContactRequestAdminView, Role } from '@talaqa/domain';
import {
  Badge,
  Button,
  PageTitle,
  ROLE_NAMES_AR,
  Select,
  Skeleton,
  messageForError,
  useToast,
} from '@talaqa/ui';
import { PagedList } from '../../components/PagedList';
import { usePageSize } from '../../lib/page-size';
import { formatDateTime } from '../../lib/format';
import { userPath } from '../../paths';
import { useContactRequests, useMarkContactRequest } from './queries';

/** Which requests the list shows: the open ones by default, since those wait for an answer. */
const SHOW = {
  open: { label: 'الجديدة', handled: false },
  handled: { label: 'التي تم الرد عليها', handled: true },
  all: { label: 'كل الرسائل', handled: undefined },
} as const;
type Show = keyof typeof SHOW;

const isShow = (value: string | null): value is Show => value !== null && value in SHOW;

interface Filters {
  page: number;
  show: Show;
}

function readFilters(params: URLSearchParams): Filters {
  const page = Number(params.get('page'));
  const show = params.get('show');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    show: isShow(show) ? show : 'open',
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.show !== 'open') params.set('show', filters.show);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** One message: who sent it and where to answer, its text, and the handled switch. */
function RequestItem({ request }: { request: ContactRequestAdminView }) {
  const toast = useToast();
  const mark = useMarkContactRequest();
  const headingId = `contact-request-${request.id}`;
  const toggle = () =>
    mark.mutate(
      { id: request.id, handled: !request.handled },
      {
        onSuccess: (saved) =>
          toast.success(saved.handled ? 'عُلِّمت الرسالة بأنه تم الرد عليها' : 'أُعيدت الرسالة جديدة'),
        onError: (error) => toast.error(`تعذّر تحديث الرسالة: ${messageForError(error)}`),
      },
    );
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={headingId} className="text-lg font-bold break-words text-ink">
              {request.title}
            </h2>
            <p className="text-sm text-muted">
              <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
              {' · '}
              {request.user ? (
                <>
                  <Link
                    to={userPath(request.user.id)}
                    className="font-semibold text-brand-800 underline"
                  >
                    {request.user.name}
                  </Link>{' '}
                  ({ROLE_NAMES_AR[request.user.role as Role]})
                </>
              ) : (
                'زائر غير مسجّل'
              )}
            </p>
          </div>
          <Badge tone={request.handled ? 'success' : 'warning'}>
            {request.handled ? 'تم الرد عليها' : 'جديدة'}
          </Badge>
        </header>
        <p className="whitespace-pre-wrap break-words text-ink">{request.message}</p>
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
          {request.email ? (
            <a
              href={`mailto:${request.email}?subject=${encodeURIComponent(`رد: ${request.title}`)}`}
              className="font-semibold text-brand-800 underline"
            >
              الرد على <bdi dir="ltr">{request.email}</bdi>
            </a>
          ) : (
            <span className="text-sm text-muted">لا يوجد بريد للرد</span>
          )}
          <Button
            variant={request.handled ? 'ghost' : 'secondary'}
            size="sm"
            loading={mark.isPending}
            onClick={toggle}
            aria-label={`${request.handled ? 'إعادتها جديدة' : 'تم الرد على'}: ${request.title}`}
          >
            {request.handled ? 'إعادتها جديدة' : 'تم الرد عليها'}
          </Button>
        </footer>
      </article>
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((item) => (
        <li key={item} className="flex flex-col gap-3 rounded-2xl bg-white p-5">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-16 w-full" />
        </li>
      ))}
    </ul>
  );
}

/**
 * `/contact-requests` (ours: record 300): the messages sent from the marketing site's contact
 * form, newest first, the open ones by default; each is answered by e-mail and marked handled.
 */
export default function ContactRequestsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();

  const update = useCallback(
    (changes: Partial<Filters>, replace = false) =>
      setSearchParams((current) => writeFilters({ ...readFilters(current), page: 1, ...changes }), {
        replace,
      }),
    [setSearchParams],
  );

  const list = useContactRequests({
    page: filters.page,
    size: pageSize,
    handled: SHOW[filters.show].handled,
  });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="رسائل التواصل">
        <p>ما يرسله الزوار والمستخدمون من صفحة «تواصل معنا»، الأحدث أولًا.</p>
      </PageTitle>

      <div role="search" aria-label="تصفية الرسائل" className="max-w-xs">
        <Select
          label="اعرض"
          value={filters.show}
          onChange={(event) =>
            update({ show: isShow(event.target.value) ? event.target.value : 'open' })
          }
        >
          {(Object.keys(SHOW) as Show[]).map((show) => (
            <option key={show} value={show}>
              {SHOW[show].label}
            </option>
          ))}
        </Select>
      </div>

      <PagedList
        query={list}
        countLabel="عدد الرسائل"
        skeleton={<ListSkeleton />}
        empty={
          filters.show === 'open'
            ? {
                title: 'لا توجد رسائل جديدة',
                description: 'تم الرد على كل الرسائل. تظهر هنا كل رسالة جديدة من صفحة تواصل معنا.',
              }
            : { title: 'لا توجد رسائل' }
        }
        pagination={{
          label: 'صفحات الرسائل',
          page: filters.page,
          totalPages,
          onPageChange: (page) => update({ page }),
          pageSize,
          setPageSize,
        }}
      >
        {(requests, busy) => (
          <ul aria-label="الرسائل" className="flex flex-col gap-3" aria-busy={busy}>
            {requests.map((request) => (
              <RequestItem key={request.id} request={request} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

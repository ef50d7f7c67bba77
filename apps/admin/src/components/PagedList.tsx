import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, EmptyState, QueryContent, Spinner, formatNumber } from '@talaqa/ui';
import { ListPagination } from './ListPagination';
import type { ListPaginationProps } from './ListPagination';

/** What the server answers for one page of a list. */
interface ListPage<TItem> {
  total: number;
  list: TItem[];
}

/** An empty list whose filters match nothing: says so and offers to clear them. */
export interface NoMatches {
  title: string;
  description?: string;
  onClear: () => void;
  /** «مسح عوامل التصفية» unless the page says better what clearing shows. */
  clearLabel?: string;
}

export interface PagedListProps<TItem> {
  query: UseQueryResult<ListPage<TItem>>;
  /** «عدد النتائج»: the live count line above the list; none without it. */
  countLabel?: string;
  /** Shown until the first answer arrives. */
  skeleton: ReactNode;
  /** False when the skeleton already names itself to screen readers. */
  announceLoading?: boolean;
  /** What the list says when it has nothing at all. */
  empty: { title: string; description?: string };
  /** Given while filters are active: said instead of `empty`. */
  noMatches?: NoMatches;
  /** The rows; `busy` while they are the previous page's, kept until the next one arrives. */
  children: (items: TItem[], busy: boolean) => ReactNode;
  pagination?: Omit<ListPaginationProps, 'total'>;
}

/** The count, loading, failure, empty and paging states every admin list page shares. */
export function PagedList<TItem>({
  query,
  countLabel,
  skeleton,
  announceLoading = true,
  empty,
  noMatches,
  children,
  pagination,
}: PagedListProps<TItem>) {
  return (
    <>
      {countLabel && (
        <div className="flex min-h-6 items-center gap-2 text-sm text-muted" aria-live="polite">
          {query.data && (
            <span>
              {countLabel}: {formatNumber(query.data.total)}
            </span>
          )}
          {query.isFetching && !query.isPending && <Spinner size="sm" />}
        </div>
      )}

      <QueryContent
        query={query}
        loading={
          announceLoading ? (
            <>
              <Spinner className="sr-only" />
              {skeleton}
            </>
          ) : (
            skeleton
          )
        }
        isEmpty={(data) => data.list.length === 0}
        empty={
          noMatches ? (
            <EmptyState
              title={noMatches.title}
              description={noMatches.description}
              action={
                <Button variant="secondary" onClick={noMatches.onClear}>
                  {noMatches.clearLabel ?? 'مسح عوامل التصفية'}
                </Button>
              }
            />
          ) : (
            <EmptyState title={empty.title} description={empty.description} />
          )
        }
      >
        {(data) => children(data.list, query.isPlaceholderData)}
      </QueryContent>

      {pagination && <ListPagination {...pagination} total={query.data?.total} />}
    </>
  );
}

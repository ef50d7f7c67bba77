import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from './ErrorState';

export interface QueryContentProps<TData> {
  query: UseQueryResult<TData>;
  /** Shown until the first answer arrives. */
  loading: ReactNode;
  /** With `empty`: the answer has nothing to show. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
}

/**
 * What a query shows in its place on the page: `loading`, then a failure with a retry button,
 * `empty` when `isEmpty` says so, or `children` with the data.
 */
export function QueryContent<TData>({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: QueryContentProps<TData>): ReactNode {
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

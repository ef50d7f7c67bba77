import { Pagination } from '@talaqa/ui';
import { PAGE_SIZE_OPTIONS } from '../lib/page-size';

export interface ListPaginationProps {
  /** The accessible name of the page controls. */
  label: string;
  /** How many items the list has in all; unknown while it loads. */
  total: number | undefined;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  /** Stores the new page size; the list then goes back to its first page. */
  setPageSize: (size: number) => void;
}

/** The page controls under a paged list, with the page-size choice; none for an empty list. */
export function ListPagination({
  label,
  total,
  page,
  totalPages,
  onPageChange,
  pageSize,
  setPageSize,
}: ListPaginationProps) {
  if (!total) return null;
  return (
    <Pagination
      label={label}
      page={page}
      totalPages={totalPages}
      onPageChange={onPageChange}
      pageSize={pageSize}
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      onPageSizeChange={(size) => {
        setPageSize(size);
        onPageChange(1);
      }}
    />
  );
}

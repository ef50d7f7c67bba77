import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../constants';

export const PAGE_SIZE_MAX = 100;

/** Number of pages for `total` items; an empty list still has its one (empty) first page. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** Paging moves only to pages 1 to the total number of pages (spec section 5). */
export const isValidPage = (page: number, totalPages: number): boolean =>
  Number.isInteger(page) && page >= 1 && page <= totalPages;

/** `page` and `size` from a query string; both optional. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'invalid-page' })
    .int('invalid-page')
    .min(1, 'invalid-page')
    .default(1),
  size: z.coerce
    .number({ error: 'invalid-page-size' })
    .int('invalid-page-size')
    .min(1, 'invalid-page-size')
    .max(PAGE_SIZE_MAX, 'invalid-page-size')
    .default(DEFAULT_PAGE_SIZE),
});

import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, ROLES, STORAGE_KEYS, isOneOf } from '@talaqa/domain';
import type { Role } from '@talaqa/domain';

/** The page sizes offered under the users table (the spec's default, 10, first). */
export const PAGE_SIZE_OPTIONS = [DEFAULT_PAGE_SIZE, 20, 50] as const;

export type UserSort = 'createdAt' | 'name';
export type UserOrder = 'asc' | 'desc';
export type VerifiedFilter = 'true' | 'false';

/** The users page's filters, kept in the address so the back button and links keep them. */
export interface UserFilters {
  page: number;
  role: Role | undefined;
  verifiedEmail: VerifiedFilter | undefined;
  search: string;
  sort: UserSort;
  order: UserOrder;
}

export const DEFAULT_FILTERS: UserFilters = {
  page: 1,
  role: undefined,
  verifiedEmail: undefined,
  search: '',
  sort: 'createdAt',
  order: 'desc',
};

/** The sort choices as one list (the field and its direction together). */
export const SORT_CHOICES = [
  { value: 'createdAt:desc', label: 'الأحدث أولًا' },
  { value: 'createdAt:asc', label: 'الأقدم أولًا' },
  { value: 'name:asc', label: 'الاسم (أ إلى ي)' },
  { value: 'name:desc', label: 'الاسم (ي إلى أ)' },
] as const;

export function readFilters(params: URLSearchParams): UserFilters {
  const page = Number(params.get('page'));
  const role = Number(params.get('role'));
  const verified = params.get('verifiedEmail');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_FILTERS.page,
    role: params.has('role') && isOneOf(ROLES, role) ? role : undefined,
    verifiedEmail: verified === 'true' || verified === 'false' ? verified : undefined,
    search: (params.get('search') ?? '').trim(),
    sort: sort === 'name' || sort === 'createdAt' ? sort : DEFAULT_FILTERS.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_FILTERS.order,
  };
}

/** The address query for `filters`, leaving out what equals the default. */
export function writeFilters(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.role !== undefined) params.set('role', String(filters.role));
  if (filters.verifiedEmail) params.set('verifiedEmail', filters.verifiedEmail);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.order !== DEFAULT_FILTERS.order) params.set('order', filters.order);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

export const hasActiveFilters = (filters: UserFilters): boolean =>
  !!filters.search || filters.role !== undefined || filters.verifiedEmail !== undefined;

const isPageSize = (value: number): boolean =>
  (PAGE_SIZE_OPTIONS as readonly number[]).includes(value);

/** The page size chosen last time (spec section 9: remembered locally), else 10. */
export function readStoredPageSize(): number {
  try {
    const stored = Number(localStorage.getItem(STORAGE_KEYS.pageSize));
    return isPageSize(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function storePageSize(size: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS.pageSize, String(size));
  } catch {
    // Private mode or full storage: the choice lasts for this visit only.
  }
}

/** The page size, remembered in local storage under STORAGE_KEYS.pageSize. */
export function usePageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readStoredPageSize);
  const change = useCallback((next: number) => {
    if (!isPageSize(next)) return;
    storePageSize(next);
    setSize(next);
  }, []);
  return [size, change];
}

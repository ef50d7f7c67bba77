import { ROLES, isOneOf } from '@talaqa/domain';
import type { Role } from '@talaqa/domain';

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

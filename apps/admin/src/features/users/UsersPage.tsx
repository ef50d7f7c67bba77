import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROLES, pageCount } from '@talaqa/domain';
import type { Role } from '@talaqa/domain';
import { Input, PageTitle, ROLE_NAMES_AR, Select } from '@talaqa/ui';
import { PagedList } from '../../components/PagedList';
import { useCurrentUser } from '../../lib/session';
import {
  DEFAULT_FILTERS,
  SORT_CHOICES,
  hasActiveFilters,
  readFilters,
  writeFilters,
} from './list-params';
import { usePageSize } from '../../lib/page-size';
import type { UserFilters, UserOrder, UserSort, VerifiedFilter } from './list-params';
import { CreateUserDialog } from './CreateUserDialog';
import { InvitesSection } from '../invites/InvitesSection';
import { useUserList } from './queries';
import type { UserListParams } from './queries';
import { UsersTable, UsersTableSkeleton } from './UsersTable';

/** How long the search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 350;

/** `/users`: search, filter and page through every account, and create new ones. */
export default function UsersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  const viewer = useCurrentUser().data;

  const update = useCallback(
    (changes: Partial<UserFilters>, replace = false) =>
      setSearchParams((current) => writeFilters({ ...readFilters(current), ...changes }), {
        replace,
      }),
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
    timer.current = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
  };

  const query: UserListParams = {
    page: filters.page,
    size: pageSize,
    role: filters.role,
    verifiedEmail: filters.verifiedEmail,
    search: filters.search || undefined,
    sort: filters.sort,
    order: filters.order,
  };
  const list = useUserList(query);
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;

  // A page past the end (an old link, or fewer users now): go to the last page there is.
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);

  const clearFilters = () => {
    clearTimeout(timer.current);
    setSearchText('');
    setSearchParams(writeFilters({ ...DEFAULT_FILTERS, sort: filters.sort, order: filters.order }));
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle title="المستخدمون">
          <p>البحث في المستخدمين وتصفيتهم وإنشاء حسابات جديدة.</p>
        </PageTitle>
        {viewer && <CreateUserDialog viewerRole={viewer.role} />}
      </div>

      <form
        role="search"
        aria-label="تصفية المستخدمين"
        onSubmit={(event) => {
          event.preventDefault();
          applySearch(searchText);
        }}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Input
          label="بحث"
          type="search"
          placeholder="الاسم أو البريد أو الهاتف"
          value={searchText}
          onChange={(event) => onSearchChange(event.target.value)}
          maxLength={100}
        />
        <Select
          label="الدور"
          value={filters.role ?? ''}
          onChange={(event) =>
            update({
              role: event.target.value ? (Number(event.target.value) as Role) : undefined,
              page: 1,
            })
          }
        >
          <option value="">كل الأدوار</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES_AR[role]}
            </option>
          ))}
        </Select>
        <Select
          label="تأكيد البريد الإلكتروني"
          value={filters.verifiedEmail ?? ''}
          onChange={(event) =>
            update({
              verifiedEmail: (event.target.value || undefined) as VerifiedFilter | undefined,
              page: 1,
            })
          }
        >
          <option value="">الكل</option>
          <option value="true">البريد مؤكَّد</option>
          <option value="false">البريد غير مؤكَّد</option>
        </Select>
        <Select
          label="الترتيب"
          value={`${filters.sort}:${filters.order}`}
          onChange={(event) => {
            const [sort, order] = event.target.value.split(':') as [UserSort, UserOrder];
            update({ sort, order, page: 1 });
          }}
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </form>

      <PagedList
        query={list}
        countLabel="عدد النتائج"
        skeleton={<UsersTableSkeleton />}
        noMatches={
          hasActiveFilters(filters)
            ? {
                title: 'لا يوجد مستخدمون يطابقون البحث',
                description: 'جرّب كلمات بحث أخرى أو غيّر عوامل التصفية.',
                onClear: clearFilters,
              }
            : undefined
        }
        empty={{ title: 'لا يوجد مستخدمون بعد', description: 'أنشئ أول حساب بزر «إنشاء مستخدم».' }}
        pagination={{
          label: 'صفحات المستخدمين',
          page: filters.page,
          totalPages,
          onPageChange: (page) => update({ page }),
          pageSize,
          setPageSize,
        }}
      >
        {(users, busy) => <UsersTable users={users} busy={busy} />}
      </PagedList>

      {/* Invites are a section here: the spec's admin routes have no /invites (record 343). */}
      <InvitesSection />
    </section>
  );
}

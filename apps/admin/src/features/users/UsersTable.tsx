import { Link, useNavigate } from 'react-router';
import type { User } from '@talaqa/domain';
import { Skeleton, cx } from '@talaqa/ui';
import { userPath } from '../../paths';
import { formatDate } from '../../lib/format';
import { Email, RoleBadge, VerificationBadges } from '../../components/UserBadges';

const HEADERS = ['الاسم', 'البريد الإلكتروني', 'الدور', 'التحقق', 'تاريخ الإنشاء'];
const SKELETON_ROWS = 5;

/**
 * The users as a table from 768 px up and as a list of cards below (a phone has no room for five
 * columns). Every row and card leads to the user's page.
 */
export function UsersTable({ users, busy = false }: { users: User[]; busy?: boolean }) {
  const navigate = useNavigate();
  return (
    <div aria-busy={busy || undefined} className={cx('transition-opacity', busy && 'opacity-60')}>
      <table className="hidden w-full border-collapse overflow-hidden rounded-xl bg-white text-start shadow-sm md:table">
        <caption className="sr-only">قائمة المستخدمين</caption>
        <thead className="bg-slate-50 text-sm text-muted">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 text-start font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr
              key={user.id}
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) return;
                void navigate(userPath(user.id));
              }}
              className="cursor-pointer border-t border-slate-100 hover:bg-brand-50/60"
            >
              <td className="px-4 py-3">
                <Link
                  to={userPath(user.id)}
                  className="rounded font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {user.name}
                </Link>
              </td>
              <td className="px-4 py-3">
                <Email value={user.email} />
              </td>
              <td className="px-4 py-3">
                <RoleBadge role={user.role} />
              </td>
              <td className="px-4 py-3">
                <VerificationBadges user={user} stacked />
              </td>
              <td className="px-4 py-3 text-sm whitespace-nowrap text-muted">
                {formatDate(user.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="قائمة المستخدمين">
        {users.map((user) => (
          <li key={user.id}>
            <Link
              to={userPath(user.id)}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="flex items-start justify-between gap-2">
                <span className="font-bold text-brand-800">{user.name}</span>
                <RoleBadge role={user.role} />
              </span>
              <span className="text-sm text-ink">
                <Email value={user.email} />
              </span>
              <VerificationBadges user={user} />
              <span className="text-sm text-muted">أُنشئ في {formatDate(user.createdAt)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Grey rows in the table's shape while the first page loads. */
export function UsersTableSkeleton() {
  const rows = Array.from({ length: SKELETON_ROWS }, (_, index) => index);
  return (
    <div aria-hidden="true">
      <div className="hidden overflow-hidden rounded-xl bg-white shadow-sm md:block">
        <div className="h-11 bg-slate-50" />
        {rows.map((row) => (
          <div key={row} className="grid grid-cols-5 gap-4 border-t border-slate-100 px-4 py-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <div
            key={row}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
          >
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ))}
      </div>
    </div>
  );
}

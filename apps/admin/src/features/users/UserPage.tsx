import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Role } from '@talaqa/domain';
import {
  ERROR_MESSAGES,
  EmptyState,
  ErrorState,
  PageTitle,
  Skeleton,
  buttonClasses,
} from '@talaqa/ui';
import { isApiError } from '../../api';
import { paths } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { formatDate, formatDateTime } from '../../lib/format';
import { Email, RoleBadge, VerificationBadges } from '../../components/UserBadges';
import { UserTransactions } from '../transactions/UserTransactions';
import { UserLessons } from '../lessons/UserLessons';
import { UserSubscription } from './UserSubscription';
import { useUser } from './queries';
import { UserEditForm } from './UserEditForm';
import { UserImage } from './UserImage';

function BackLink() {
  return (
    <Link
      to={paths.users}
      className="self-start rounded font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span aria-hidden="true">→ </span>العودة إلى المستخدمين
    </Link>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * `/user/:id`: one user's details, image and verification, and the edit form; a student's
 * subscription, a tutor's or student's lessons, and the payments.
 */
export default function UserPage() {
  const { id } = useParams();
  const userId = Number(id);
  const validId = Number.isInteger(userId) && userId > 0;
  const user = useUser(userId);
  const viewer = useCurrentUser().data;

  const notFound =
    !validId ||
    (user.isError &&
      isApiError(user.error) &&
      (user.error.code === 'user-not-found' || user.error.code === 'not-found'));

  let body;
  if (notFound) {
    body = (
      <EmptyState
        title="لم نجد هذا المستخدم"
        description={ERROR_MESSAGES['user-not-found']}
        action={
          <Link to={paths.users} className={buttonClasses({ variant: 'secondary' })}>
            العودة إلى المستخدمين
          </Link>
        }
      />
    );
  } else if (user.isPending) {
    body = (
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <div className="flex flex-col items-center gap-4 rounded-xl bg-white p-6">
          <Skeleton className="size-32 rounded-full" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-3/4" />
        </div>
        <div className="flex flex-col gap-4 rounded-xl bg-white p-6">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </div>
    );
  } else if (user.isError) {
    body = (
      <ErrorState
        error={user.error}
        onRetry={() => void user.refetch()}
        retrying={user.isFetching}
      />
    );
  } else {
    const data = user.data;
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
        <aside
          aria-label="ملخص الحساب"
          className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5"
        >
          <UserImage user={data} />
          <div className="flex flex-col items-center gap-2 text-center">
            <h2 className="text-xl font-bold text-ink">{data.name}</h2>
            <p className="text-sm text-muted">
              <Email value={data.email} />
            </p>
            <RoleBadge role={data.role} />
          </div>
          <VerificationBadges user={data} />
          <dl className="grid gap-3 border-t border-slate-100 pt-4">
            <Detail label="رقم الهاتف">
              {data.phone ? <bdi dir="ltr">{data.phone}</bdi> : 'غير مسجّل'}
            </Detail>
            <Detail label="كلمة المرور">
              {data.hasPassword ? 'مضبوطة' : 'غير مضبوطة (الدخول بحساب جوجل)'}
            </Detail>
            <Detail label="تاريخ الإنشاء">{formatDate(data.createdAt)}</Detail>
            <Detail label="آخر تحديث">{formatDateTime(data.updatedAt)}</Detail>
          </dl>
        </aside>
        <section
          aria-labelledby="edit-user-heading"
          className="rounded-xl border border-slate-200 bg-white p-5"
        >
          <h2 id="edit-user-heading" className="mb-4 text-lg font-bold text-ink">
            تعديل البيانات
          </h2>
          {viewer && <UserEditForm key={data.id} user={data} viewer={viewer} />}
        </section>
        {data.role === Role.Student && (
          <div className="lg:col-span-2">
            <UserSubscription userId={data.id} />
          </div>
        )}
        {(data.role === Role.Tutor || data.role === Role.Student) && (
          <div className="lg:col-span-2">
            <UserLessons userId={data.id} role={data.role} />
          </div>
        )}
        <div className="lg:col-span-2">
          <UserTransactions userId={data.id} />
        </div>
      </div>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 sm:px-6">
      <BackLink />
      <PageTitle title="بيانات المستخدم" />
      {body}
    </section>
  );
}

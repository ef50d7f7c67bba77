import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageCount } from '@talaqa/domain';
import type { PlanInviteView } from '@talaqa/domain';
import { Button, PageTitle, Select, SkeletonRows, cx, formatNumber } from '@talaqa/ui';
import { DeleteDialog } from '../../components/DeleteDialog';
import { PagedList } from '../../components/PagedList';
import { userPath } from '../../paths';
import { planSummaryText, formatDate } from '../../lib/format';
import { usePageSize } from '../../lib/page-size';
import { Email } from '../../components/UserBadges';
import { usePlans } from '../plans/queries';
import { useUser } from '../users/queries';
import { ChangePlanDialog, CreateInviteDialog } from './InviteDialogs';
import { useDeletePlanInvite, usePlanInvites } from './queries';

const linkClass =
  'rounded font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** The admin who made the invite, by name once known ("a deleted account" when gone). */
function CreatorName({ id }: { id: number | null }) {
  const creator = useUser(id ?? 0);
  if (id === null) return <span className="text-muted">حساب محذوف</span>;
  if (creator.data) {
    return (
      <Link to={userPath(id)} className={linkClass}>
        {creator.data.name}
      </Link>
    );
  }
  return (
    <span className="text-muted">{creator.isPending ? '…' : `المشرف رقم ${formatNumber(id)}`}</span>
  );
}

function InviteActions({
  invite,
  onChangePlan,
  onDelete,
}: {
  invite: PlanInviteView;
  onChangePlan: (invite: PlanInviteView) => void;
  onDelete: (invite: PlanInviteView) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`تغيير باقة دعوة ${invite.userName}`}
        onClick={() => onChangePlan(invite)}
      >
        تغيير الباقة
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        aria-label={`حذف دعوة ${invite.userName}`}
        onClick={() => onDelete(invite)}
      >
        حذف
      </Button>
    </div>
  );
}

function InvitesList({
  invites,
  busy,
  onChangePlan,
  onDelete,
}: {
  invites: PlanInviteView[];
  busy: boolean;
  onChangePlan: (invite: PlanInviteView) => void;
  onDelete: (invite: PlanInviteView) => void;
}) {
  return (
    <div aria-busy={busy || undefined} className={cx('transition-opacity', busy && 'opacity-60')}>
      <table className="hidden w-full border-collapse overflow-hidden rounded-xl bg-white shadow-sm md:table">
        <caption className="sr-only">قائمة دعوات الباقات</caption>
        <thead className="bg-slate-50 text-sm text-muted">
          <tr>
            {['الطالب', 'الباقة', 'أضافها', 'التاريخ', 'الإجراءات'].map((header) => (
              <th key={header} scope="col" className="px-4 py-3 text-start font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invites.map((invite) => (
            <tr key={invite.id} className="border-t border-slate-100 align-top">
              <td className="px-4 py-3">
                <div className="flex flex-col">
                  <Link to={userPath(invite.userId)} className={linkClass}>
                    {invite.userName}
                  </Link>
                  <span className="text-sm text-muted">
                    <Email value={invite.userEmail} />
                  </span>
                </div>
              </td>
              <td className="px-4 py-3">{planSummaryText(invite.plan)}</td>
              <td className="px-4 py-3">
                <CreatorName id={invite.createdBy} />
              </td>
              <td className="px-4 py-3 text-sm whitespace-nowrap text-muted">
                {formatDate(invite.createdAt)}
              </td>
              <td className="px-4 py-3">
                <InviteActions invite={invite} onChangePlan={onChangePlan} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="قائمة دعوات الباقات" className="flex flex-col gap-3 md:hidden">
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-col">
              <Link to={userPath(invite.userId)} className={linkClass}>
                {invite.userName}
              </Link>
              <span className="text-sm text-muted">
                <Email value={invite.userEmail} />
              </span>
            </div>
            <p className="text-sm">{planSummaryText(invite.plan)}</p>
            <p className="text-sm text-muted">
              أضافها <CreatorName id={invite.createdBy} /> في {formatDate(invite.createdAt)}
            </p>
            <InviteActions invite={invite} onChangePlan={onChangePlan} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readPlanId(params: URLSearchParams): number | undefined {
  const id = Number(params.get('planId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** `/plan-invites`: who may buy which invites-only plan; add, re-point and remove invites. */
export default function PlanInvitesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams);
  const planId = readPlanId(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  const plans = usePlans();
  const invites = usePlanInvites({ page, size: pageSize, planId });
  const remove = useDeletePlanInvite();
  const [changing, setChanging] = useState<PlanInviteView | null>(null);
  const [deleting, setDeleting] = useState<PlanInviteView | null>(null);
  const totalPages = invites.data ? pageCount(invites.data.total, pageSize) : 1;

  const update = useCallback(
    (changes: { page?: number; planId?: number | null }, replace = false) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.planId !== undefined) {
            if (changes.planId === null) next.delete('planId');
            else next.set('planId', String(changes.planId));
          }
          const nextPage = changes.page ?? 1;
          if (nextPage === 1) next.delete('page');
          else next.set('page', String(nextPage));
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );

  const settled = invites.isSuccess && !invites.isPlaceholderData;
  useEffect(() => {
    if (settled && page > totalPages) update({ page: totalPages }, true);
  }, [settled, page, totalPages, update]);

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle title="دعوات الباقات">
          <p>الطلاب المدعوون إلى الباقات المخصصة للمدعوين فقط.</p>
        </PageTitle>
        <CreateInviteDialog plans={plans.data} />
      </div>

      <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <Select
          label="الباقة"
          value={planId ?? ''}
          disabled={!plans.data}
          onChange={(event) =>
            update({ planId: event.target.value ? Number(event.target.value) : null })
          }
        >
          <option value="">كل الباقات</option>
          {plans.data?.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {planSummaryText(plan)}
            </option>
          ))}
        </Select>
      </div>

      <PagedList
        query={invites}
        countLabel="عدد الدعوات"
        skeleton={<SkeletonRows rows={4} rowClassName="h-10 w-full" />}
        announceLoading={false}
        noMatches={
          planId
            ? {
                title: 'لا توجد دعوات لهذه الباقة',
                onClear: () => update({ planId: null }),
                clearLabel: 'عرض كل الدعوات',
              }
            : undefined
        }
        empty={{
          title: 'لا توجد دعوات بعد',
          description: 'ادعُ طالبًا بزر «دعوة طالب» ليرى باقة مخصصة للمدعوين ويشتريها.',
        }}
        pagination={{
          label: 'صفحات الدعوات',
          page,
          totalPages,
          onPageChange: (next) => update({ page: next }),
          pageSize,
          setPageSize,
        }}
      >
        {(list, busy) => (
          <InvitesList
            invites={list}
            busy={busy}
            onChangePlan={setChanging}
            onDelete={setDeleting}
          />
        )}
      </PagedList>

      <ChangePlanDialog invite={changing} plans={plans.data} onClose={() => setChanging(null)} />

      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="حذف الدعوة"
        description={(invite) =>
          `هل تريد حذف دعوة ${invite.userName} إلى ${planSummaryText(invite.plan)}؟ لن يرى الطالب الباقة بعد ذلك، ويبقى اشتراكه إن كان قد اشترى.`
        }
        onDelete={async (invite) => {
          await remove.mutateAsync(invite.id);
          return `تم حذف دعوة ${invite.userName}`;
        }}
        failedText="تعذّر حذف الدعوة، من فضلك حاول مرة أخرى"
        loading={remove.isPending}
      />
    </section>
  );
}

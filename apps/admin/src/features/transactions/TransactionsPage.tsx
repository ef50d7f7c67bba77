import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAYMENT_METHODS, TRANSACTION_STATUSES, isOneOf, pageCount } from '@talaqa/domain';
import type { PaymentMethod, TransactionStatus, TransactionView } from '@talaqa/domain';
import {
  Button,
  Dialog,
  PAYMENT_METHOD_NAMES_AR,
  PageTitle,
  Select,
  TRANSACTION_STATUS_NAMES_AR,
  formatNumber,
} from '@talaqa/ui';
import { PagedList } from '../../components/PagedList';
import { StudentPicker } from '../plan-invites/StudentPicker';
import { usePageSize } from '../../lib/page-size';
import { useUser } from '../users/queries';
import { TransactionDialog } from './TransactionDialog';
import { TransactionsTable, TransactionsTableSkeleton } from './TransactionsTable';
import { useTransactions } from './queries';

/** The list's filters, kept in the address so links (from a user's page) and Back keep them. */
interface TransactionFilters {
  page: number;
  status: TransactionStatus | undefined;
  method: PaymentMethod | undefined;
  userId: number | undefined;
}

const positive = (text: string | null): number | undefined => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : undefined;
};

export function readTransactionFilters(params: URLSearchParams): TransactionFilters {
  const status = Number(params.get('status'));
  const method = Number(params.get('method'));
  return {
    page: positive(params.get('page')) ?? 1,
    status: params.has('status') && isOneOf(TRANSACTION_STATUSES, status) ? status : undefined,
    method: params.has('method') && isOneOf(PAYMENT_METHODS, method) ? method : undefined,
    userId: positive(params.get('userId')),
  };
}

export function writeTransactionFilters(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.userId !== undefined) params.set('userId', String(filters.userId));
  if (filters.status !== undefined) params.set('status', String(filters.status));
  if (filters.method !== undefined) params.set('method', String(filters.method));
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** The user filter: the chosen student's name with a way to clear it, or a way to choose one. */
function UserFilter({
  userId,
  onChange,
}: {
  userId: number | undefined;
  onChange: (userId: number | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const user = useUser(userId ?? 0);
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold text-ink">الطالب</span>
      {userId === undefined ? (
        <Dialog
          title="تصفية المدفوعات بطالب"
          open={open}
          onOpenChange={setOpen}
          trigger={
            <Button variant="secondary" className="justify-start">
              كل الطلاب (اختيار طالب)
            </Button>
          }
        >
          {open && (
            <StudentPicker
              value={null}
              onChange={(picked) => {
                if (!picked) return;
                setOpen(false);
                onChange(picked.id);
              }}
            />
          )}
        </Dialog>
      ) : (
        <div className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-slate-300 px-3">
          <span className="truncate font-semibold text-ink">
            {user.data?.name ?? `المستخدم رقم ${formatNumber(userId)}`}
          </span>
          <Button
            variant="ghost"
            size="sm"
            aria-label="إلغاء التصفية بالطالب"
            onClick={() => onChange(undefined)}
          >
            إلغاء
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * `/transactions` (ours, not in the spec's admin routes): every payment, newest first, filtered
 * by status, method and student; each opens its details with a status sync and refunds.
 */
export default function TransactionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readTransactionFilters(searchParams);
  const [pageSize, setPageSize] = usePageSize();
  const [open, setOpen] = useState<TransactionView | null>(null);

  const update = useCallback(
    (changes: Partial<TransactionFilters>, replace = false) =>
      setSearchParams(
        (current) =>
          writeTransactionFilters({ ...readTransactionFilters(current), page: 1, ...changes }),
        { replace },
      ),
    [setSearchParams],
  );

  const list = useTransactions({
    page: filters.page,
    size: pageSize,
    status: filters.status,
    method: filters.method,
    userId: filters.userId,
  });
  const totalPages = list.data ? pageCount(list.data.total, pageSize) : 1;
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.page > totalPages) update({ page: totalPages }, true);
  }, [settled, filters.page, totalPages, update]);

  const filtered =
    filters.status !== undefined || filters.method !== undefined || filters.userId !== undefined;

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="المدفوعات">
        <p>كل عمليات الدفع، مع مزامنة حالتها مع بوابة الدفع والاسترداد الكامل أو الجزئي.</p>
      </PageTitle>

      <div
        role="search"
        aria-label="تصفية المدفوعات"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <Select
          label="الحالة"
          value={filters.status ?? ''}
          onChange={(event) =>
            update({
              status: event.target.value
                ? (Number(event.target.value) as TransactionStatus)
                : undefined,
            })
          }
        >
          <option value="">كل الحالات</option>
          {TRANSACTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {TRANSACTION_STATUS_NAMES_AR[status]}
            </option>
          ))}
        </Select>
        <Select
          label="طريقة الدفع"
          value={filters.method ?? ''}
          onChange={(event) =>
            update({
              method: event.target.value
                ? (Number(event.target.value) as PaymentMethod)
                : undefined,
            })
          }
        >
          <option value="">كل الطرق</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_NAMES_AR[method]}
            </option>
          ))}
        </Select>
        <UserFilter userId={filters.userId} onChange={(userId) => update({ userId })} />
      </div>

      <PagedList
        query={list}
        countLabel="عدد العمليات"
        skeleton={<TransactionsTableSkeleton />}
        noMatches={
          filtered
            ? {
                title: 'لا توجد مدفوعات تطابق التصفية',
                onClear: () => setSearchParams(new URLSearchParams()),
              }
            : undefined
        }
        empty={{
          title: 'لا توجد مدفوعات بعد',
          description: 'تظهر هنا كل عملية دفع يبدؤها طالب لشراء باقة.',
        }}
        pagination={{
          label: 'صفحات المدفوعات',
          page: filters.page,
          totalPages,
          onPageChange: (page) => update({ page }),
          pageSize,
          setPageSize,
        }}
      >
        {(transactions, busy) => (
          <TransactionsTable transactions={transactions} busy={busy} onOpen={setOpen} />
        )}
      </PagedList>

      <TransactionDialog transaction={open} onClose={() => setOpen(null)} />
    </section>
  );
}

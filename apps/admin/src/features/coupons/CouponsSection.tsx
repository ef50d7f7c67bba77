import { useEffect, useState } from 'react';
import { LOCALE, isCouponActive, pageCount } from '@talaqa/domain';
import type { Coupon } from '@talaqa/domain';
import {
  Badge,
  Button,
  Checkbox,
  ConfirmDialog,
  Dialog,
  DialogClose,
  EmptyState,
  ErrorState,
  Pagination,
  Skeleton,
  Spinner,
  UI_MESSAGES,
  cx,
  useToast,
} from '@talaqa/ui';
import { actionErrorText } from '../../forms';
import { formatDateTime } from '../users/format';
import { PAGE_SIZE_OPTIONS, usePageSize } from '../users/list-params';
import { CouponForm } from './CouponForm';
import { useCoupons, useCreateCoupon, useDeleteCoupon, useUpdateCoupon } from './queries';

const percent = (value: number): string =>
  new Intl.NumberFormat(LOCALE, { style: 'percent' }).format(value / 100);

function CouponState({ coupon, now }: { coupon: Coupon; now: Date }) {
  const active = isCouponActive(coupon, now);
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'صالح' : 'منتهي'}</Badge>;
}

function CouponActions({
  coupon,
  onEdit,
  onDelete,
}: {
  coupon: Coupon;
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`تعديل الكود ${coupon.code}`}
        onClick={() => onEdit(coupon)}
      >
        تعديل
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        aria-label={`حذف الكود ${coupon.code}`}
        onClick={() => onDelete(coupon)}
      >
        حذف
      </Button>
    </div>
  );
}

function Code({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="font-mono font-bold tracking-wide text-ink">
      {value}
    </bdi>
  );
}

function CouponsList({
  coupons,
  busy,
  onEdit,
  onDelete,
}: {
  coupons: Coupon[];
  busy: boolean;
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
}) {
  const now = new Date();
  return (
    <div aria-busy={busy || undefined} className={cx('transition-opacity', busy && 'opacity-60')}>
      <table className="hidden w-full border-collapse overflow-hidden rounded-xl bg-white shadow-sm md:table">
        <caption className="sr-only">قائمة أكواد الخصم</caption>
        <thead className="bg-slate-50 text-sm text-muted">
          <tr>
            {['الكود', 'الخصم', 'ينتهي في', 'الحالة', 'الإجراءات'].map((header) => (
              <th key={header} scope="col" className="px-4 py-3 text-start font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {coupons.map((coupon) => (
            <tr key={coupon.id} className="border-t border-slate-100">
              <td className="px-4 py-3">
                <Code value={coupon.code} />
              </td>
              <td className="px-4 py-3">{percent(coupon.discount)}</td>
              <td className="px-4 py-3 text-sm">{formatDateTime(coupon.expireDate)}</td>
              <td className="px-4 py-3">
                <CouponState coupon={coupon} now={now} />
              </td>
              <td className="px-4 py-3">
                <CouponActions coupon={coupon} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="قائمة أكواد الخصم" className="flex flex-col gap-3 md:hidden">
        {coupons.map((coupon) => (
          <li
            key={coupon.id}
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Code value={coupon.code} />
              <CouponState coupon={coupon} now={now} />
            </div>
            <p className="text-sm">
              خصم {percent(coupon.discount)}، ينتهي في {formatDateTime(coupon.expireDate)}
            </p>
            <CouponActions coupon={coupon} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The discount codes: list (expired ones on request), create, edit and delete. */
export function CouponsSection() {
  const toast = useToast();
  const [includeExpired, setIncludeExpired] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize();
  const coupons = useCoupons({ page, size: pageSize, includeExpired });
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const totalPages = coupons.data ? pageCount(coupons.data.total, pageSize) : 1;

  // Fewer coupons than the page needs (one was deleted): go to the last page there is.
  const settled = coupons.isSuccess && !coupons.isPlaceholderData;
  useEffect(() => {
    if (settled && page > totalPages) setPage(totalPages);
  }, [settled, page, totalPages]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`تم حذف الكود ${deleting.code}`);
    } catch (error) {
      toast.error(actionErrorText(error, 'تعذّر حذف كود الخصم، من فضلك حاول مرة أخرى'));
    } finally {
      setDeleting(null);
    }
  };

  let body;
  if (coupons.isPending) {
    body = (
      <div aria-hidden="true" className="flex flex-col gap-3 rounded-xl bg-white p-4">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-8 w-full" />
        ))}
      </div>
    );
  } else if (coupons.isError) {
    body = (
      <ErrorState
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        retrying={coupons.isFetching}
      />
    );
  } else if (coupons.data.list.length === 0) {
    body = (
      <EmptyState
        title={includeExpired ? 'لا توجد أكواد خصم بعد' : 'لا توجد أكواد خصم صالحة'}
        description="أنشئ كود خصم بزر «إنشاء كود خصم» ليستخدمه الطلاب عند الدفع."
      />
    );
  } else {
    body = (
      <CouponsList
        coupons={coupons.data.list}
        busy={coupons.isPlaceholderData}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            label="إظهار الأكواد المنتهية"
            checked={includeExpired}
            onChange={(event) => {
              setIncludeExpired(event.target.checked);
              setPage(1);
            }}
          />
          {coupons.isFetching && !coupons.isPending && <Spinner size="sm" />}
        </div>
        <Dialog
          title="إنشاء كود خصم"
          open={creating}
          onOpenChange={setCreating}
          trigger={<Button>إنشاء كود خصم</Button>}
        >
          {creating && (
            <CouponForm
              submitLabel="إنشاء الكود"
              failedText="تعذّر إنشاء كود الخصم، من فضلك حاول مرة أخرى"
              onSave={(saved) => create.mutateAsync(saved)}
              onSaved={() => {
                setCreating(false);
                toast.success('تم إنشاء كود الخصم');
              }}
            >
              <DialogClose asChild>
                <Button variant="secondary">{UI_MESSAGES.cancel}</Button>
              </DialogClose>
            </CouponForm>
          )}
        </Dialog>
      </div>

      {body}

      {coupons.data && coupons.data.total > 0 && (
        <Pagination
          label="صفحات أكواد الخصم"
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          pageSize={pageSize}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}

      <Dialog
        title="تعديل كود الخصم"
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing && (
          <CouponForm
            key={editing.id}
            coupon={editing}
            submitLabel="حفظ التعديل"
            failedText="تعذّر تعديل كود الخصم، من فضلك حاول مرة أخرى"
            onSave={(saved) => update.mutateAsync({ id: editing.id, body: saved })}
            onSaved={() => {
              setEditing(null);
              toast.success('تم تعديل كود الخصم');
            }}
          >
            <DialogClose asChild>
              <Button variant="secondary">{UI_MESSAGES.cancel}</Button>
            </DialogClose>
          </CouponForm>
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="حذف كود الخصم"
        description={
          deleting
            ? `هل تريد حذف الكود ${deleting.code}؟ لن يستطيع أحد استخدامه بعد الحذف، ولا يمكن التراجع عنه.`
            : undefined
        }
        confirmLabel="حذف"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

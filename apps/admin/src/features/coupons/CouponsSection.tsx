import { useEffect, useState } from 'react';
import { isCouponActive, pageCount } from '@talaqa/domain';
import type { Coupon } from '@talaqa/domain';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  SkeletonRows,
  Spinner,
  cx,
  useToast,
  percentText,
} from '@talaqa/ui';
import { DeleteDialog } from '../../components/DeleteDialog';
import { DialogCancelButton, EditDialog } from '../../components/EditDialog';
import { PagedList } from '../../components/PagedList';
import { formatDateTime } from '../../lib/format';
import { usePageSize } from '../../lib/page-size';
import { CouponForm } from './CouponForm';
import { useCoupons, useCreateCoupon, useDeleteCoupon, useUpdateCoupon } from './queries';

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
              <td className="px-4 py-3">{percentText(coupon.discount)}</td>
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
              خصم {percentText(coupon.discount)}، ينتهي في {formatDateTime(coupon.expireDate)}
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
              <DialogCancelButton />
            </CouponForm>
          )}
        </Dialog>
      </div>

      <PagedList
        query={coupons}
        skeleton={<SkeletonRows rows={3} rowClassName="h-8 w-full" />}
        announceLoading={false}
        empty={{
          title: includeExpired ? 'لا توجد أكواد خصم بعد' : 'لا توجد أكواد خصم صالحة',
          description: 'أنشئ كود خصم بزر «إنشاء كود خصم» ليستخدمه الطلاب عند الدفع.',
        }}
        pagination={{
          label: 'صفحات أكواد الخصم',
          page,
          totalPages,
          onPageChange: setPage,
          pageSize,
          setPageSize,
        }}
      >
        {(list, busy) => (
          <CouponsList coupons={list} busy={busy} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </PagedList>

      <EditDialog title="تعديل كود الخصم" item={editing} onClose={() => setEditing(null)}>
        {(editing) => (
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
            <DialogCancelButton />
          </CouponForm>
        )}
      </EditDialog>

      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="حذف كود الخصم"
        description={(coupon) =>
          `هل تريد حذف الكود ${coupon.code}؟ لن يستطيع أحد استخدامه بعد الحذف، ولا يمكن التراجع عنه.`
        }
        onDelete={async (coupon) => {
          await remove.mutateAsync(coupon.id);
          return `تم حذف الكود ${coupon.code}`;
        }}
        failedText="تعذّر حذف كود الخصم، من فضلك حاول مرة أخرى"
        loading={remove.isPending}
      />
    </div>
  );
}

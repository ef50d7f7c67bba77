import { useState } from 'react';
import type { Plan } from '@talaqa/domain';
import { formatMoney } from '@talaqa/domain';
import {
  Badge,
  Button,
  Dialog,
  EmptyState,
  QueryContent,
  Skeleton,
  UI_MESSAGES,
  useToast,
} from '@talaqa/ui';
import { DeleteDialog } from '../../components/DeleteDialog';
import { DialogCancelButton, EditDialog } from '../../components/EditDialog';
import { actionErrorText } from '../../lib/forms';
import { planTitle, weeklyMinutesText } from '../../lib/format';
import { PeriodPrices } from './PeriodPrices';
import { PlanForm } from './PlanForm';
import { useCreatePlan, useDeletePlan, usePlans, useUpdatePlan } from './queries';

interface PlanActions {
  onEdit: (plan: Plan) => void;
  onToggle: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
  /** The plan whose state is being changed now. */
  toggling: number | null;
}

function PlanCard({ plan, onEdit, onToggle, onDelete, toggling }: { plan: Plan } & PlanActions) {
  const title = planTitle(plan);
  const headingId = `plan-${plan.id}-title`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col">
            <h3 id={headingId} className="text-lg font-bold text-ink">
              {title}
            </h3>
            <p className="text-sm text-muted">{weeklyMinutesText(plan.weeklyMinutes)}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={plan.active ? 'success' : 'neutral'}>
              {plan.active ? 'معروضة للبيع' : 'موقوفة'}
            </Badge>
            {plan.forInvitesOnly && <Badge tone="brand">للمدعوين فقط</Badge>}
          </div>
        </header>
        <p className="text-sm">
          <span className="text-muted">سعر الشهر الأساسي: </span>
          <span className="font-bold text-ink">{formatMoney(plan.baseMonthPrice)}</span>
        </p>
        <PeriodPrices plan={plan} />
        <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`تعديل ${title}`}
            onClick={() => onEdit(plan)}
          >
            تعديل
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${plan.active ? 'إيقاف بيع' : 'إعادة عرض'} ${title}`}
            loading={toggling === plan.id}
            onClick={() => onToggle(plan)}
          >
            {plan.active ? 'إيقاف البيع' : 'إعادة العرض للبيع'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            aria-label={`حذف ${title}`}
            onClick={() => onDelete(plan)}
          >
            حذف
          </Button>
        </div>
      </article>
    </li>
  );
}

/** The plans as cards: their prices per period, state, and edit, stop/resume and delete. */
export function PlansSection() {
  const toast = useToast();
  const plans = usePlans();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Plan | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  const toggle = async (plan: Plan) => {
    setToggling(plan.id);
    try {
      await update.mutateAsync({ id: plan.id, body: { active: !plan.active } });
      toast.success(
        plan.active
          ? `أُوقف بيع ${planTitle(plan)}، وتستمر اشتراكاتها الحالية`
          : `أصبحت ${planTitle(plan)} معروضة للبيع`,
      );
    } catch (error) {
      toast.error(actionErrorText(error, UI_MESSAGES.planEditFailed));
    } finally {
      setToggling(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          الأسعار بالجنيه المصري، وخصم كل مدة يُطبَّق على سعرها الكامل.
        </p>
        <Dialog
          title="إنشاء باقة"
          open={creating}
          onOpenChange={setCreating}
          trigger={<Button>إنشاء باقة</Button>}
        >
          {creating && (
            <PlanForm
              submitLabel="إنشاء الباقة"
              failedText={UI_MESSAGES.planCreateFailed}
              onSave={(body) => create.mutateAsync(body)}
              onSaved={() => {
                setCreating(false);
                toast.success('تم إنشاء الباقة');
              }}
            >
              <DialogCancelButton />
            </PlanForm>
          )}
        </Dialog>
      </div>

      <QueryContent
        query={plans}
        loading={
          <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((card) => (
              <li key={card} className="flex flex-col gap-3 rounded-xl bg-white p-4">
                <Skeleton className="h-6 w-1/2" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-24 w-full" />
              </li>
            ))}
          </ul>
        }
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            title="لا توجد باقات بعد"
            description="أنشئ أول باقة بزر «إنشاء باقة» ليشترك فيها الطلاب."
          />
        }
      >
        {(data) => (
          <ul aria-label="قائمة الباقات" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                onEdit={setEditing}
                onToggle={(item) => void toggle(item)}
                onDelete={setDeleting}
                toggling={toggling}
              />
            ))}
          </ul>
        )}
      </QueryContent>

      <EditDialog title="تعديل الباقة" item={editing} onClose={() => setEditing(null)}>
        {(editing) => (
          <PlanForm
            key={editing.id}
            plan={editing}
            submitLabel="حفظ التعديل"
            failedText={UI_MESSAGES.planEditFailed}
            onSave={(_body, changed) => update.mutateAsync({ id: editing.id, body: changed })}
            onSaved={() => {
              setEditing(null);
              toast.success('تم تعديل الباقة، والأسعار الجديدة تسري على المشتريات القادمة');
            }}
          >
            <DialogCancelButton />
          </PlanForm>
        )}
      </EditDialog>

      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="حذف الباقة"
        description={(plan) =>
          `هل تريد حذف ${planTitle(plan)}؟ إذا كان لها مشتركون أو مدفوعات فلن تُحذف، بل يُوقف بيعها وتستمر اشتراكاتها الحالية.`
        }
        onDelete={async (plan) => {
          const title = planTitle(plan);
          const answer = await remove.mutateAsync(plan.id);
          return answer.deactivated
            ? `لـ${title} مشتركون أو مدفوعات، لذلك أُوقف بيعها بدلًا من حذفها`
            : `تم حذف ${title}`;
        }}
        failedText="تعذّر حذف الباقة، من فضلك حاول مرة أخرى"
        loading={remove.isPending}
      />
    </div>
  );
}

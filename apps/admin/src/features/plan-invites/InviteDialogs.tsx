import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { Plan, PlanInviteView, User } from '@talaqa/domain';
import { Button, Dialog, Select, useToast } from '@talaqa/ui';
import { DialogCancelButton } from '../../components/EditDialog';
import { FormError } from '../../components/FormError';
import { isApiError } from '../../api';
import { actionErrorText } from '../../lib/forms';
import { planSummaryText } from '../../lib/format';
import { paths } from '../../paths';
import { StudentPicker } from './StudentPicker';
import { useCreatePlanInvite, useUpdatePlanInvite } from './queries';

/** The plans an invite may point at: those for invited students only that are still sold. */
export const invitablePlans = (plans: readonly Plan[]): Plan[] =>
  plans.filter((plan) => plan.forInvitesOnly && plan.active);

function NoInvitablePlans() {
  return (
    <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      لا توجد باقة معروضة للمدعوين فقط. أنشئ باقة واختر لها «للمدعوين فقط» من{' '}
      <Link to={paths.plans} className="font-semibold underline underline-offset-4">
        صفحة الباقات
      </Link>{' '}
      أولًا.
    </p>
  );
}

function PlanChoice({
  plans,
  value,
  onChange,
  error,
}: {
  plans: readonly Pick<Plan, 'id' | 'weeklyMinutes'>[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Select
      label="الباقة"
      hint="الباقات المعروضة للمدعوين فقط"
      placeholder="اختر الباقة"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    >
      {plans.map((plan) => (
        <option key={plan.id} value={plan.id}>
          {planSummaryText(plan)}
        </option>
      ))}
    </Select>
  );
}

function CreateInviteForm({ plans, onDone }: { plans: Plan[]; onDone: () => void }) {
  const toast = useToast();
  const create = useCreatePlanInvite();
  const [student, setStudent] = useState<User | null>(null);
  const [planId, setPlanId] = useState(plans.length === 1 ? String(plans[0]?.id) : '');
  const [errors, setErrors] = useState<{ student?: string; plan?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const missing = {
      student: student ? undefined : 'required',
      plan: planId ? undefined : 'required',
    };
    setErrors(missing);
    if (!student || !planId) return;
    try {
      const invite = await create.mutateAsync({ userId: student.id, planId: Number(planId) });
      toast.success(`تمت دعوة ${invite.userName} إلى ${planSummaryText(invite.plan)}`);
      onDone();
    } catch (error) {
      if (
        isApiError(error) &&
        (error.code === 'user-not-found' || error.code === 'student-not-found')
      ) {
        setErrors({ student: error.code });
        setStudent(null);
      } else if (isApiError(error) && error.code === 'plan-not-found') {
        setErrors({ plan: error.code });
      } else if (isApiError(error) && error.code === 'plan-invite-exists') {
        setErrors({ plan: error.code });
      } else {
        const text = actionErrorText(error, 'تعذّرت إضافة الدعوة، من فضلك حاول مرة أخرى');
        setFormError(text);
        toast.error(text);
      }
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <StudentPicker
        value={student}
        onChange={(user) => {
          setStudent(user);
          setErrors((current) => ({ ...current, student: undefined }));
        }}
        error={errors.student}
      />
      <PlanChoice
        plans={plans}
        value={planId}
        onChange={(value) => {
          setPlanId(value);
          setErrors((current) => ({ ...current, plan: undefined }));
        }}
        error={errors.plan}
      />
      <FormError text={formError} />
      <div className="flex flex-wrap justify-end gap-3">
        <DialogCancelButton />
        <Button type="submit" loading={create.isPending}>
          إضافة الدعوة
        </Button>
      </div>
    </form>
  );
}

/** The "invite a student" button and its dialog. */
export function CreateInviteDialog({ plans }: { plans: Plan[] | undefined }) {
  const [open, setOpen] = useState(false);
  const choices = invitablePlans(plans ?? []);
  return (
    <Dialog
      title="دعوة طالب إلى باقة"
      description="يرى الطالب المدعو الباقة في صفحة الباقات ويستطيع شراءها."
      open={open}
      onOpenChange={setOpen}
      trigger={<Button disabled={!plans}>دعوة طالب</Button>}
    >
      {open &&
        (choices.length === 0 ? (
          <NoInvitablePlans />
        ) : (
          <CreateInviteForm plans={choices} onDone={() => setOpen(false)} />
        ))}
    </Dialog>
  );
}

function ChangePlanForm({
  invite,
  plans,
  onDone,
}: {
  invite: PlanInviteView;
  plans: Plan[];
  onDone: () => void;
}) {
  const toast = useToast();
  const update = useUpdatePlanInvite();
  const [planId, setPlanId] = useState(String(invite.planId));
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  // The current plan stays choosable even when it is no longer for invites only.
  const choices = plans.some((plan) => plan.id === invite.planId) ? plans : [invite.plan, ...plans];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!planId) {
      setError('required');
      return;
    }
    if (Number(planId) === invite.planId) {
      toast.info('لا توجد تغييرات لحفظها');
      onDone();
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: invite.id, planId: Number(planId) });
      toast.success(`أصبحت دعوة ${saved.userName} إلى ${planSummaryText(saved.plan)}`);
      onDone();
    } catch (caught) {
      if (isApiError(caught) && ['plan-not-found', 'plan-invite-exists'].includes(caught.code)) {
        setError(caught.code);
        return;
      }
      const text = actionErrorText(caught, 'تعذّر تغيير باقة الدعوة، من فضلك حاول مرة أخرى');
      setFormError(text);
      toast.error(text);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-ink">
        الطالب: <span className="font-semibold">{invite.userName}</span>
      </p>
      <PlanChoice
        plans={choices}
        value={planId}
        onChange={(value) => {
          setPlanId(value);
          setError(undefined);
        }}
        error={error}
      />
      <FormError text={formError} />
      <div className="flex flex-wrap justify-end gap-3">
        <DialogCancelButton />
        <Button type="submit" loading={update.isPending}>
          حفظ التغيير
        </Button>
      </div>
    </form>
  );
}

/** Points an invite at another plan (PATCH /plan-invite). */
export function ChangePlanDialog({
  invite,
  plans,
  onClose,
}: {
  invite: PlanInviteView | null;
  plans: Plan[] | undefined;
  onClose: () => void;
}) {
  const choices = invitablePlans(plans ?? []);
  return (
    <Dialog
      title="تغيير باقة الدعوة"
      open={invite !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {invite &&
        (choices.length === 0 ? (
          <NoInvitablePlans />
        ) : (
          <ChangePlanForm key={invite.id} invite={invite} plans={choices} onDone={onClose} />
        ))}
    </Dialog>
  );
}

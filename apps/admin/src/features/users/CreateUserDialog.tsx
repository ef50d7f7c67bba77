import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Role, createUserBodySchema } from '@talaqa/domain';
import type { CreateUserBody } from '@talaqa/domain';
import {
  Button,
  Dialog,
  Input,
  PasswordInput,
  PasswordChecklist,
  ROLE_NAMES_AR,
  Select,
  UI_MESSAGES,
  useToast,
} from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { actionErrorText, applyServerErrors } from '../../lib/forms';
import { assignableRoles } from './labels';
import { useCreateUser } from './queries';

const FIELDS = ['name', 'email', 'password', 'passwordConfirmation', 'role'] as const;

const EMPTY: CreateUserBody = {
  name: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  role: Role.Student,
  acceptTerms: true,
};

function CreateUserForm({ viewerRole, onDone }: { viewerRole: Role; onDone: () => void }) {
  const toast = useToast();
  const create = useCreateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const roles = assignableRoles(viewerRole);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(createUserBodySchema), defaultValues: EMPTY });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const user = await create.mutateAsync(body);
      toast.success(`تم إنشاء حساب ${user.name}`);
      onDone();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS, { 'user-exists': 'email' })) return;
      const text = actionErrorText(error, UI_MESSAGES.userCreateFailed);
      setFormError(text);
      toast.error(text);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Input
        label="الاسم"
        hint="الاسم الأول واسم العائلة"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <Input
        label="البريد الإلكتروني"
        type="email"
        dir="ltr"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordInput
        label="كلمة المرور"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordChecklist password={password} />
      <PasswordInput
        label="تأكيد كلمة المرور"
        autoComplete="new-password"
        error={errors.passwordConfirmation?.message}
        {...register('passwordConfirmation')}
      />
      <Select
        label="الدور"
        hint={viewerRole === Role.SuperAdmin ? undefined : 'إنشاء حسابات المشرفين للمشرف العام فقط'}
        error={errors.role?.message}
        {...register('role', { valueAsNumber: true })}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {ROLE_NAMES_AR[role]}
          </option>
        ))}
      </Select>
      <FormError text={formError} />
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          {UI_MESSAGES.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          إنشاء الحساب
        </Button>
      </div>
    </form>
  );
}

/** The "create user" button and its dialog; the role choice depends on who is creating. */
export function CreateUserDialog({ viewerRole }: { viewerRole: Role }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title="إنشاء مستخدم"
      description="يُنشأ الحساب ويستطيع صاحبه الدخول بالبريد الإلكتروني وكلمة المرور."
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>إنشاء مستخدم</Button>}
    >
      {open && <CreateUserForm viewerRole={viewerRole} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { INVITE_ROLES, INVITE_VALID_DAYS, inviteCreateBodySchema } from '@talaqa/domain';
import type { InviteRole } from '@talaqa/domain';
import { Button, Input, ROLE_NAMES_AR, Select, formatNumber, useToast } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { actionErrorText, applyServerErrors, domainResolver } from '../../lib/forms';

interface InviteFormValues {
  email: string;
  role: string;
}

interface InviteOutput {
  email: string;
  role: InviteRole;
}

const FIELDS = ['email', 'role'] as const;

const resolver = domainResolver<InviteFormValues, InviteOutput>(
  inviteCreateBodySchema,
  (values) => ({ email: values.email, role: values.role ? Number(values.role) : undefined }),
);

/** The create dialog's form: the address and the role, checked with the domain's schema. */
export function InviteForm({
  onSave,
  onSaved,
  children,
}: {
  onSave: (body: InviteOutput) => Promise<unknown>;
  onSaved: () => void;
  children?: ReactNode;
}) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteFormValues, unknown, InviteOutput>({
    resolver,
    defaultValues: { email: '', role: String(INVITE_ROLES[0]) },
  });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onSave(body);
      onSaved();
    } catch (error) {
      const onField = { 'user-exists': 'email', 'invite-exists': 'email' } as const;
      if (applyServerErrors(error, setError, FIELDS, onField)) return;
      const text = actionErrorText(error, 'تعذّر إرسال الدعوة، من فضلك حاول مرة أخرى');
      setFormError(text);
      toast.error(text);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        يصل إلى البريد رابط تسجيل يعمل مرة واحدة خلال {formatNumber(INVITE_VALID_DAYS)} أيام.
      </p>
      <Input
        label="البريد الإلكتروني"
        type="email"
        dir="ltr"
        inputMode="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <Select label="الدور" error={errors.role?.message} {...register('role')}>
        {INVITE_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_NAMES_AR[role]}
          </option>
        ))}
      </Select>
      <FormError text={formError} />
      <div className="flex flex-wrap justify-end gap-3">
        {children}
        <Button type="submit" loading={isSubmitting}>
          إرسال الدعوة
        </Button>
      </div>
    </form>
  );
}

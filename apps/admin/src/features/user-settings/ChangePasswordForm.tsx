import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API, changePasswordSchema, passwordSchema } from '@talaqa/domain';
import { Button, PasswordChecklist, PasswordInput, UI_MESSAGES, useToast } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { api } from '../../api';
import { actionErrorText, applyServerErrors } from '../../lib/forms';
import { currentUserKey } from '../../lib/session';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  newPasswordConfirmation: string;
}

const FIELDS = ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };

/** For an account made with Google that never had a password: no current one to confirm. */
const setPasswordSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: passwordSchema,
    newPasswordConfirmation: z.string(),
  })
  .refine((form) => form.newPassword === form.newPasswordConfirmation, {
    error: 'new-password-mismatch',
    path: ['newPasswordConfirmation'],
  });

/** PATCH /auth/password: change one's own password, with the rules as a live checklist. */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: hasPassword ? zodResolver(changePasswordSchema) : zodResolver(setPasswordSchema),
    defaultValues: EMPTY,
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async (form) => {
    setFormError(null);
    const body = hasPassword
      ? form
      : { newPassword: form.newPassword, newPasswordConfirmation: form.newPasswordConfirmation };
    try {
      // Every other session ends; this device goes on with the fresh token answered (issue 15).
      const { token } = await api.call(API.auth.changePassword, { body });
      api.tokens.setBearer(token);
      reset(EMPTY);
      toast.success('تم تغيير كلمة المرور');
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    } catch (error) {
      if (
        applyServerErrors(error, setError, FIELDS, {
          'wrong-password': 'currentPassword',
          'new-password-mismatch': 'newPasswordConfirmation',
        })
      ) {
        return;
      }
      const text = actionErrorText(error, UI_MESSAGES.passwordResetFailed);
      setFormError(text);
      toast.error(text);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {hasPassword ? (
        <PasswordInput
          label="كلمة المرور الحالية"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      ) : (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          حسابك مسجّل عن طريق جوجل ولا توجد له كلمة مرور بعد؛ يمكنك إضافة واحدة هنا.
        </p>
      )}
      <PasswordInput
        label="كلمة المرور الجديدة"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordChecklist password={newPassword} />
      <PasswordInput
        label="تأكيد كلمة المرور الجديدة"
        autoComplete="new-password"
        error={errors.newPasswordConfirmation?.message}
        {...register('newPasswordConfirmation')}
      />
      <FormError text={formError} />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          {hasPassword ? 'تغيير كلمة المرور' : 'إضافة كلمة المرور'}
        </Button>
      </div>
    </form>
  );
}

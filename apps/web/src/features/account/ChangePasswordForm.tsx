import { changeOwnPasswordBodySchema, setOwnPasswordBodySchema } from '@talaqa/domain';
import { Button, PasswordChecklist, PasswordInput, UI_MESSAGES, useToast } from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { useFormFailure, useZodForm } from '../../lib/forms';
import { useChangePassword } from './queries';

const EMPTY = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };

/** Change the password; an account made with Google sets its first one without a current one. */
export function ChangePasswordForm() {
  const user = useCurrentUser();
  return user.hasPassword ? <ChangeForm /> : <SetForm />;
}

function ChangeForm() {
  const toast = useToast();
  const change = useChangePassword();
  const form = useZodForm(changeOwnPasswordBodySchema, { defaultValues: EMPTY });
  const onFailure = useFormFailure(
    form.setError,
    ['currentPassword', 'newPassword', 'newPasswordConfirmation'],
    UI_MESSAGES.passwordResetFailed,
    { 'wrong-password': 'currentPassword' },
  );
  const submit = form.handleSubmit((body) =>
    change.mutateAsync(body).then(() => {
      form.reset(EMPTY);
      toast.success(UI_MESSAGES.passwordChanged);
    }, onFailure),
  );
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('newPassword');
  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <PasswordInput
        label="كلمة المرور الحالية"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <PasswordInput
        label="كلمة المرور الجديدة"
        autoComplete="new-password"
        aria-describedby="change-password-rules"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <PasswordChecklist id="change-password-rules" password={password} />
      <PasswordInput
        label="تأكيد كلمة المرور الجديدة"
        autoComplete="new-password"
        error={errors.newPasswordConfirmation?.message}
        {...form.register('newPasswordConfirmation')}
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          تغيير كلمة المرور
        </Button>
      </div>
    </form>
  );
}

function SetForm() {
  const toast = useToast();
  const change = useChangePassword();
  const empty = { newPassword: '', newPasswordConfirmation: '' };
  const form = useZodForm(setOwnPasswordBodySchema, { defaultValues: empty });
  const onFailure = useFormFailure(
    form.setError,
    ['newPassword', 'newPasswordConfirmation'],
    UI_MESSAGES.passwordResetFailed,
  );
  const submit = form.handleSubmit((body) =>
    change.mutateAsync(body).then(() => {
      form.reset(empty);
      toast.success(UI_MESSAGES.passwordChanged);
    }, onFailure),
  );
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('newPassword');
  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <p className="text-muted">
        أنشأت حسابك بحساب جوجل. يمكنك تعيين كلمة مرور لتسجيل الدخول بالبريد الإلكتروني أيضًا.
      </p>
      <PasswordInput
        label="كلمة المرور الجديدة"
        autoComplete="new-password"
        aria-describedby="set-password-rules"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <PasswordChecklist id="set-password-rules" password={password} />
      <PasswordInput
        label="تأكيد كلمة المرور"
        autoComplete="new-password"
        error={errors.newPasswordConfirmation?.message}
        {...form.register('newPasswordConfirmation')}
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          تعيين كلمة المرور
        </Button>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { changeEmailBodySchema, CODE_RESEND_SECONDS } from '@talaqa/domain';
import { Alert, Button, CodeInput, Input, UI_MESSAGES, useToast } from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { failureMessage, useFormFailure, useZodForm } from '../../lib/forms';
import { useConfirmEmailCode, useSendEmailCode, useUpdateProfile } from './queries';
import { ResendCodeButton } from './ResendCodeButton';
import { codeFormSchema } from './schemas';

/**
 * Changing one's own e-mail (issue 15): the new address gets a code and the account keeps its
 * current address until that code is typed here; the old address is told once it changes.
 */
export function ChangeEmailForm() {
  const user = useCurrentUser();
  return user.pendingEmail ? <PendingEmail pendingEmail={user.pendingEmail} /> : <NewEmailForm />;
}

function NewEmailForm() {
  const user = useCurrentUser();
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useZodForm(changeEmailBodySchema, { defaultValues: { email: '' } });
  const onFailure = useFormFailure(form.setError, ['email'], UI_MESSAGES.emailChangeFailed, {
    'user-exists': 'email',
  });
  const submit = form.handleSubmit(({ email }) =>
    update.mutateAsync({ email }).then(() => {
      form.reset({ email: '' });
      toast.success(UI_MESSAGES.emailChangeCodeSent);
    }, onFailure),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <p className="text-muted">
        بريدك الحالي <bdi dir="ltr">{user.email}</bdi>. سنرسل رمزًا إلى العنوان الجديد، ولن يتغيّر
        بريد حسابك حتى تُدخل الرمز.
      </p>
      <Input
        label="البريد الإلكتروني الجديد"
        type="email"
        dir="ltr"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          أرسل رمزًا إلى العنوان الجديد
        </Button>
      </div>
    </form>
  );
}

function PendingEmail({ pendingEmail }: { pendingEmail: string }) {
  const user = useCurrentUser();
  const toast = useToast();
  const update = useUpdateProfile();
  const send = useSendEmailCode();
  const confirm = useConfirmEmailCode();
  // The code of the change went out just now; after a reload the server says when to resend.
  const [resendAfter, setResendAfter] = useState<string | null>(() =>
    new Date(Date.now() + CODE_RESEND_SECONDS * 1000).toISOString(),
  );
  const form = useZodForm(codeFormSchema, { defaultValues: { code: '' } });
  const onFailure = useFormFailure(form.setError, ['code'], UI_MESSAGES.emailChangeFailed, {
    'invalid-verification-code': 'code',
    'expired-verification-code': 'code',
  });
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutateAsync(code).then(() => toast.success(UI_MESSAGES.emailChanged), onFailure),
  );
  const resend = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setResendAfter(answer.resendAfter);
        form.reset({ code: '' });
        toast.success(UI_MESSAGES.emailChangeCodeSent);
      },
      onError: (error) => toast.error(failureMessage(error, UI_MESSAGES.emailCodeSendFailed)),
    });
  const cancel = () =>
    update.mutate(
      { email: user.email },
      {
        onSuccess: () => toast.info(UI_MESSAGES.emailChangeCancelled),
        onError: (error) => toast.error(failureMessage(error, UI_MESSAGES.emailChangeFailed)),
      },
    );
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <Alert tone="info" role="status" title="تحقّق من بريدك الجديد">
        <p>
          أرسلنا رمزًا من ٥ أرقام إلى <bdi dir="ltr">{pendingEmail}</bdi>. يبقى{' '}
          <bdi dir="ltr">{user.email}</bdi> بريد حسابك حتى تُدخل الرمز هنا.
        </p>
      </Alert>
      <CodeInput label="رمز التأكيد" error={errors.code?.message} {...form.register('code')} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={isSubmitting}>
          تأكيد العنوان الجديد
        </Button>
        <ResendCodeButton resendAfter={resendAfter} onResend={resend} loading={send.isPending} />
        <Button variant="ghost" onClick={cancel} loading={update.isPending}>
          إلغاء التغيير
        </Button>
      </div>
    </form>
  );
}

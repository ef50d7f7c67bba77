import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@talaqa/api-client';
import type { CodeSentAnswer } from '@talaqa/domain';
import { Alert, Button, CodeInput, UI_MESSAGES, useToast } from '@talaqa/ui';
import { CURRENT_USER_KEY, useCurrentUser } from '../../lib/session';
import { failureMessage, quietWhileEmpty, useFormFailure, useZodForm } from '../../lib/forms';
import { useConfirmEmailCode, useSendEmailCode } from './queries';
import { emailCodeSent, rememberEmailCodeSent } from './code-sent';
import { ResendCodeButton } from './ResendCodeButton';
import { codeFormSchema } from './schemas';

/**
 * E-mail verification: send a 5-digit code to the user's address, type it, done. Resending waits
 * for the server's `resendAfter`; a verified address shows a clear success state.
 */
export function EmailVerification() {
  const user = useCurrentUser();
  // A new address waiting for its code gets the code (confirming it verifies and switches).
  const address = user.pendingEmail ?? user.email;
  const toast = useToast();
  const queryClient = useQueryClient();
  const send = useSendEmailCode();
  const confirm = useConfirmEmailCode();
  const [sent, setSent] = useState<CodeSentAnswer | null>(() => emailCodeSent(user.id, address));
  const form = useZodForm(codeFormSchema, { defaultValues: { code: '' } });
  const onFailure = useFormFailure(form.setError, ['code'], UI_MESSAGES.emailVerificationFailed, {
    'invalid-verification-code': 'code',
    'expired-verification-code': 'code',
    'invalid-confirmation-code': 'code',
  });

  const alreadyVerified = (error: unknown) => {
    if (!isApiError(error) || error.code !== 'email-already-verified') return false;
    toast.info(UI_MESSAGES.emailVerified);
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    return true;
  };

  const sendCode = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setSent(answer);
        rememberEmailCodeSent(user.id, address, answer);
        form.reset({ code: '' });
        toast.success(UI_MESSAGES.codeSent);
      },
      onError: (error) => {
        if (!alreadyVerified(error)) {
          toast.error(failureMessage(error, UI_MESSAGES.emailCodeSendFailed));
        }
      },
    });

  const submit = form.handleSubmit(({ code }) =>
    confirm.mutateAsync(code).then(
      () => toast.success(UI_MESSAGES.emailVerified),
      (error: unknown) => {
        if (!alreadyVerified(error)) onFailure(error);
      },
    ),
  );

  if (user.verifiedEmail && !user.pendingEmail) {
    return (
      <Alert tone="success" role="status" title="بريدك الإلكتروني مؤكَّد">
        <p>
          تم تأكيد <bdi dir="ltr">{user.email}</bdi>، ويمكنك حجز الدروس والمحادثة مع المعلمين.
        </p>
      </Alert>
    );
  }

  if (!sent) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-muted">
          سنرسل رمزًا من ٥ أرقام إلى <bdi dir="ltr">{address}</bdi>. تأكيد البريد مطلوب لحجز الدروس
          والمحادثة.
        </p>
        <div>
          <Button onClick={sendCode} loading={send.isPending}>
            أرسل رمز التأكيد
          </Button>
        </div>
      </div>
    );
  }

  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-muted">
        أدخل الرمز الذي أرسلناه إلى <bdi dir="ltr">{address}</bdi>.
      </p>
      <CodeInput
        label="رمز التأكيد"
        autoFocus
        error={errors.code?.message}
        {...quietWhileEmpty(form.register('code'))}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={isSubmitting}>
          تأكيد البريد
        </Button>
        <ResendCodeButton
          resendAfter={sent.resendAfter}
          onResend={sendCode}
          loading={send.isPending}
        />
      </div>
    </form>
  );
}

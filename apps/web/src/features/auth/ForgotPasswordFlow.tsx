import { useState } from 'react';
import { isApiError } from '@talaqa/api-client';
import { sendPasswordCodeBodySchema } from '@talaqa/domain';
import type { CodeSentAnswer } from '@talaqa/domain';
import {
  Alert,
  Button,
  CodeInput,
  ERROR_MESSAGES,
  Input,
  PasswordChecklist,
  PasswordInput,
  Stepper,
  UI_MESSAGES,
  useToast,
} from '@talaqa/ui';
import { codesApi, authApi } from '../../api';
import { failureMessage, useFormFailure, useZodForm } from '../../lib/forms';
import { ResendCodeButton } from '../account/ResendCodeButton';
import { codeFormSchema, newPasswordFormSchema } from '../account/schemas';

const STEPS = ['البريد الإلكتروني', 'رمز التأكيد', 'كلمة المرور الجديدة'] as const;

/**
 * Answers that must read exactly like a sent code, so the flow never tells whether an e-mail has
 * an account (the server answers 200 anyway; this covers a server that does not).
 */
const looksSent = (error: unknown) =>
  isApiError(error) && (error.code === 'user-not-found' || error.code === 'not-found');

/** The answer shown for such a reply: the resend waits as if a code had gone out. */
const ASSUMED_RESEND_SECONDS = 60;
const assumedAnswer = (): CodeSentAnswer => ({
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  resendAfter: new Date(Date.now() + ASSUMED_RESEND_SECONDS * 1000).toISOString(),
});

export interface ForgotPasswordFlowProps {
  initialEmail?: string;
  /** Starts at the code step (a link that carries the e-mail and the code). */
  initialCode?: string;
  /** After the new password is saved: back to the sign-in form with this e-mail. */
  onDone: (email: string) => void;
}

/**
 * Forgotten password in three steps: the e-mail (a code is sent, or it is not, and the page says
 * the same either way), the 5-digit code (answers a short-lived reset token), the new password.
 */
export function ForgotPasswordFlow({
  initialEmail = '',
  initialCode,
  onDone,
}: ForgotPasswordFlowProps) {
  const [step, setStep] = useState(initialCode && initialEmail ? 1 : 0);
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<CodeSentAnswer | null>(null);
  const [resetToken, setResetToken] = useState('');

  return (
    <div className="flex flex-col gap-5">
      <Stepper steps={STEPS} current={step} label="خطوات استعادة كلمة المرور" />
      {step === 0 && (
        <EmailStep
          email={email}
          onSent={(address, answer) => {
            setEmail(address);
            setSent(answer);
            setStep(1);
          }}
        />
      )}
      {step === 1 && (
        <CodeStep
          email={email}
          initialCode={initialCode}
          sent={sent}
          onResent={setSent}
          onChangeEmail={() => setStep(0)}
          onConfirmed={(token) => {
            setResetToken(token);
            setStep(2);
          }}
        />
      )}
      {step === 2 && (
        <NewPasswordStep
          resetToken={resetToken}
          onExpired={() => setStep(1)}
          onDone={() => onDone(email)}
        />
      )}
    </div>
  );
}

function EmailStep({
  email,
  onSent,
}: {
  email: string;
  onSent: (email: string, answer: CodeSentAnswer) => void;
}) {
  const form = useZodForm(sendPasswordCodeBodySchema, { defaultValues: { email } });
  const onFailure = useFormFailure(form.setError, ['email'], UI_MESSAGES.emailCodeSendFailed);
  const submit = form.handleSubmit(({ email: address }) =>
    codesApi.sendPasswordCode(address).then(
      (answer) => onSent(address, answer),
      (error: unknown) => {
        if (looksSent(error)) onSent(address, assumedAnswer());
        else onFailure(error);
      },
    ),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-muted">
        أدخل البريد الإلكتروني الذي سجّلت به، وسنرسل إليه رمزًا من ٥ أرقام لتعيين كلمة مرور جديدة.
      </p>
      <Input
        label="البريد الإلكتروني"
        type="email"
        dir="ltr"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" loading={isSubmitting}>
        أرسل الرمز
      </Button>
    </form>
  );
}

function CodeStep({
  email,
  initialCode,
  sent,
  onResent,
  onChangeEmail,
  onConfirmed,
}: {
  email: string;
  initialCode?: string;
  sent: CodeSentAnswer | null;
  onResent: (answer: CodeSentAnswer) => void;
  onChangeEmail: () => void;
  onConfirmed: (resetToken: string) => void;
}) {
  const toast = useToast();
  const [resending, setResending] = useState(false);
  const form = useZodForm(codeFormSchema, { defaultValues: { code: initialCode ?? '' } });
  const onFailure = useFormFailure(form.setError, ['code'], UI_MESSAGES.passwordResetFailed, {
    'invalid-verification-code': 'code',
    'expired-verification-code': 'code',
    'invalid-confirmation-code': 'code',
  });
  const submit = form.handleSubmit(({ code }) =>
    codesApi
      .confirmPasswordCode(email, code)
      .then((answer) => onConfirmed(answer.resetToken), onFailure),
  );
  const resend = () => {
    setResending(true);
    codesApi
      .sendPasswordCode(email)
      .then(
        (answer) => {
          onResent(answer);
          toast.success(UI_MESSAGES.codeSent);
        },
        (error: unknown) => {
          if (looksSent(error)) {
            onResent(assumedAnswer());
            toast.success(UI_MESSAGES.codeSent);
          } else toast.error(failureMessage(error, UI_MESSAGES.emailCodeSendFailed));
        },
      )
      .finally(() => setResending(false));
  };
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Alert tone="info" role="status">
        {UI_MESSAGES.passwordCodeMaybeSent}
      </Alert>
      <p className="text-sm text-muted">
        البريد: <bdi dir="ltr">{email}</bdi>{' '}
        <button
          type="button"
          onClick={onChangeEmail}
          className="rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          تغيير البريد
        </button>
      </p>
      <CodeInput
        label="رمز التأكيد"
        autoFocus
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={isSubmitting}>
          التالي
        </Button>
        <ResendCodeButton resendAfter={sent?.resendAfter} onResend={resend} loading={resending} />
      </div>
    </form>
  );
}

function NewPasswordStep({
  resetToken,
  onExpired,
  onDone,
}: {
  resetToken: string;
  onExpired: () => void;
  onDone: () => void;
}) {
  const toast = useToast();
  const form = useZodForm(newPasswordFormSchema, {
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const onFailure = useFormFailure(
    form.setError,
    ['password', 'passwordConfirmation'],
    UI_MESSAGES.passwordResetFailed,
  );
  const submit = form.handleSubmit((body) =>
    authApi.resetPassword({ resetToken, ...body }).then(
      () => {
        toast.success(UI_MESSAGES.passwordResetSucceeded);
        onDone();
      },
      (error: unknown) => {
        // The reset token lives a short time: ask for the code again.
        if (
          isApiError(error) &&
          (error.status === 401 || error.code === 'expired-verification-code')
        ) {
          toast.error(ERROR_MESSAGES['expired-verification-code']);
          onExpired();
          return;
        }
        onFailure(error);
      },
    ),
  );
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <PasswordInput
        label="كلمة المرور الجديدة"
        autoComplete="new-password"
        autoFocus
        aria-describedby="reset-password-rules"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordChecklist id="reset-password-rules" password={password} />
      <PasswordInput
        label="تأكيد كلمة المرور"
        autoComplete="new-password"
        error={errors.passwordConfirmation?.message}
        {...form.register('passwordConfirmation')}
      />
      <Button type="submit" loading={isSubmitting}>
        حفظ كلمة المرور
      </Button>
    </form>
  );
}

import { useState } from 'react';
import { isApiError } from '@talaqa/api-client';
import { NotificationMethod } from '@talaqa/domain';
import type { CodeSentAnswer } from '@talaqa/domain';
import {
  Alert,
  Button,
  CodeInput,
  Input,
  NOTIFICATION_METHOD_NAMES_AR,
  RadioGroup,
  UI_MESSAGES,
  useToast,
} from '@talaqa/ui';
import { useCurrentUser } from '../session/session-context';
import { useFormFailure, useZodForm } from './forms';
import { useSendPhoneCode, useUpdateProfile, useVerifyPhoneCode } from './queries';
import { ResendCodeButton } from './ResendCodeButton';
import { codeFormSchema, phoneFormSchema } from './schemas';
import { TelegramLink } from './TelegramLink';

const METHOD_OPTIONS = [NotificationMethod.WhatsApp, NotificationMethod.Telegram].map((method) => ({
  value: method,
  label: NOTIFICATION_METHOD_NAMES_AR[method],
}));

/**
 * Phone verification over WhatsApp or Telegram (spec section 4): the number and the app, then the
 * 5-digit code. Choosing an app different from the user's notification method saves it first,
 * since the server sends the code over that method.
 */
export function PhoneVerification() {
  const user = useCurrentUser();
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const [sent, setSent] = useState<(CodeSentAnswer & { phone: string }) | null>(null);

  const phoneForm = useZodForm(phoneFormSchema, {
    defaultValues: {
      phone: user.phone ?? '',
      method:
        user.notificationMethod === NotificationMethod.None
          ? NotificationMethod.WhatsApp
          : user.notificationMethod,
    },
  });
  const codeForm = useZodForm(codeFormSchema, { defaultValues: { code: '' } });
  const onPhoneFailure = useFormFailure(
    phoneForm.setError,
    ['phone', 'method'],
    UI_MESSAGES.phoneCodeSendFailed,
    {
      'phone-required': 'phone',
      'invalid-phone': 'phone',
      'unresolved-phone': 'phone',
    },
  );
  const onCodeFailure = useFormFailure(codeForm.setError, ['code'], UI_MESSAGES.unexpected, {
    'invalid-verification-code': 'code',
    'expired-verification-code': 'code',
    'invalid-confirmation-code': 'code',
  });

  const sendCode = async (phone: string, method: NotificationMethod) => {
    try {
      if (method !== user.notificationMethod) {
        await updateProfile.mutateAsync({ notificationMethod: method });
      }
      const answer = await send.mutateAsync(phone);
      setSent({ ...answer, phone });
      codeForm.reset({ code: '' });
      toast.success(UI_MESSAGES.codeSent);
    } catch (error) {
      if (isApiError(error) && error.code === 'phone-already-verified') {
        toast.info(UI_MESSAGES.phoneVerified);
        return;
      }
      onPhoneFailure(error);
    }
  };

  const submitPhone = phoneForm.handleSubmit(({ phone, method }) => sendCode(phone, method));
  const submitCode = codeForm.handleSubmit(({ code }) =>
    verify.mutateAsync(code).then(() => toast.success(UI_MESSAGES.phoneVerified), onCodeFailure),
  );

  if (user.verifiedPhone) {
    return (
      <Alert tone="success" role="status" title="رقم هاتفك مؤكَّد">
        <p>
          الرقم <bdi dir="ltr">{user.phone}</bdi> مؤكَّد، وتصلك الإشعارات عبر{' '}
          {NOTIFICATION_METHOD_NAMES_AR[user.notificationMethod]}.
        </p>
      </Alert>
    );
  }

  if (sent) {
    const { errors, isSubmitting } = codeForm.formState;
    return (
      <form noValidate onSubmit={submitCode} className="flex flex-col gap-4">
        <p className="text-muted">
          أدخل الرمز الذي أرسلناه إلى <bdi dir="ltr">{sent.phone}</bdi> عبر{' '}
          {NOTIFICATION_METHOD_NAMES_AR[phoneForm.getValues('method')]}.
        </p>
        <CodeInput
          label="رمز التأكيد"
          autoFocus
          error={errors.code?.message}
          {...codeForm.register('code')}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" loading={isSubmitting}>
            تأكيد الرقم
          </Button>
          <ResendCodeButton
            resendAfter={sent.resendAfter}
            loading={send.isPending}
            onResend={() => void sendCode(sent.phone, phoneForm.getValues('method'))}
          />
          <Button variant="ghost" onClick={() => setSent(null)}>
            تغيير الرقم
          </Button>
        </div>
      </form>
    );
  }

  const { errors, isSubmitting } = phoneForm.formState;
  const [typedPhone, method] = phoneForm.watch(['phone', 'method']);
  return (
    <form noValidate onSubmit={submitPhone} className="flex flex-col gap-4">
      <Input
        label="رقم الهاتف المحمول"
        type="tel"
        dir="ltr"
        inputMode="tel"
        autoComplete="tel"
        placeholder="01xxxxxxxxx"
        hint="رقم مصري يبدأ بـ 010 أو 011 أو 012 أو 015"
        error={errors.phone?.message}
        {...phoneForm.register('phone')}
      />
      <RadioGroup
        legend="أرسل الرمز عبر"
        options={METHOD_OPTIONS}
        inline
        hint="ستصلك إشعارات الدروس على التطبيق نفسه."
        error={errors.method?.message}
        inputProps={phoneForm.register('method')}
      />
      {method === NotificationMethod.Telegram && (
        <TelegramLink phone={typedPhone} onFailure={onPhoneFailure} />
      )}
      <div>
        <Button type="submit" loading={isSubmitting}>
          أرسل رمز التأكيد
        </Button>
      </div>
    </form>
  );
}

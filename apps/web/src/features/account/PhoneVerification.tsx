import { useEffect, useState } from 'react';
import { isApiError } from '@talaqa/api-client';
import {
  NotificationMethod,
  PHONE_CODE_CHANNELS,
  ServerEvent,
  defaultPhoneCodeChannel,
} from '@talaqa/domain';
import type { PhoneCodeChannel, User } from '@talaqa/domain';
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
import { useCurrentUser } from '../../lib/session';
import { failureMessage, quietWhileEmpty, useFormFailure, useZodForm } from '../../lib/forms';
import { useRealtimeEvent } from '../../lib/realtime';
import {
  usePhoneCodeDelivery,
  useSendPhoneCode,
  useUpdateProfile,
  useVerifyPhoneCode,
} from './queries';
import { phoneCodeSent, rememberPhoneCodeSent } from './code-sent';
import type { PhoneCodeSent } from './code-sent';
import { ResendCodeButton } from './ResendCodeButton';
import { codeFormSchema, phoneFormSchema } from './schemas';
import { TelegramLink } from './TelegramLink';

const CHANNEL_OPTIONS = PHONE_CODE_CHANNELS.map((channel) => ({
  value: channel,
  label: NOTIFICATION_METHOD_NAMES_AR[channel],
}));

/**
 * Phone verification over WhatsApp or Telegram (spec section 4): the number and the app, then the
 * 5-digit code. The app goes with the send request (an app becomes the notification method only
 * once the phone is verified); once the code is confirmed, notifications are activated on the
 * same app, as the form promises.
 */
export function PhoneVerification() {
  const user = useCurrentUser();
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  // A code sent before a reload or before the dialog was closed can still be typed.
  const [sent, setSentState] = useState<PhoneCodeSent | null>(() => phoneCodeSent(user.id));
  const setSent = (next: PhoneCodeSent | null) => {
    setSentState(next);
    rememberPhoneCodeSent(user.id, next);
  };

  const phoneForm = useZodForm(phoneFormSchema, {
    defaultValues: {
      phone: user.phone ?? '',
      method: defaultPhoneCodeChannel(user.notificationMethod),
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
      'incorrect-phone': 'phone',
    },
  );
  const onCodeFailure = useFormFailure(codeForm.setError, ['code'], UI_MESSAGES.unexpected, {
    'invalid-verification-code': 'code',
    'expired-verification-code': 'code',
    'invalid-confirmation-code': 'code',
  });

  // WhatsApp accepts a code at once and reports later that it could not deliver it (issue 16):
  // the screen hears it over the realtime channel, or on its next poll, and goes back to the
  // number with the reason under it (the server has withdrawn the code).
  const awaitingWhatsApp = sent?.channel === NotificationMethod.WhatsApp ? sent : null;
  const delivery = usePhoneCodeDelivery(awaitingWhatsApp ? awaitingWhatsApp.expiresAt : null);
  const undelivered = (phone: string) => {
    if (!awaitingWhatsApp || awaitingWhatsApp.phone !== phone) return;
    setSent(null);
    phoneForm.setError('phone', { type: 'server', message: 'unresolved-phone' });
  };
  const polled = delivery.data;
  useEffect(() => {
    if (polled?.error?.code === 'unresolved-phone' && polled.phone) undelivered(polled.phone);
    // Only a new answer matters; `undelivered` reads the current state when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polled]);
  useRealtimeEvent(ServerEvent.PhoneCodeUndelivered, awaitingWhatsApp !== null, (event) =>
    undelivered(event.phone),
  );

  const sendCode = async (phone: string, channel: PhoneCodeChannel) => {
    try {
      const answer = await send.mutateAsync({ phone, channel });
      setSent({ ...answer, phone, channel });
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

  // The schema refuses `none`, so the choice is one of the two apps.
  const submitPhone = phoneForm.handleSubmit(({ phone, method }) =>
    sendCode(phone, defaultPhoneCodeChannel(method)),
  );

  const confirmCode = async (code: string, channel: PhoneCodeChannel) => {
    let verified: User;
    try {
      verified = (await verify.mutateAsync(code)).user;
    } catch (error) {
      if (isApiError(error) && error.code === 'incorrect-phone') {
        // Another account holds this number: back to the number, with the reason under it.
        setSent(null);
        phoneForm.setError('phone', { type: 'server', message: error.code });
        return;
      }
      onCodeFailure(error);
      return;
    }
    rememberPhoneCodeSent(user.id, null);
    toast.success(UI_MESSAGES.phoneVerified);
    if (verified.notificationMethod === channel) return;
    // The phone is verified now, so notifications may go over the app the code came by.
    await updateProfile
      .mutateAsync({ notificationMethod: channel })
      .catch((error: unknown) =>
        toast.error(failureMessage(error, UI_MESSAGES.profileUpdateFailed)),
      );
  };
  const submitCode = codeForm.handleSubmit(({ code }) =>
    sent ? confirmCode(code, sent.channel) : undefined,
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
          {NOTIFICATION_METHOD_NAMES_AR[sent.channel]}.
        </p>
        <CodeInput
          label="رمز التأكيد"
          autoFocus
          error={errors.code?.message}
          {...quietWhileEmpty(codeForm.register('code'))}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" loading={isSubmitting}>
            تأكيد الرقم
          </Button>
          <ResendCodeButton
            resendAfter={sent.resendAfter}
            loading={send.isPending}
            onResend={() => void sendCode(sent.phone, sent.channel)}
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
        options={CHANNEL_OPTIONS}
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

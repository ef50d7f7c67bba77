import { NOTIFICATION_METHODS, NotificationMethod } from '@talaqa/domain';
import {
  Button,
  NOTIFICATION_METHOD_NAMES_AR,
  RadioGroup,
  UI_MESSAGES,
  useToast,
} from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { useFormFailure, useZodForm } from '../../lib/forms';
import { useUpdateProfile } from './queries';
import { notificationsFormSchema } from './schemas';

const DESCRIPTIONS: Record<NotificationMethod, string> = {
  [NotificationMethod.WhatsApp]: 'تذكير قبل الدرس بيوم وبساعة، ورسائل التأكيد على واتساب.',
  [NotificationMethod.Telegram]: 'التذكيرات ورسائل التأكيد على تيليجرام.',
  [NotificationMethod.None]: 'لن تصلك تذكيرات الدروس على هاتفك.',
};

/** The choices; WhatsApp and Telegram wait for a verified phone (the server refuses them before). */
const optionsFor = (verifiedPhone: boolean) =>
  NOTIFICATION_METHODS.map((method) => ({
    value: method,
    label: NOTIFICATION_METHOD_NAMES_AR[method],
    description: DESCRIPTIONS[method],
    disabled: !verifiedPhone && method !== NotificationMethod.None,
  }));

/**
 * How lesson reminders and phone codes reach the user: WhatsApp, Telegram or nothing. An app is
 * activated only once the phone is verified (spec: "phone code, then notifications activated").
 */
export function NotificationsForm() {
  const user = useCurrentUser();
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useZodForm(notificationsFormSchema, {
    defaultValues: { notificationMethod: user.notificationMethod },
  });
  const onFailure = useFormFailure(
    form.setError,
    ['notificationMethod'],
    UI_MESSAGES.profileUpdateFailed,
    { 'unverified-phone': 'notificationMethod' },
  );
  const submit = form.handleSubmit((body) =>
    update.mutateAsync(body).then((saved) => {
      form.reset({ notificationMethod: saved.notificationMethod });
      toast.success(UI_MESSAGES.notificationsUpdated);
    }, onFailure),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <RadioGroup
        legend="طريقة استلام الإشعارات"
        options={optionsFor(user.verifiedPhone)}
        error={errors.notificationMethod?.message}
        hint={
          user.verifiedPhone
            ? undefined
            : 'أكِّد رقم هاتفك أولًا حتى تصلك الإشعارات على واتساب أو تيليجرام.'
        }
        inputProps={form.register('notificationMethod')}
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          حفظ
        </Button>
      </div>
    </form>
  );
}

import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { userNameSchema } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { Button, Input, PageTitle, SignOutAllDevices, UI_MESSAGES, useToast } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { actionErrorText, applyServerErrors } from '../../lib/forms';
import { signOutAllDevices, useCurrentUser } from '../../lib/session';
import { Email, RoleBadge, VerificationBadges } from '../../components/UserBadges';
import { UserImage } from '../users/UserImage';
import { useUpdateUser } from '../users/queries';
import { ChangePasswordForm } from './ChangePasswordForm';

const nameSchema = z.object({ name: userNameSchema });

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="mb-4 text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function NameForm({ me }: { me: User }) {
  const toast = useToast();
  const update = useUpdateUser(me.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(nameSchema), defaultValues: { name: me.name } });

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ name });
      reset({ name: saved.name });
      toast.success('تم حفظ اسمك');
    } catch (error) {
      if (applyServerErrors(error, setError, ['name'], { 'invalid-user-name': 'name' })) return;
      const text = actionErrorText(error, UI_MESSAGES.profileUpdateFailed);
      setFormError(text);
      toast.error(text);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Input
        label="الاسم"
        hint="الاسم الأول واسم العائلة"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold text-ink">البريد الإلكتروني</span>
        <p className="text-muted">
          <Email value={me.email} />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <RoleBadge role={me.role} />
        <VerificationBadges user={me} />
      </div>
      <FormError text={formError} />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          حفظ الاسم
        </Button>
      </div>
    </form>
  );
}

/**
 * `/user-settings`: the signed-in admin's own account: name, image, password, and signing out of
 * every other device.
 */
export default function UserSettingsPage() {
  const me = useCurrentUser().data;
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="إعدادات المستخدم">
        <p>إعدادات حسابك كمشرف: البيانات وكلمة المرور والأجهزة المسجّل دخولها.</p>
      </PageTitle>
      {me && (
        <div className="grid items-start gap-5 lg:grid-cols-2">
          <Card id="my-data-heading" title="بياناتي">
            <NameForm key={me.id} me={me} />
          </Card>
          <Card id="my-image-heading" title="صورتي">
            <UserImage user={me} label="صورتك" />
          </Card>
          <div className="lg:col-span-2">
            <Card id="my-password-heading" title="كلمة المرور">
              <div className="flex max-w-xl flex-col gap-6">
                <ChangePasswordForm hasPassword={me.hasPassword} />
                <SignOutAllDevices signOut={signOutAllDevices} />
              </div>
            </Card>
          </div>
        </div>
      )}
    </section>
  );
}

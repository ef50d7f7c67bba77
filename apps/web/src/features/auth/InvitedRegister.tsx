import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { inviteAcceptBodySchema } from '@talaqa/domain';
import type { InviteSummary } from '@talaqa/domain';
import {
  Button,
  Input,
  PasswordChecklist,
  PasswordInput,
  ROLE_NAMES_AR,
  Spinner,
  UI_MESSAGES,
  fieldErrorText,
  messageForError,
  useToast,
} from '@talaqa/ui';
import { authApi, landingUrl } from '../../api';
import { paths } from '../../paths';
import { useFormFailure, useZodForm } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { AuthCard, linkClass } from './AuthCard';

/**
 * `/register/{role}?invite=<token>` (docs/decisions/343-invites.md): the sign-up of someone an
 * admin invited. The invite fixes the address and the role; a used, revoked or expired link says
 * so instead of the form.
 */
export function InvitedRegister({ token }: { token: string }) {
  const invite = useQuery({
    queryKey: ['invite-check', token],
    queryFn: () => authApi.checkInvite(token),
    retry: false,
    staleTime: Infinity,
  });
  if (invite.isPending) {
    return (
      <AuthCard title="دعوة للانضمام إلى طلاقة">
        <div className="flex justify-center py-6">
          <Spinner label="جارٍ التحقق من الدعوة" />
        </div>
      </AuthCard>
    );
  }
  if (invite.isError) {
    return (
      <AuthCard title="تعذّر استخدام رابط الدعوة">
        <div className="flex flex-col gap-4">
          <p role="alert">{messageForError(invite.error)}</p>
          <p className="text-center">
            لديك حساب بالفعل؟{' '}
            <Link to={paths.login} className={linkClass}>
              سجّل الدخول
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }
  const roleName = ROLE_NAMES_AR[invite.data.role];
  return (
    <AuthCard
      title={`إنشاء حساب ${roleName}`}
      intro={<p>دُعيت للانضمام إلى طلاقة بصفة {roleName}. أكمل بياناتك لإنشاء حسابك.</p>}
    >
      <InvitedForm token={token} invite={invite.data} />
    </AuthCard>
  );
}

const FIELDS = ['name', 'password', 'passwordConfirmation', 'acceptTerms'] as const;

function InvitedForm({ token, invite }: { token: string; invite: InviteSummary }) {
  const { signIn } = useSession();
  const toast = useToast();
  const termsId = useId();
  const form = useZodForm(inviteAcceptBodySchema, {
    defaultValues: {
      token,
      name: '',
      password: '',
      passwordConfirmation: '',
      acceptTerms: false as unknown as true,
    },
  });
  const onFailure = useFormFailure(form.setError, FIELDS, UI_MESSAGES.registrationFailed, {
    'invalid-user-name': 'name',
  });
  const submit = form.handleSubmit((body) =>
    authApi
      .acceptInvite(body)
      .then(({ emailCode: _sent, ...session }) => {
        signIn(session);
        toast.success(UI_MESSAGES.registrationSucceeded);
      })
      .catch(onFailure),
  );
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');
  const termsError = errors.acceptTerms
    ? 'من فضلك وافق على الشروط والأحكام وسياسة الخصوصية لإنشاء حسابك'
    : undefined;
  const landing = landingUrl();
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Input
        label="البريد الإلكتروني"
        type="email"
        dir="ltr"
        value={invite.email}
        readOnly
        hint="العنوان الذي وصلته الدعوة؛ يُعدّ مؤكَّدًا"
      />
      <Input
        label="الاسم الكامل"
        autoComplete="name"
        hint="الاسم الأول واسم العائلة"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <PasswordInput
        label="كلمة المرور"
        autoComplete="new-password"
        aria-describedby="invite-password-rules"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordChecklist id="invite-password-rules" password={password} />
      <PasswordInput
        label="تأكيد كلمة المرور"
        autoComplete="new-password"
        error={errors.passwordConfirmation?.message}
        {...form.register('passwordConfirmation')}
      />
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${termsId}-error` : undefined}
            className="mt-1.5 size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            {...form.register('acceptTerms')}
          />
          <label htmlFor={termsId} className="cursor-pointer text-sm leading-relaxed text-ink">
            أوافق على{' '}
            <a href={`${landing}/terms`} target="_blank" rel="noreferrer" className={linkClass}>
              الشروط والأحكام
            </a>{' '}
            و
            <a href={`${landing}/privacy`} target="_blank" rel="noreferrer" className={linkClass}>
              سياسة الخصوصية
            </a>{' '}
            لمنصة طلاقة.
          </label>
        </div>
        {termsError && (
          <p id={`${termsId}-error`} className="text-sm font-semibold text-red-700">
            {fieldErrorText(termsError)}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" loading={isSubmitting}>
        إنشاء حسابي
      </Button>
    </form>
  );
}

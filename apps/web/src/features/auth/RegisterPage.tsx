import { useId } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { INVITE_ROLE_WORD, SIGN_UP_ROLE_OF_WORD } from '@talaqa/domain';
import {
  Button,
  Input,
  NotFoundPage,
  PasswordChecklist,
  PasswordInput,
  UI_MESSAGES,
  fieldErrorText,
  useToast,
} from '@talaqa/ui';
import { authApi, landingUrl } from '../../api';
import { REGISTER_ROLES, paths, registerPath } from '../../paths';
import type { RegisterRole } from '../../paths';
import { rememberEmailCodeSent } from '../account/code-sent';
import { useFormFailure, useZodForm } from '../../lib/forms';
import { destinationAfterSignIn, withNext } from '../../lib/destinations';
import { useSession } from '../../lib/session';
import { registerFormSchema } from '../account/schemas';
import { AuthCard, linkClass } from './AuthCard';
import { GoogleButton, OrDivider } from './GoogleButton';
import { googleConfig } from './google';
import { InvitedRegister } from './InvitedRegister';

const VARIANTS: Record<
  RegisterRole,
  { title: string; intro: string; submit: string; google: string; other: string }
> = {
  student: {
    title: 'إنشاء حساب طالب',
    intro: 'سجّل في دقيقة، ثم اختر معلمك واحجز أول درس لك في الموعد الذي يناسبك.',
    submit: 'إنشاء حساب الطالب',
    google: 'التسجيل بحساب جوجل',
    other: 'هل أنت معلم لغة إنجليزية؟ انضم إلينا معلمًا',
  },
  tutor: {
    title: 'إنشاء حساب معلم',
    intro:
      'سجّل، ثم ابدأ خطوات الانضمام: الفيديو التعريفي والمقابلة والجلسة التجريبية، وبعدها يراك الطلاب.',
    submit: 'إنشاء حساب المعلم',
    google: 'التسجيل معلمًا بحساب جوجل',
    other: 'تريد أن تتعلّم؟ أنشئ حساب طالب',
  },
};

const isRegisterRole = (value: string | undefined): value is RegisterRole =>
  (REGISTER_ROLES as readonly (string | undefined)[]).includes(value);

/** The role words of invite links: tutor, and the roles nobody signs up for alone (record 343). */
const INVITE_WORDS: readonly (string | undefined)[] = Object.values(INVITE_ROLE_WORD);

/**
 * `/register/:role`: the student and tutor sign-up; with `?invite=<token>`, the sign-up of an
 * invited tutor manager, studio or tutor (InvitedRegister). Any other role is a page that does
 * not exist.
 */
export default function RegisterPage() {
  const { role } = useParams();
  const session = useSession();
  // Where the visitor was going (a checkout picked on /pricing or /plans): kept through sign-up,
  // the e-mail code and the profile steps.
  const [params] = useSearchParams();
  const next = params.get('next');
  const invite = params.get('invite');
  const invited = invite !== null && INVITE_WORDS.includes(role);
  if (!invited && !isRegisterRole(role)) return <NotFoundPage />;
  if (session.status === 'signed-in' && session.user) {
    return <Navigate to={destinationAfterSignIn(session.user, next)} replace />;
  }
  if (invited) return <InvitedRegister token={invite} />;
  if (!isRegisterRole(role)) return <NotFoundPage />;
  const variant = VARIANTS[role];
  return (
    <AuthCard title={variant.title} intro={<p>{variant.intro}</p>}>
      <div className="flex flex-col gap-5">
        {/* Google first: one tap, no password to invent. */}
        {googleConfig() && (
          <>
            <GoogleButton label={variant.google} role={SIGN_UP_ROLE_OF_WORD[role]} next={next} />
            <OrDivider />
          </>
        )}
        <RegisterForm key={role} role={role} />
        <p className="text-center text-muted">
          لديك حساب بالفعل؟{' '}
          <Link to={withNext(paths.login, next)} className={linkClass}>
            سجّل الدخول
          </Link>
        </p>
        <p className="text-center text-sm">
          <Link
            to={
              role === 'student' ? registerPath('tutor') : withNext(registerPath('student'), next)
            }
            className={linkClass}
          >
            {variant.other}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

const FIELDS = ['name', 'email', 'password', 'passwordConfirmation', 'acceptTerms'] as const;

function RegisterForm({ role }: { role: RegisterRole }) {
  const { signIn } = useSession();
  const toast = useToast();
  const termsId = useId();
  const form = useZodForm(registerFormSchema, {
    defaultValues: {
      name: '',
      email: '',
      password: '',
      passwordConfirmation: '',
      role: SIGN_UP_ROLE_OF_WORD[role],
      acceptTerms: false as unknown as true,
    },
  });
  const onFailure = useFormFailure(form.setError, FIELDS, UI_MESSAGES.registrationFailed, {
    'user-exists': 'email',
    'invalid-user-name': 'name',
  });
  const submit = form.handleSubmit((body) =>
    authApi
      .signUp(body)
      .then(({ emailCode, ...session }) => {
        rememberEmailCodeSent(session.user.id, session.user.email, emailCode);
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
        label={role === 'tutor' ? 'الاسم الكامل بالعربية' : 'الاسم الكامل'}
        autoComplete="name"
        hint={role === 'tutor' ? 'مثل: أحمد محمد علي' : 'الاسم الأول واسم العائلة'}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Input
        label="البريد الإلكتروني"
        type="email"
        dir="ltr"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordInput
        label="كلمة المرور"
        autoComplete="new-password"
        aria-describedby="register-password-rules"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordChecklist id="register-password-rules" password={password} />
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
        {VARIANTS[role].submit}
      </Button>
    </form>
  );
}

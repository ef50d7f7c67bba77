import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { passwordSignInBodySchema } from '@talaqa/domain';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  Input,
  PasswordInput,
  Spinner,
  UI_MESSAGES,
  useToast,
} from '@talaqa/ui';
import { authApi } from '../../api';
import { registerPath } from '../../paths';
import { failureMessage, quietWhileEmpty, useFormFailure, useZodForm } from '../../lib/forms';
import { destinationAfterSignIn, withNext } from '../../lib/destinations';
import { useSession } from '../../lib/session';
import { AuthCard, linkClass } from './AuthCard';
import { ForgotPasswordFlow } from './ForgotPasswordFlow';
import { GoogleButton, OrDivider } from './GoogleButton';
import { googleConfig, matchGoogleAttempt, readGoogleReturn } from './google';

/**
 * `/login`: e-mail and password with remember-me, Google sign-in, the forgot-password dialog and
 * the way to sign up. Also where Google sends the browser back (`#id_token=…&state=…`). A
 * signed-in visitor goes on to `next`, or to the role's home.
 */
export default function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = params.get('next');
  const stateEmail = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof stateEmail === 'string' ? stateEmail : '');
  const [forgotOpen, setForgotOpen] = useState(false);
  const google = useGoogleReturn();

  if (session.status === 'signed-in' && session.user) {
    return <Navigate to={destinationAfterSignIn(session.user, google.next ?? next)} replace />;
  }

  return (
    <AuthCard title="تسجيل الدخول" intro={<p>أهلًا بعودتك! سجّل الدخول لمتابعة دروسك.</p>}>
      {google.busy ? (
        <p className="flex items-center gap-2 text-muted" role="status">
          <Spinner size="sm" decorative /> جارٍ تسجيل الدخول بحساب جوجل
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          {google.error && (
            <Alert tone="error" role="alert">
              {google.error}
            </Alert>
          )}
          <LoginForm
            key={email}
            defaultEmail={email}
            next={next}
            onForgot={() => setForgotOpen(true)}
          />
          <p className="text-center text-muted">
            ليس لديك حساب؟{' '}
            <Link to={withNext(registerPath('student'), next)} className={linkClass}>
              أنشئ حساب طالب
            </Link>{' '}
            أو{' '}
            <Link to={registerPath('tutor')} className={linkClass}>
              انضم معلمًا
            </Link>
          </p>
        </div>
      )}
      <Dialog
        title="نسيت كلمة المرور"
        description="ثلاث خطوات قصيرة لتعيين كلمة مرور جديدة."
        open={forgotOpen}
        onOpenChange={setForgotOpen}
      >
        <ForgotPasswordFlow
          onDone={(address) => {
            setForgotOpen(false);
            setEmail(address);
          }}
        />
      </Dialog>
    </AuthCard>
  );
}

function LoginForm({
  defaultEmail,
  next,
  onForgot,
}: {
  defaultEmail: string;
  next: string | null;
  onForgot: () => void;
}) {
  const { signIn } = useSession();
  const toast = useToast();
  const [remember, setRemember] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(passwordSignInBodySchema, {
    defaultValues: { email: defaultEmail, password: '' },
  });
  const onFailure = useFormFailure(form.setError, ['email', 'password'], UI_MESSAGES.loginFailed);
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    return authApi
      .signIn(body)
      .then((session) => {
        signIn(session, remember);
        toast.success(UI_MESSAGES.signedIn);
      })
      .catch((error: unknown) => setFailure(onFailure(error)));
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <>
      {/* Google first: most students sign in with it. */}
      {googleConfig() && (
        <>
          <GoogleButton label="الدخول بحساب جوجل" remember={() => remember} next={next} />
          <OrDivider />
        </>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure && (
          <p className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800">{failure}</p>
        )}
        <Input
          label="البريد الإلكتروني"
          type="email"
          dir="ltr"
          inputMode="email"
          autoComplete="email"
          autoFocus={defaultEmail ? undefined : true}
          error={errors.email?.message}
          {...quietWhileEmpty(form.register('email'))}
        />
        <PasswordInput
          label="كلمة المرور"
          autoComplete="current-password"
          autoFocus={defaultEmail ? true : undefined}
          error={errors.password?.message}
          {...quietWhileEmpty(form.register('password'))}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4">
          <Checkbox
            label="تذكّرني على هذا الجهاز"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <button type="button" onClick={onForgot} className={linkClass}>
            نسيت كلمة المرور؟
          </button>
        </div>
        <Button type="submit" size="lg" loading={isSubmitting}>
          تسجيل الدخول
        </Button>
      </form>
    </>
  );
}

/**
 * The way back from Google: reads `#id_token` and `state` once, removes them from the address,
 * and posts the token only when `state` matches the one this tab sent.
 */
function useGoogleReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const toast = useToast();
  const [answer] = useState(() => readGoogleReturn(location.hash));
  const [busy, setBusy] = useState(answer?.kind === 'token');
  const [error, setError] = useState<string | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (!answer || handled.current) return;
    handled.current = true;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    const attempt = matchGoogleAttempt(answer);
    if (!attempt) {
      setError(UI_MESSAGES.googleStateMismatch);
      setBusy(false);
      return;
    }
    if (answer.kind === 'error') {
      setError(UI_MESSAGES.googleSignInFailed);
      setBusy(false);
      return;
    }
    // Known before the session exists, so the redirect that follows sign-in already has it.
    setNext(attempt.next ?? null);
    authApi
      .signInWithGoogle({
        idToken: answer.idToken,
        nonce: attempt.nonce,
        ...(attempt.role ? { role: attempt.role } : {}),
      })
      .then((session) => {
        signIn(session, attempt.remember);
        toast.success(UI_MESSAGES.signedIn);
      })
      .catch((failure: unknown) => {
        const message = failureMessage(failure, UI_MESSAGES.googleSignInFailed);
        setError(message);
        toast.error(message);
      })
      .finally(() => setBusy(false));
  }, [answer, location.pathname, location.search, navigate, signIn, toast]);

  return { busy, error, next };
}

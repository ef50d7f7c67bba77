import { Link, useNavigate, useSearchParams } from 'react-router';
import { normaliseCode } from '@talaqa/ui';
import { paths } from '../../paths';
import { AuthCard, linkClass } from './AuthCard';
import { ForgotPasswordFlow } from './ForgotPasswordFlow';

/**
 * `/reset-password`: the same flow as a page. `?email=` fills the address in; with `&code=` too
 * (a link from the e-mail), it opens at the code step with both filled in.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = normaliseCode(params.get('code') ?? '');
  return (
    <AuthCard
      title="إعادة تعيين كلمة المرور"
      intro={<p>اختر كلمة مرور جديدة بعد تأكيد الرمز المرسل إلى بريدك الإلكتروني.</p>}
    >
      <ForgotPasswordFlow
        initialEmail={email}
        initialCode={code || undefined}
        onDone={(address) =>
          void navigate(paths.login, { replace: true, state: { email: address } })
        }
      />
      <p className="mt-6 text-center text-muted">
        <Link to={paths.login} className={linkClass}>
          العودة إلى تسجيل الدخول
        </Link>
      </p>
    </AuthCard>
  );
}

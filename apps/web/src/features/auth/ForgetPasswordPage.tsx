import { Link, useNavigate } from 'react-router';
import { paths } from '../../paths';
import { AuthCard, linkClass } from './AuthCard';
import { ForgotPasswordFlow } from './ForgotPasswordFlow';

/** `/forget-password`: the forgot-password flow as a page; done, it returns to the sign-in form. */
export default function ForgetPasswordPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="نسيت كلمة المرور"
      intro={<p>أدخل بريدك الإلكتروني، ثم رمز التأكيد الذي يصلك، ثم كلمة المرور الجديدة.</p>}
    >
      <ForgotPasswordFlow
        onDone={(email) => void navigate(paths.login, { replace: true, state: { email } })}
      />
      <p className="mt-6 text-center text-muted">
        تذكّرت كلمة المرور؟{' '}
        <Link to={paths.login} className={linkClass}>
          سجّل الدخول
        </Link>
      </p>
    </AuthCard>
  );
}

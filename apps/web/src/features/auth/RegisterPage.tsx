import { useParams } from 'react-router';
import { NotFoundPage, PreparingPage } from '@talaqa/ui';
import { REGISTER_ROLES } from '../../paths';
import type { RegisterRole } from '../../paths';

const VARIANTS: Record<RegisterRole, { title: string; description: string }> = {
  student: {
    title: 'إنشاء حساب طالب',
    description:
      'سجّل بالبريد الإلكتروني أو بحساب جوجل، ثم اختر معلمك واحجز أول درس لك. التسجيل يعني موافقتك على الشروط والأحكام وسياسة الخصوصية.',
  },
  tutor: {
    title: 'إنشاء حساب معلم',
    description:
      'سجّل بالبريد الإلكتروني أو بحساب جوجل، ثم ابدأ خطوات الانضمام: الفيديو التعريفي والمقابلة والجلسة التجريبية. التسجيل يعني موافقتك على الشروط والأحكام وسياسة الخصوصية.',
  },
};

const isRegisterRole = (value: string | undefined): value is RegisterRole =>
  (REGISTER_ROLES as readonly (string | undefined)[]).includes(value);

/** `/register/:role`: the student and tutor variants; any other role is a page that does not exist. */
export default function RegisterPage() {
  const { role } = useParams();
  if (!isRegisterRole(role)) return <NotFoundPage />;
  return <PreparingPage {...VARIANTS[role]} />;
}

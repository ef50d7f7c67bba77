import { useParams } from 'react-router';
import { NotFoundPage, PreparingPage } from '@talaqa/ui';
import { FAQ_ROLES } from '../../paths';
import type { FaqRole } from '../../paths';

const VARIANTS: Record<FaqRole, { title: string; description: string }> = {
  student: {
    title: 'أسئلة الطلاب الشائعة',
    description: 'عن الباقات والدفع وحجز الدروس وإلغائها واختيار المعلم.',
  },
  tutor: {
    title: 'أسئلة المعلمين الشائعة',
    description: 'عن خطوات الانضمام والمقابلة وإدارة المواعيد وسحب الأرباح.',
  },
};

const isFaqRole = (value: string | undefined): value is FaqRole =>
  (FAQ_ROLES as readonly (string | undefined)[]).includes(value);

/** `/faq/:role`: the student and tutor questions; any other role is a page that does not exist. */
export default function FaqRolePage() {
  const { role } = useParams();
  if (!isFaqRole(role)) return <NotFoundPage />;
  return <PreparingPage {...VARIANTS[role]} />;
}

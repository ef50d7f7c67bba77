import { Link, useParams } from 'react-router';
import { NotFoundPage, PageTitle } from '@talaqa/ui';
import { SupportLine } from '../content/document';
import { FAQ_ROLES, paths } from '../../paths';
import type { FaqRole } from '../../paths';
import { ROLE_FAQ } from './faq-content';
import { FaqList } from './FaqList';

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
  const variant = VARIANTS[role];
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageTitle title={variant.title}>
        <p>{variant.description}</p>
      </PageTitle>
      <FaqList items={ROLE_FAQ[role]} label={variant.title} />
      <p className="mt-8">
        <Link to={paths.faq} className="font-semibold text-brand-800 underline">
          كل الأسئلة الشائعة
        </Link>
      </p>
      <div className="mt-6 rounded-2xl bg-brand-50 p-5 text-brand-900">
        <SupportLine />
      </div>
    </section>
  );
}

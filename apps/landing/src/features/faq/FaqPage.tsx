import { Link } from 'react-router';
import { PageTitle } from '@talaqa/ui';
import { SupportLine } from '../content/document';
import { paths } from '../../paths';
import { GENERAL_FAQ } from './faq-content';
import { FaqList } from './FaqList';

const ROLE_LINKS = [
  {
    role: 'student',
    title: 'أسئلة الطلاب',
    text: 'الباقات والدقائق، والدفع، وحجز الدروس وإلغاؤها، والاسترداد.',
  },
  {
    role: 'tutor',
    title: 'أسئلة المعلمين',
    text: 'خطوات الانضمام، والمواعيد، والحضور، وسحب الأرباح.',
  },
] as const;

/** `/faq`: the common questions, and the way to each audience's own list. */
export default function FaqPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageTitle title="الأسئلة الشائعة">
        <p>إجابات قصيرة عن أكثر ما يسألنا عنه الطلاب والمعلمون.</p>
      </PageTitle>
      <ul className="mb-10 grid gap-4 sm:grid-cols-2">
        {ROLE_LINKS.map((link) => (
          <li key={link.role}>
            <Link
              to={paths.faqRole.replace(':role', link.role)}
              className="flex h-full flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="text-lg font-bold text-brand-800">{link.title}</span>
              <span className="text-muted">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mb-4 text-xl font-bold text-ink">أسئلة عامة</h2>
      <FaqList items={GENERAL_FAQ} label="أسئلة عامة" />
      <div className="mt-10 rounded-2xl bg-brand-50 p-5 text-brand-900">
        <SupportLine />
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import { PageTitle } from '@talaqa/ui';
import { SIDEBAR_LINKS } from '../../layout/navigation';
import { paths } from '../../paths';

const LINKS = [...SIDEBAR_LINKS, { to: paths.planInvites, label: 'دعوات الباقات' }];

/** `/`: the dashboard's start page, one tile per section. */
export default function AdminHomePage() {
  return (
    <section className="w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageTitle title="لوحة الإدارة">
        <p>اختر القسم الذي تريد إدارته.</p>
      </PageTitle>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex min-h-16 items-center rounded-xl border border-slate-200 bg-white px-4 font-semibold text-ink hover:border-brand-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

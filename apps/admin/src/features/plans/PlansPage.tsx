import { Link, useSearchParams } from 'react-router';
import { PageTitle, Tabs } from '@talaqa/ui';
import { paths } from '../../paths';
import { CouponsSection } from '../coupons/CouponsSection';
import { PlansSection } from './PlansSection';

type Tab = 'plans' | 'coupons';

const tabOf = (value: string | null): Tab => (value === 'coupons' ? 'coupons' : 'plans');

/**
 * `/plans`: the plans (prices per period, state, invites-only) and, on a second tab, the discount
 * codes, since the spec's admin routes have no page of their own for coupons. The tab is kept in
 * the address (`?tab=coupons`) so a link or the back button returns to it.
 */
export default function PlansPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 py-8 sm:px-6">
      <PageTitle title="الباقات">
        <p>
          الباقات وأسعارها لكل مدة، وأكواد الخصم. دعوة طلاب بعينهم إلى الباقات المخصصة للمدعوين من
          صفحة{' '}
          <Link
            to={paths.planInvites}
            className="rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            دعوات الباقات
          </Link>
          .
        </p>
      </PageTitle>
      <Tabs
        label="أقسام صفحة الباقات"
        value={tab}
        onValueChange={(value) =>
          setSearchParams(tabOf(value) === 'plans' ? {} : { tab: value }, { replace: true })
        }
        items={[
          { value: 'plans', label: 'الباقات', content: <PlansSection /> },
          { value: 'coupons', label: 'أكواد الخصم', content: <CouponsSection /> },
        ]}
      />
    </section>
  );
}

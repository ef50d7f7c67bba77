import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  PAID_PLAN_PERIODS,
  PERIOD_KIND_OF,
  PlanPeriod,
  formatMoney,
  pricePlanPurchase,
} from '@talaqa/domain';
import { PLAN_PERIOD_NAMES_AR } from '@talaqa/ui';
import { APP_LINK_ATTRIBUTE } from '../../paths';
import { WEB_ORIGIN_MARK } from '../../site/origins';
import { HIDDEN_PLANS, PLANS, renderPage } from '../../testing/site';
import { planTitle } from './PricingPage';

const cards = () => within(screen.getByRole('list', { name: 'الباقات' })).getAllByRole('article');
const card = (name: string) => screen.getByRole('article', { name });
/** The prices a card shows for one period, as plain text (the page's no-break spaces kept). */
const periodText = (name: string, kind: string) =>
  card(name).querySelector(`div[data-period="${kind}"]`)?.textContent ?? '';

// Read as a file: Vitest does not process CSS, so an import would give an empty text.
const styles = readFileSync(join(import.meta.dirname, '../../styles.css'), 'utf8');

const advance = PLANS.find((plan) => plan.weeklyMinutes === 120)!;

describe('landing /pricing', () => {
  it('shows the plans on sale, fewest minutes first, without the hidden ones', async () => {
    renderPage('/pricing', { plans: [...HIDDEN_PLANS, ...PLANS] });
    expect(await screen.findByRole('heading', { level: 1, name: 'الأسعار والباقات' })).toBeTruthy();
    expect(cards().map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'باقة البداية',
      'الباقة المتقدمة',
      'الباقة الاحترافية',
    ]);
    expect(card('الباقة المتقدمة').textContent).toContain('١٢٠ دقيقة أسبوعيًا');
    expect(screen.queryByText(/٣٠٠ دقيقة|٤٠٠ دقيقة/)).toBeNull();
  });

  it('holds every period’s prices, priced by pricePlanPurchase, each marked with its period', async () => {
    renderPage('/pricing', { plans: PLANS });
    await screen.findByRole('list', { name: 'الباقات' });
    for (const item of cards()) {
      const blocks = [...item.querySelectorAll('div[data-period]')];
      expect(blocks.map((block) => block.getAttribute('data-period'))).toEqual([
        'month',
        'quarter',
        'year',
      ]);
    }

    const month = pricePlanPurchase({ plan: advance, period: PlanPeriod.Month });
    expect(periodText('الباقة المتقدمة', 'month')).toContain(formatMoney(month.total));
    expect(periodText('الباقة المتقدمة', 'month')).toContain(
      PLAN_PERIOD_NAMES_AR[PlanPeriod.Month],
    );

    const year = pricePlanPurchase({ plan: advance, period: PlanPeriod.Year });
    const yearText = periodText('الباقة المتقدمة', 'year');
    expect(yearText).toContain(formatMoney(year.total));
    expect(yearText).toContain(formatMoney(year.listPrice));
    expect(yearText).toContain(formatMoney(year.perMonth));
    expect(yearText).toMatch(/وفّر ٢٠٪/);
    // A block holds its own period's price only.
    expect(yearText).not.toContain(formatMoney(month.total));

    const beginning = PLANS.find((plan) => plan.weeklyMinutes === 60)!;
    const quarter = pricePlanPurchase({ plan: beginning, period: PlanPeriod.Quarter });
    expect(periodText('باقة البداية', 'quarter')).toContain(formatMoney(quarter.total));
  });

  it('switches period without a script: radio buttons, the month checked, and a rule for each', async () => {
    renderPage('/pricing', { plans: PLANS });
    await screen.findByRole('list', { name: 'الباقات' });
    const choice = screen.getByRole('group', { name: 'مدة الاشتراك' });
    const radios = within(choice).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual(['month', 'quarter', 'year']);
    expect(radios.map((radio) => radio.checked)).toEqual([true, false, false]);
    expect(screen.getByLabelText('سنة كاملة')).toBe(radios[2]);
    // styles.css hides the prices and links of every period but the checked one.
    expect(styles).toContain(
      ".pricing:not(:has(input[value='quarter']:checked)) [data-period='quarter']",
    );
    expect(styles).toContain(
      ".pricing:not(:has(input[value='year']:checked)) [data-period='year']",
    );
    expect(styles).toContain(
      ".pricing:has(input[value='quarter']:checked, input[value='year']:checked) [data-period='month']",
    );
  });

  it('leads each period’s "start" link to sign-up and on to that plan’s checkout', async () => {
    renderPage('/pricing', { plans: PLANS });
    await screen.findByRole('list', { name: 'الباقات' });
    for (const plan of PLANS) {
      const links = [...card(planTitle(plan)).querySelectorAll('a[data-period]')];
      expect(links).toHaveLength(PAID_PLAN_PERIODS.length);
      for (const [index, period] of PAID_PLAN_PERIODS.entries()) {
        const link = links[index]!;
        const kind = PERIOD_KIND_OF[period];
        expect(link.getAttribute('data-period')).toBe(kind);
        expect(link.hasAttribute(APP_LINK_ATTRIBUTE)).toBe(true);
        const href = new URL(link.getAttribute('href')!);
        expect(href.origin + href.pathname).toBe(`${WEB_ORIGIN_MARK}/register/student`);
        expect(href.searchParams.get('next')).toBe(`/checkout/${plan.id}/${kind}`);
      }
    }
    expect(
      screen.getByRole('link', { name: 'ابدأ الآن مع الباقة الاحترافية لمدة ثلاثة أشهر' }),
    ).toBeTruthy();
  });

  it('says when no plan is on sale', async () => {
    renderPage('/pricing', { plans: HIDDEN_PLANS });
    expect(await screen.findByText('لا توجد باقات متاحة الآن')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'الباقات' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says the plans cannot be shown when they are not known, and shows no price', async () => {
    renderPage('/pricing', { plans: undefined });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('تعذّر عرض الباقات الآن');
    expect(within(alert).getByRole('link', { name: 'أعد تحميل الصفحة' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(screen.queryByText(/ج\.م\./)).toBeNull();
    expect(document.querySelector('[data-period]')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

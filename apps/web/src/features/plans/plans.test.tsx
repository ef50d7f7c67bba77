import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAID_PLAN_PERIODS,
  PlanPeriod,
  Role,
  formatCairoDate,
  formatCairoDateTime,
  formatMoney,
  pricePlanPurchase,
} from '@talaqa/domain';
import { PLAN_PERIOD_NAMES_AR, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import {
  apiError,
  fakeApi,
  json,
  makeUser,
  renderApp,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import { demoPlans, makeSubscription, pageOf } from '../../testing/payments-fixtures';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const NAMES = ['باقة البداية', 'الباقة المتقدمة', 'الباقة الاحترافية'];

const card = (name: string) => screen.getByRole('article', { name });

describe('/plans', () => {
  it('prices every plan for every period with pricePlanPurchase, in ar-EG pounds', async () => {
    const plans = demoPlans();
    server.on('GET', '/plan/list', json(pageOf([...plans].reverse())));
    renderApp('/plans');
    const ui = userEvent.setup();

    await screen.findByRole('article', { name: NAMES[0] });
    // Smallest first, whatever order the API answered in.
    const headings = screen
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading').textContent);
    expect(headings).toEqual(NAMES);
    expect(within(card(NAMES[0]!)).getByText(/٦٠ دقيقة أسبوعيًا/).textContent).toContain(
      'ساعة واحدة',
    );
    expect(within(card(NAMES[1]!)).getByText(/١٢٠ دقيقة أسبوعيًا/).textContent).toContain('ساعتان');
    expect(within(card(NAMES[2]!)).getByText(/٢٣٠ دقيقة أسبوعيًا/).textContent).toContain(
      '٣ ساعات و٥٠ دقيقة',
    );

    for (const period of PAID_PLAN_PERIODS) {
      await ui.click(
        screen.getByRole('radio', { name: new RegExp(`^${PLAN_PERIOD_NAMES_AR[period]}`) }),
      );
      plans.forEach((plan, index) => {
        const article = card(NAMES[index]!);
        const price = pricePlanPurchase({ plan, period });
        const total = article.querySelector('[data-price="total"]')?.textContent;
        expect(total, `${NAMES[index]} ${period}`).toBe(formatMoney(price.total));
        const perMonth = article.querySelector('[data-price="per-month"]');
        const list = article.querySelector('[data-price="list"]');
        if (period === PlanPeriod.Month) {
          expect(perMonth).toBeNull();
          expect(list).toBeNull();
        } else {
          expect(perMonth?.textContent).toContain(formatMoney(price.perMonth));
          expect(list?.textContent).toBe(formatMoney(price.listPrice));
          const monthly = pricePlanPurchase({ plan, period: PlanPeriod.Month }).total;
          expect(article.querySelector('[data-price="saving"]')?.textContent).toContain(
            formatMoney(monthly * price.months - price.total),
          );
        }
      });
    }
    expect(screen.getByRole('radio', { name: /^سنة كاملة/ })).toHaveProperty('checked', true);
  });

  it('lists the bank installments each plan offers for the period', async () => {
    server.on('GET', '/plan/list', json(pageOf(demoPlans())));
    server.on('GET', '/fawry/payment-methods', json({ bankInstallments: true }));
    renderApp('/plans?period=year');
    await screen.findByRole('article', { name: NAMES[0] });
    expect(within(card(NAMES[0]!)).queryByTestId('installments')).toBeNull();
    expect(within(card(NAMES[1]!)).getByTestId('installments').textContent).toContain('دفعتين');
    expect(within(card(NAMES[2]!)).getByTestId('installments').textContent).toContain(
      '٣ أو ٤ دفعات',
    );
  });

  it('shows no bank installments while the server does not offer them', async () => {
    server.on('GET', '/plan/list', json(pageOf(demoPlans())));
    server.on('GET', '/fawry/payment-methods', json({ bankInstallments: false }));
    renderApp('/plans?period=year');
    await screen.findByRole('article', { name: NAMES[2] });
    await waitFor(() =>
      expect(server.callsTo('GET', '/fawry/payment-methods')).not.toHaveLength(0),
    );
    for (const name of NAMES) expect(within(card(name)).queryByTestId('installments')).toBeNull();
    expect(screen.queryByText(/التقسيط البنكي/)).toBeNull();
  });

  it('sends a signed-out visitor to sign up first, then to the checkout of the plan and period', async () => {
    server.on('GET', '/plan/list', json(pageOf(demoPlans())));
    renderApp('/plans?period=quarter');
    const link = await screen.findByRole('link', {
      name: 'اشترك في الباقة المتقدمة لمدة ثلاثة أشهر',
    });
    expect(link.getAttribute('href')).toBe(
      `/register/student?${new URLSearchParams({ next: '/checkout/2/quarter' }).toString()}`,
    );
  });

  it('links a signed-in student straight to the checkout', async () => {
    signInAs(server, makeUser());
    server.on('GET', '/plan/list', json(pageOf(demoPlans())));
    server.on('GET', '/sub/user', json(null));
    renderApp('/plans');
    const link = await screen.findByRole('link', {
      name: 'اشترك في الباقة الاحترافية لمدة شهر واحد',
    });
    expect(link.getAttribute('href')).toBe('/checkout/3/month');
  });

  it('shows a running subscription with its minutes instead of buying again', async () => {
    signInAs(server, makeUser());
    const subscription = makeSubscription();
    server.on('GET', '/plan/list', json(pageOf(demoPlans())));
    server.on('GET', '/sub/user', json(subscription));
    renderApp('/plans');

    const section = await screen.findByRole('region', { name: 'اشتراكك الحالي' });
    expect(section.textContent).toContain('٤٠ دقيقة من ١٢٠ دقيقة');
    expect(section.textContent).toContain(
      formatCairoDateTime(new Date(subscription.nextRenewalAt!)),
    );
    expect(within(card(NAMES[1]!)).getByText('باقتك الحالية')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^اشترك في/ })).toBeNull();
  });

  it('answers "more minutes" honestly: the current plan marked, a bigger one from the end date', async () => {
    signInAs(server, makeUser());
    const subscription = makeSubscription();
    server.on('GET', '/plan/list', json(pageOf(demoPlans())));
    server.on('GET', '/sub/user', json(subscription));
    renderApp('/plans?more=1');

    const ends = formatCairoDate(new Date(subscription.endsAt));
    const explanation = await screen.findByText(/لا يمكن تغيير الباقة في منتصف مدة الاشتراك/);
    expect(explanation.textContent).toContain(ends);
    expect(within(card(NAMES[1]!)).getByText('باقتك الحالية')).toBeTruthy();
    expect(card(NAMES[2]!).textContent).toContain(`ابتداءً من ${ends}`);
    expect(card(NAMES[0]!).textContent).toContain('متاحة بعد انتهاء اشتراكك الحالي');
    // No checkout that the server would refuse (subscription-exists).
    expect(screen.queryByRole('link', { name: /^اشترك في/ })).toBeNull();
  });

  it('tells a tutor that plans are for students', async () => {
    signInAs(server, makeUser({ role: Role.Tutor }));
    server.on('GET', '/plan/list', json(pageOf(demoPlans())));
    renderApp('/plans');
    await screen.findByRole('article', { name: NAMES[0] });
    expect(screen.getAllByText('الاشتراك في الباقات متاح لحسابات الطلاب.')).toHaveLength(3);
    expect(server.callsTo('GET', '/sub/user')).toHaveLength(0);
  });

  it('shows skeletons while loading, an error with a retry, and an empty state', async () => {
    let answer: () => Response = () => apiError(500, 'unexpected');
    server.on('GET', '/plan/list', () => answer());
    renderApp('/plans');
    expect(await screen.findByRole('status', { name: 'جارٍ تحميل الباقات' })).toBeTruthy();
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('تعذّر تحميل الباقات');
    answer = () => json(pageOf([]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(await screen.findByText('لا توجد باقات متاحة الآن')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

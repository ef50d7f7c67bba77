import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import {
  fakeApi,
  json,
  makeToken,
  makeUser,
  renderApp,
  resetSession,
} from '../../testing/fake-api';
import { demoPlans } from '../../testing/payments-fixtures';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const CHECKOUT = '/checkout/2/quarter';
const codeSent = () =>
  json({
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    resendAfter: new Date(Date.now() + 60_000).toISOString(),
  });

/** The server's side of a new student: sign-up, the e-mail code, the profile's main info. */
function newStudentServer() {
  let user: User = makeUser({
    level: null,
    city: null,
    birthYear: null,
    gender: null,
    verifiedEmail: false,
    phone: null,
  });
  server.on('POST', '/user/', () =>
    json({ user, token: makeToken(user.id), deviceToken: 'device-new', emailCode: null }, 201),
  );
  server.on('GET', '/user/current', () => json(user));
  server.on('POST', '/confirmation-code/email/send', codeSent);
  server.on('POST', '/confirmation-code/email/confirm', () => {
    user = { ...user, verifiedEmail: true };
    return json({ user });
  });
  server.on('POST', '/student/', (request) => {
    user = { ...user, ...(request.body as Partial<User>) };
    return json(user);
  });
  server.on('GET', '/topic/list', json([]));
  server.on('GET', '/topic/of/user', json([]));
  for (const plan of demoPlans()) server.on('GET', `/plan/${plan.id}`, json(plan));
  server.on('GET', '/sub/user', json(null));
  server.on('GET', '/fawry/card-token/list', json([]));
  server.on('GET', '/fawry/payment-methods', json({ bankInstallments: false }));
}

async function signUp(ui: ReturnType<typeof userEvent.setup>) {
  await ui.type(await screen.findByLabelText('الاسم الكامل'), 'ليلى حسن');
  await ui.type(screen.getByLabelText('البريد الإلكتروني'), 'laila@example.com');
  await ui.type(screen.getByLabelText('كلمة المرور'), 'abcdefg1');
  await ui.type(screen.getByLabelText('تأكيد كلمة المرور'), 'abcdefg1');
  await ui.click(screen.getByRole('checkbox', { name: /أوافق على/ }));
  await ui.click(screen.getByRole('button', { name: 'إنشاء حساب الطالب' }));
}

async function fillMainInfo(ui: ReturnType<typeof userEvent.setup>) {
  await ui.selectOptions(await screen.findByLabelText('سنة الميلاد'), '2004');
  await ui.click(screen.getByRole('radio', { name: 'أنثى' }));
  await ui.selectOptions(screen.getByLabelText('المحافظة'), '2');
  await ui.selectOptions(screen.getByLabelText('مستواك في اللغة الإنجليزية'), '3');
  await ui.click(screen.getByRole('button', { name: UI_MESSAGES.next }));
  await screen.findByText('الخطوة ٢ من ٣');
}

describe('sign-up to checkout', () => {
  it('keeps the chosen checkout through sign-up, the e-mail code and the profile steps', async () => {
    newStudentServer();
    const { router } = renderApp(`/register/student?next=${encodeURIComponent(CHECKOUT)}`);
    const ui = userEvent.setup();
    // The sign-in link keeps where the visitor was going too.
    const signIn = await screen.findByRole('link', { name: 'سجّل الدخول' });
    expect(new URL(signIn.getAttribute('href')!, 'http://x').searchParams.get('next')).toBe(
      CHECKOUT,
    );

    const header = screen.getByRole('link', { name: 'تسجيل الدخول' });
    expect(new URL(header.getAttribute('href')!, 'http://x').searchParams.get('next')).toBe(
      CHECKOUT,
    );

    await signUp(ui);
    await screen.findByRole('heading', { level: 1, name: 'إكمال الملف الشخصي' });
    expect(router.state.location.pathname).toBe('/complete-profile');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(CHECKOUT);
    expect(screen.getByText(/نعيدك إلى إتمام الدفع/)).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'أرسل رمز التأكيد' }));
    await ui.type(await screen.findByLabelText('رمز التأكيد'), '24680');
    await ui.click(screen.getByRole('button', { name: 'تأكيد البريد' }));
    expect(await screen.findByText('بريدك الإلكتروني مؤكَّد')).toBeTruthy();

    await fillMainInfo(ui);
    await ui.click(screen.getByRole('button', { name: UI_MESSAGES.skip }));
    await screen.findByText('الخطوة ٣ من ٣');
    await ui.click(await screen.findByRole('button', { name: UI_MESSAGES.skip }));

    await waitFor(() => expect(router.state.location.pathname).toBe(CHECKOUT));
    expect(await screen.findByRole('region', { name: 'ملخص الطلب' })).toBeTruthy();
  });

  it('keeps the e-mail code field and the step reached across a reload', async () => {
    newStudentServer();
    const ui = userEvent.setup();
    renderApp(`/register/student?next=${encodeURIComponent(CHECKOUT)}`);
    await signUp(ui);
    await ui.click(await screen.findByRole('button', { name: 'أرسل رمز التأكيد' }));
    await screen.findByLabelText('رمز التأكيد');
    await fillMainInfo(ui);

    // A reload: the page is drawn again from the address; the tab's storage is what remains.
    cleanup();
    renderApp(`/complete-profile?next=${encodeURIComponent(CHECKOUT)}`);
    expect(await screen.findByText('الخطوة ٢ من ٣')).toBeTruthy();
    expect(screen.getByLabelText('رمز التأكيد')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'أرسل رمز التأكيد' })).toBeNull();
    expect(server.callsTo('POST', '/confirmation-code/email/send')).toHaveLength(1);
  });

  it('offers Google first on sign-up and sign-in', async () => {
    globalThis.__TALAQA_CONFIG__ = {
      googleAuthUrl: 'http://127.0.0.1:4154/o/oauth2/v2/auth',
      googleClientId: 'web-client-id',
    };
    try {
      renderApp(`/register/student?next=${encodeURIComponent(CHECKOUT)}`);
      const google = await screen.findByRole('button', { name: 'التسجيل بحساب جوجل' });
      const name = screen.getByLabelText('الاسم الكامل');
      expect(google.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      cleanup();
      renderApp('/login');
      const googleIn = await screen.findByRole('button', { name: 'الدخول بحساب جوجل' });
      const email = screen.getByLabelText('البريد الإلكتروني');
      expect(
        googleIn.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    } finally {
      globalThis.__TALAQA_CONFIG__ = undefined;
    }
  });
});

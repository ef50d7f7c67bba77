import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import {
  apiError,
  fakeApi,
  json,
  makeToken,
  makeUser,
  renderApp,
  resetSession,
} from '../../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const TOKEN = 'a'.repeat(21) + '_-' + 'B'.repeat(20);
const INVITED = {
  email: 'mona@example.com',
  role: Role.TutorManager,
  expiresAt: '2026-12-03T10:00:00.000Z',
};

describe('signing up with an invite (/register/{role}?invite=)', () => {
  it('says what the person was invited as, and sends the token with the form', async () => {
    server.on('POST', '/invite/check', json(INVITED));
    const created = makeUser({
      role: Role.TutorManager,
      email: INVITED.email,
      verifiedEmail: true,
    });
    server.on(
      'POST',
      '/invite/accept',
      json(
        { user: created, token: makeToken(created.id), deviceToken: 'device-1', emailCode: null },
        201,
      ),
    );
    const { router } = renderApp(`/register/tutor-manager?invite=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'إنشاء حساب مسؤول مقابلات' }),
    ).toBeTruthy();
    expect(screen.getByText(/دُعيت للانضمام إلى طلاقة بصفة مسؤول مقابلات/)).toBeTruthy();
    const email = screen.getByLabelText('البريد الإلكتروني') as HTMLInputElement;
    expect(email.value).toBe(INVITED.email);
    expect(email.readOnly).toBe(true);
    expect(server.callsTo('POST', '/invite/check')[0]?.body).toEqual({ token: TOKEN });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('الاسم الكامل'), 'منى أحمد');
    await user.type(screen.getByLabelText('كلمة المرور'), 'abcdefg1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'abcdefg1');
    await user.click(screen.getByRole('button', { name: 'إنشاء حسابي' }));
    expect(
      await screen.findByText('من فضلك وافق على الشروط والأحكام وسياسة الخصوصية لإنشاء حسابك'),
    ).toBeTruthy();
    expect(server.callsTo('POST', '/invite/accept')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /أوافق على/ }));
    await user.click(screen.getByRole('button', { name: 'إنشاء حسابي' }));
    await waitFor(() => expect(server.callsTo('POST', '/invite/accept')).toHaveLength(1));
    expect(server.callsTo('POST', '/invite/accept')[0]?.body).toEqual({
      token: TOKEN,
      name: 'منى أحمد',
      password: 'abcdefg1',
      passwordConfirmation: 'abcdefg1',
      acceptTerms: true,
    });
    // Signed in, the page leaves for the role's home.
    await waitFor(() => expect(router.state.location.pathname).toBe('/interviews'));
  }, 60_000);

  it('explains a link that was used, revoked or has expired, with no form', async () => {
    server.on('POST', '/invite/check', apiError(410, 'invite-expired'));
    renderApp(`/register/studio?invite=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تعذّر استخدام رابط الدعوة' }),
    ).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES['invite-expired'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'إنشاء حسابي' })).toBeNull();
  }, 60_000);

  it('has no page for the roles of invites without a token', async () => {
    renderApp('/register/studio');
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
    expect(server.callsTo('POST', '/invite/check')).toHaveLength(0);
  }, 60_000);
});

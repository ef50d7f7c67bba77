import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
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

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

describe('changing the e-mail (issue 15)', () => {
  it('asks for a code from the new address and keeps the old one until it is typed', async () => {
    const user = makeUser({ email: 'sara@example.com', verifiedEmail: true, pendingEmail: null });
    signInAs(server, user);
    server.on('PUT', `/user/${user.id}`, (request) =>
      json({ ...user, pendingEmail: (request.body as { email: string }).email }),
    );
    server.on('POST', '/confirmation-code/email/confirm', (request) =>
      (request.body as { code: string }).code === '24680'
        ? json({ user: { ...user, email: 'sara.new@example.com', pendingEmail: null } })
        : apiError(400, 'invalid-verification-code'),
    );
    renderApp('/s/settings?tab=verification');
    const ui = userEvent.setup();

    const section = within(await screen.findByRole('region', { name: 'تغيير البريد الإلكتروني' }));
    const email = section.getByLabelText('البريد الإلكتروني الجديد');
    expect(email.getAttribute('dir')).toBe('ltr');
    await ui.type(email, 'not-an-email');
    await ui.click(section.getByRole('button', { name: 'أرسل رمزًا إلى العنوان الجديد' }));
    expect(await section.findByText(ERROR_MESSAGES['invalid-email'])).toBeTruthy();
    expect(server.callsTo('PUT', `/user/${user.id}`)).toHaveLength(0);

    await ui.clear(email);
    await ui.type(email, 'sara.new@example.com');
    await ui.click(section.getByRole('button', { name: 'أرسل رمزًا إلى العنوان الجديد' }));
    expect(server.callsTo('PUT', `/user/${user.id}`)[0]?.body).toEqual({
      email: 'sara.new@example.com',
    });
    // "Check your new address": the pending address, the account's current one, and the code step.
    const pending = await section.findByRole('status');
    expect(within(pending).getByText('تحقّق من بريدك الجديد')).toBeTruthy();
    expect(within(pending).getByText('sara.new@example.com')).toBeTruthy();
    expect(within(pending).getByText('sara@example.com')).toBeTruthy();
    expect(screen.getAllByText(UI_MESSAGES.emailChangeCodeSent).length).toBeGreaterThan(0);
    const resend = section.getByRole('button', { name: /إعادة الإرسال بعد/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    const code = section.getByLabelText('رمز التأكيد');
    await ui.type(code, '13579');
    await ui.click(section.getByRole('button', { name: 'تأكيد العنوان الجديد' }));
    expect(await section.findByText(ERROR_MESSAGES['invalid-verification-code'])).toBeTruthy();

    await ui.clear(code);
    await ui.type(code, '24680');
    await ui.click(section.getByRole('button', { name: 'تأكيد العنوان الجديد' }));
    expect(await screen.findByText(UI_MESSAGES.emailChanged)).toBeTruthy();
    await waitFor(() => expect(section.queryByText('تحقّق من بريدك الجديد')).toBeNull());
    expect(section.getByText('sara.new@example.com')).toBeTruthy();
  });

  it('cancels a pending change by sending the current address again', async () => {
    const user = makeUser({ email: 'sara@example.com', pendingEmail: 'typo@example.com' });
    signInAs(server, user);
    server.on('PUT', `/user/${user.id}`, () => json({ ...user, pendingEmail: null }));
    renderApp('/s/settings?tab=verification');
    const ui = userEvent.setup();
    const section = within(await screen.findByRole('region', { name: 'تغيير البريد الإلكتروني' }));
    await ui.click(section.getByRole('button', { name: 'إلغاء التغيير' }));
    expect(await screen.findByText(UI_MESSAGES.emailChangeCancelled)).toBeTruthy();
    expect(server.callsTo('PUT', `/user/${user.id}`)[0]?.body).toEqual({
      email: 'sara@example.com',
    });
    expect(await section.findByLabelText('البريد الإلكتروني الجديد')).toBeTruthy();
  });
});

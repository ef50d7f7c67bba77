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

describe('e-mail verification', () => {
  it('is offered on the dashboard, sends a code, waits to resend, and confirms it', async () => {
    const user = makeUser({ verifiedEmail: false });
    signInAs(server, user);
    server.on('POST', '/confirmation-code/email/send', () =>
      json({
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        resendAfter: new Date(Date.now() + 90_000).toISOString(),
      }),
    );
    server.on('POST', '/confirmation-code/email/confirm', (request) =>
      (request.body as { code: string }).code === '24680'
        ? json({ user: { ...user, verifiedEmail: true } })
        : apiError(400, 'expired-verification-code'),
    );
    renderApp('/s/dashboard');
    const ui = userEvent.setup();
    await screen.findByText('بريدك الإلكتروني غير مؤكَّد');
    await ui.click(screen.getByRole('button', { name: 'أكِّد بريدك الآن' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأكيد البريد الإلكتروني' });
    await ui.click(within(dialog).getByRole('button', { name: 'أرسل رمز التأكيد' }));

    const code = await within(dialog).findByLabelText('رمز التأكيد');
    expect(code.getAttribute('dir')).toBe('ltr');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('5');
    const resend = within(dialog).getByRole('button', { name: /إعادة الإرسال بعد/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(resend.textContent).toMatch(/٠١:[٢٣][٠-٩]/);

    await ui.type(code, '13579');
    await ui.click(within(dialog).getByRole('button', { name: 'تأكيد البريد' }));
    expect(
      await within(dialog).findByText(ERROR_MESSAGES['expired-verification-code']),
    ).toBeTruthy();

    await ui.clear(code);
    await ui.type(code, '24680');
    await ui.click(within(dialog).getByRole('button', { name: 'تأكيد البريد' }));
    expect(await within(dialog).findByText('بريدك الإلكتروني مؤكَّد')).toBeTruthy();
    expect(screen.getAllByText(UI_MESSAGES.emailVerified).length).toBeGreaterThan(0);
    // The banner is gone once the dialog is closed.
    await ui.click(within(dialog).getByRole('button', { name: UI_MESSAGES.close }));
    await waitFor(() => expect(screen.queryByText('بريدك الإلكتروني غير مؤكَّد')).toBeNull());
  });
});

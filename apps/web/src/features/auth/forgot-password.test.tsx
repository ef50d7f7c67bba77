import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { apiError, fakeApi, json, renderApp, resetSession } from '../../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const sent = () => ({
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  resendAfter: new Date(Date.now() + 60_000).toISOString(),
});

/** The dialog's text with the typed address and the countdown's seconds taken out. */
const withoutEmail = (dialog: HTMLElement, email: string) =>
  (dialog.textContent ?? '').replace(email, '<email>').replace(/[٠-٩]{2}:[٠-٩]{2}/, 'mm:ss');

describe('forgot-password dialog', () => {
  it('walks e-mail, code and new password, and never tells whether the e-mail exists', async () => {
    // The server answers 200 for an address it knows; for another, even a (wrong) 404 must read
    // exactly the same.
    server.on('POST', '/confirmation-code/password/send', (request) =>
      (request.body as { email: string }).email === 'known@example.com'
        ? json(sent())
        : apiError(404, 'user-not-found'),
    );
    server.on('POST', '/confirmation-code/password/confirm', (request) =>
      (request.body as { code: string }).code === '12345'
        ? json({ resetToken: 'reset-token-1' })
        : apiError(400, 'invalid-verification-code'),
    );
    server.on('POST', '/auth/reset-password', json(null, 204));

    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'نسيت كلمة المرور؟' }));
    const dialog = await screen.findByRole('dialog', { name: 'نسيت كلمة المرور' });
    expect(within(dialog).getByText('الخطوة ١ من ٣')).toBeTruthy();

    // Step 1, an address with no account.
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'ghost@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'أرسل الرمز' }));
    await within(dialog).findByText(UI_MESSAGES.passwordCodeMaybeSent);
    const unknownText = withoutEmail(dialog, 'ghost@example.com');
    expect(screen.queryByText(ERROR_MESSAGES['user-not-found'])).toBeNull();

    // Back, and a known address: the very same screen.
    await user.click(within(dialog).getByRole('button', { name: 'تغيير البريد' }));
    const email = within(dialog).getByLabelText('البريد الإلكتروني');
    await user.clear(email);
    await user.type(email, 'known@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'أرسل الرمز' }));
    await within(dialog).findByText(UI_MESSAGES.passwordCodeMaybeSent);
    await waitFor(() => expect(within(dialog).getByText('known@example.com')).toBeTruthy());
    expect(withoutEmail(dialog, 'known@example.com')).toBe(unknownText);

    // Step 2: a wrong code stays inline, the right one moves on.
    expect(within(dialog).getByText('الخطوة ٢ من ٣')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('رمز التأكيد'), '11111');
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    expect(
      await within(dialog).findByText(ERROR_MESSAGES['invalid-verification-code']),
    ).toBeTruthy();
    const code = within(dialog).getByLabelText('رمز التأكيد');
    await user.clear(code);
    await user.type(code, '١٢٣٤٥'); // Arabic-Indic digits become 12345
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    expect(server.callsTo('POST', '/confirmation-code/password/confirm').at(-1)?.body).toEqual({
      email: 'known@example.com',
      code: '12345',
    });

    // Step 3: the new password.
    await within(dialog).findByText('الخطوة ٣ من ٣');
    await user.type(within(dialog).getByLabelText('كلمة المرور الجديدة'), 'newpass12');
    await user.type(within(dialog).getByLabelText('تأكيد كلمة المرور'), 'newpass12');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ كلمة المرور' }));

    expect(await screen.findByText(UI_MESSAGES.passwordResetSucceeded)).toBeTruthy();
    expect(server.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({
      resetToken: 'reset-token-1',
      password: 'newpass12',
      passwordConfirmation: 'newpass12',
    });
    // Back to the sign-in form, with the address filled in.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('البريد الإلكتروني') as HTMLInputElement).value).toBe(
      'known@example.com',
    );
  });

  it('is also the /forget-password page', async () => {
    server.on('POST', '/confirmation-code/password/send', json(sent()));
    renderApp('/forget-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    expect(await screen.findByText(UI_MESSAGES.passwordCodeMaybeSent)).toBeTruthy();
    // The resend waits for resendAfter.
    expect(
      (screen.getByRole('button', { name: /إعادة الإرسال بعد/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('opens /reset-password?email=&code= at the code step', async () => {
    renderApp('/reset-password?email=a%40example.com&code=54321');
    expect(await screen.findByText('الخطوة ٢ من ٣')).toBeTruthy();
    expect((screen.getByLabelText('رمز التأكيد') as HTMLInputElement).value).toBe('54321');
  });
});

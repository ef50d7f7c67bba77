import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { deviceTokens } from '../../api';
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

const passwordField = () => screen.getByLabelText('كلمة المرور');
const confirmationField = () => screen.getByLabelText('تأكيد كلمة المرور');

/** Replaces the password, leaves the field (blur validation) and returns the field's error. */
async function typePassword(value: string) {
  const user = userEvent.setup();
  await user.clear(passwordField());
  await user.type(passwordField(), value);
  await user.tab();
}

describe('sign-up', () => {
  it('checks the password bounds inline: 7 vs 8 characters, a digit, and the confirmation', async () => {
    renderApp('/register/student');
    await screen.findByRole('heading', { level: 1, name: 'إنشاء حساب طالب' });

    await typePassword('abcd123'); // 7 characters
    expect(await screen.findByText(ERROR_MESSAGES['password-too-short'])).toBeTruthy();
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');

    await typePassword('abcdefgh'); // 8 characters, no digit
    await waitFor(() =>
      expect(screen.queryByText(ERROR_MESSAGES['password-too-short'])).toBeNull(),
    );
    expect(screen.getByText(ERROR_MESSAGES['password-needs-digit'])).toBeTruthy();

    await typePassword('abcdefg1'); // 8 characters with a digit: valid
    await waitFor(() =>
      expect(screen.queryByText(ERROR_MESSAGES['password-needs-digit'])).toBeNull(),
    );
    expect(passwordField().getAttribute('aria-invalid')).toBeNull();

    // The live checklist follows the same rules.
    const rules = screen.getByText(UI_MESSAGES.passwordChecklistTitle).parentElement!;
    expect(within(rules).getAllByText(UI_MESSAGES.passwordRuleMet)).toHaveLength(4);

    const user = userEvent.setup();
    await user.type(confirmationField(), 'abcdefg2');
    await user.tab();
    expect(await screen.findByText(ERROR_MESSAGES['password-mismatch'])).toBeTruthy();
    await user.clear(confirmationField());
    await user.type(confirmationField(), 'abcdefg1');
    await waitFor(() => expect(screen.queryByText(ERROR_MESSAGES['password-mismatch'])).toBeNull());
  });

  it('needs the terms accepted, then signs the new student up and opens the profile steps', async () => {
    const created = makeUser({ level: null, city: null, birthYear: null, verifiedEmail: false });
    server.on(
      'POST',
      '/user/',
      // The verification e-mail could not go out (null): the code is asked for again later.
      json(
        { user: created, token: makeToken(created.id), deviceToken: 'device-new', emailCode: null },
        201,
      ),
    );
    server.on('GET', '/topic/list', json([]));
    const { router } = renderApp('/register/student');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('الاسم الكامل'), 'سارة أحمد');
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'Sara@Example.com');
    await user.type(passwordField(), 'abcdefg1');
    await user.type(confirmationField(), 'abcdefg1');
    await user.click(screen.getByRole('button', { name: 'إنشاء حساب الطالب' }));
    expect(
      await screen.findByText('من فضلك وافق على الشروط والأحكام وسياسة الخصوصية لإنشاء حسابك'),
    ).toBeTruthy();
    expect(server.callsTo('POST', '/user/')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /أوافق على/ }));
    await user.click(screen.getByRole('button', { name: 'إنشاء حساب الطالب' }));
    await screen.findByRole('heading', { level: 1, name: 'إكمال الملف الشخصي' });
    expect(router.state.location.pathname).toBe('/complete-profile');
    expect(server.callsTo('POST', '/user/')[0]?.body).toEqual({
      name: 'سارة أحمد',
      email: 'sara@example.com',
      password: 'abcdefg1',
      passwordConfirmation: 'abcdefg1',
      role: Role.Student,
      acceptTerms: true,
    });
    // The new account's device token is kept for its next password sign-in (issue 15).
    expect(deviceTokens.get(created.email)).toBe('device-new');
  });

  it('puts the server answers under their inputs (user-exists, field codes)', async () => {
    server.on('POST', '/user/', apiError(409, 'user-exists'));
    renderApp('/register/tutor');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('الاسم الكامل بالعربية'), 'أحمد علي');
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'ahmed@example.com');
    await user.type(passwordField(), 'abcdefg1');
    await user.type(confirmationField(), 'abcdefg1');
    await user.click(screen.getByRole('checkbox', { name: /أوافق على/ }));
    await user.click(screen.getByRole('button', { name: 'إنشاء حساب المعلم' }));
    expect(await screen.findByText(ERROR_MESSAGES['user-exists'])).toBeTruthy();
    expect(screen.getByLabelText('البريد الإلكتروني').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST', '/user/')[0]?.body).toMatchObject({ role: Role.Tutor });

    server.on(
      'POST',
      '/user/',
      apiError(400, 'invalid-user-name', [{ path: 'name', code: 'name-not-arabic' }]),
    );
    await user.click(screen.getByRole('button', { name: 'إنشاء حساب المعلم' }));
    expect(await screen.findByText(ERROR_MESSAGES['name-not-arabic'])).toBeTruthy();
  });

  it('links the terms and privacy pages of the marketing site', async () => {
    renderApp('/register/student');
    const terms = await screen.findByRole('link', { name: 'الشروط والأحكام' });
    expect(terms.getAttribute('href')).toMatch(/:4300\/terms$/);
    expect(screen.getByRole('link', { name: 'سياسة الخصوصية' }).getAttribute('href')).toMatch(
      /:4300\/privacy$/,
    );
  });
});

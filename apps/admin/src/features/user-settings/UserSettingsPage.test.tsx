import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  fakeToken,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import { api } from '../../api';

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const passwordCard = () => screen.getByRole('region', { name: 'كلمة المرور' });

describe('/user-settings', () => {
  it('ticks the password rules while typing and changes the password', async () => {
    // The answer is this device's fresh token (issue 15: every other session ends).
    const fresh = `${fakeToken(SUPER_ADMIN.id)}-fresh`;
    const fake = stubApi({ 'PATCH /auth/password': () => ({ token: fresh }) });
    const user = userEvent.setup();
    renderAdmin('/user-settings');
    await screen.findByRole('region', { name: 'كلمة المرور' });
    const card = passwordCard();
    const rule = (text: string) => within(card).getByText(text).closest('li')!;
    expect(
      within(rule(UI_MESSAGES.passwordRuleDigit)).getByText(UI_MESSAGES.passwordRuleUnmet),
    ).toBeTruthy();

    await user.type(within(card).getByLabelText('كلمة المرور الحالية'), 'old-secret1');
    await user.type(within(card).getByLabelText('كلمة المرور الجديدة'), 'newsecret9');
    expect(
      within(rule(UI_MESSAGES.passwordRuleDigit)).getByText(UI_MESSAGES.passwordRuleMet),
    ).toBeTruthy();
    expect(
      within(rule(UI_MESSAGES.passwordRuleLength)).getByText(UI_MESSAGES.passwordRuleMet),
    ).toBeTruthy();
    await user.type(within(card).getByLabelText('تأكيد كلمة المرور الجديدة'), 'newsecret9');
    await user.click(within(card).getByRole('button', { name: 'تغيير كلمة المرور' }));

    expect(await screen.findByText('تم تغيير كلمة المرور')).toBeTruthy();
    expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      currentPassword: 'old-secret1',
      newPassword: 'newsecret9',
      newPasswordConfirmation: 'newsecret9',
    });
    expect(within(card).getByLabelText('كلمة المرور الحالية')).toHaveProperty('value', '');
    expect(api.tokens.get()).toEqual({ type: 'Bearer', value: fresh });
  });

  it('puts wrong-password on the current password field', async () => {
    stubApi({ 'PATCH /auth/password': () => apiError('wrong-password', 400) });
    const user = userEvent.setup();
    renderAdmin('/user-settings');
    await screen.findByRole('region', { name: 'كلمة المرور' });
    const card = passwordCard();
    await user.type(within(card).getByLabelText('كلمة المرور الحالية'), 'not-it-1');
    await user.type(within(card).getByLabelText('كلمة المرور الجديدة'), 'newsecret9');
    await user.type(within(card).getByLabelText('تأكيد كلمة المرور الجديدة'), 'newsecret9');
    await user.click(within(card).getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await within(card).findByText(ERROR_MESSAGES['wrong-password'])).toBeTruthy();
    expect(within(card).getByLabelText('كلمة المرور الحالية').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('saves the name and shows it in the sidebar', async () => {
    const fake = stubApi({
      'PUT /user/1': ({ body }) => ({ ...SUPER_ADMIN, ...(body as object) }),
    });
    const user = userEvent.setup();
    renderAdmin('/user-settings');
    const card = await screen.findByRole('region', { name: 'بياناتي' });
    const name = within(card).getByLabelText('الاسم');
    await user.clear(name);
    await user.type(name, 'سارة  محمود');
    await user.click(within(card).getByRole('button', { name: 'حفظ الاسم' }));
    expect(await screen.findByText('تم حفظ اسمك')).toBeTruthy();
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'سارة محمود' });
    expect(screen.getAllByText('سارة محمود').length).toBeGreaterThan(0);
  });
});

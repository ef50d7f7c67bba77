import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import {
  fakeApi,
  json,
  makeToken,
  makeUser,
  renderApp,
  resetSession,
  signInAs,
} from '../../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

describe('password settings', () => {
  it('a Google-only account sets a first password, each field with its own code', async () => {
    signInAs(server, makeUser({ hasPassword: false }));
    server.on('PATCH', '/auth/password', json({ token: makeToken(7) }));
    renderApp('/s/settings?tab=password');
    const ui = userEvent.setup();

    const password = await screen.findByLabelText('كلمة المرور الجديدة');
    expect(screen.queryByLabelText('كلمة المرور الحالية')).toBeNull();
    await ui.type(password, 'abc1');
    await ui.type(screen.getByLabelText('تأكيد كلمة المرور'), 'abc2');
    await ui.click(screen.getByRole('button', { name: 'تعيين كلمة المرور' }));
    // Both at once: the too-short password does not hide the mismatch.
    expect(await screen.findByText(ERROR_MESSAGES['new-password-mismatch'])).toBeTruthy();
    expect(screen.getAllByText(ERROR_MESSAGES['password-too-short']).length).toBeGreaterThan(0);
    expect(server.callsTo('PATCH', '/auth/password')).toHaveLength(0);

    await ui.clear(password);
    await ui.type(password, 'first1234');
    await ui.clear(screen.getByLabelText('تأكيد كلمة المرور'));
    await ui.type(screen.getByLabelText('تأكيد كلمة المرور'), 'first1234');
    await ui.click(screen.getByRole('button', { name: 'تعيين كلمة المرور' }));
    expect(await screen.findByText(UI_MESSAGES.passwordChanged)).toBeTruthy();
    expect(server.callsTo('PATCH', '/auth/password')[0]?.body).toEqual({
      newPassword: 'first1234',
      newPasswordConfirmation: 'first1234',
    });
  });

  it('an account with a password needs the current one, and the mismatch shows with it', async () => {
    signInAs(server, makeUser());
    renderApp('/s/settings?tab=password');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('كلمة المرور الجديدة'), 'another12');
    await ui.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'another13');
    await ui.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText(ERROR_MESSAGES['new-password-mismatch'])).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES.required)).toBeTruthy();
    expect(server.callsTo('PATCH', '/auth/password')).toHaveLength(0);
  });
});

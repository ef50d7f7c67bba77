import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';

beforeEach(() => resetSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an admin’s own new e-mail (issue 15)', () => {
  it('waits for the code sent to the new address, typed on the user page', async () => {
    let me: User = { ...SUPER_ADMIN, pendingEmail: null };
    const fake = createFakeApi(
      {
        'GET /user/1': () => me,
        'PUT /user/1': ({ body }) => {
          me = { ...me, pendingEmail: (body as { email: string }).email };
          return me;
        },
        'POST /confirmation-code/email/confirm': ({ body }) => {
          if ((body as { code: string }).code !== '24680') {
            return apiError('invalid-verification-code', 400);
          }
          me = { ...me, email: me.pendingEmail ?? me.email, pendingEmail: null };
          return { user: me };
        },
      },
      me,
    );
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    signInAs(me);
    const ui = userEvent.setup();
    renderAdmin('/user/1');

    await screen.findByRole('complementary', { name: 'ملخص الحساب' }, { timeout: 4000 });
    const form = screen.getByRole('region', { name: 'تعديل البيانات' });
    const email = within(form).getByLabelText('البريد الإلكتروني');
    await ui.clear(email);
    await ui.type(email, 'root.new@example.com');
    await ui.click(within(form).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText(UI_MESSAGES.emailChangeCodeSent)).toBeTruthy();

    const pending = await within(form).findByRole('status');
    expect(within(pending).getByText('تحقّق من بريدك الجديد')).toBeTruthy();
    expect(within(pending).getByText('root.new@example.com')).toBeTruthy();
    // The account keeps its address until the code is typed.
    expect((within(form).getByLabelText('البريد الإلكتروني') as HTMLInputElement).value).toBe(
      SUPER_ADMIN.email,
    );

    const code = within(form).getByLabelText('رمز التأكيد');
    await ui.type(code, '13579');
    await ui.click(within(form).getByRole('button', { name: 'تأكيد العنوان الجديد' }));
    expect(await within(form).findByText(ERROR_MESSAGES['invalid-verification-code'])).toBeTruthy();
    await ui.clear(code);
    await ui.type(code, '24680');
    await ui.click(within(form).getByRole('button', { name: 'تأكيد العنوان الجديد' }));
    expect(await screen.findByText(UI_MESSAGES.emailChanged)).toBeTruthy();
    await waitFor(() => expect(within(form).queryByText('تحقّق من بريدك الجديد')).toBeNull());
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  fakeToken,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import type { createFakeApi } from '../../testing/fake-api';
import { api } from '../../api';

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BUTTON = 'تسجيل الخروج من جميع الأجهزة الأخرى';
const CONFIRM = 'نعم، سجّل الخروج منها';
const signOutCalls = (fake: ReturnType<typeof createFakeApi>) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/auth/sign-out-all');

describe('/user-settings: sign out of all devices (issue 15)', () => {
  it('asks first, then ends the other sessions and keeps this device with the fresh token', async () => {
    const old = api.tokens.get()?.value;
    const fresh = `${fakeToken(SUPER_ADMIN.id)}-fresh`;
    const fake = stubApi({ 'POST /auth/sign-out-all': () => ({ token: fresh }) });
    const user = userEvent.setup();
    renderAdmin('/user-settings');
    const card = await screen.findByRole('region', { name: 'كلمة المرور' });

    await user.click(within(card).getByRole('button', { name: BUTTON }));
    const dialog = await screen.findByRole('dialog', {
      name: 'تسجيل الخروج من جميع الأجهزة الأخرى؟',
    });
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signOutCalls(fake)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: BUTTON }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: CONFIRM }),
    );
    expect(await screen.findByText('سُجّل خروجك من جميع الأجهزة الأخرى.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = signOutCalls(fake);
    expect(call?.authorization).toBe(`Bearer ${old}`);
    // This device goes on, with the new token, in the same (remembered) storage.
    expect(api.tokens.get()).toEqual({ type: 'Bearer', value: fresh });
    expect(api.tokens.remember).toBe(true);
    expect(within(card).getByRole('button', { name: BUTTON })).toBeTruthy();
  });

  it('shows why it failed inside the dialog and keeps the session', async () => {
    const old = api.tokens.get()?.value;
    stubApi({ 'POST /auth/sign-out-all': () => apiError('too-many-requests', 429) });
    const user = userEvent.setup();
    renderAdmin('/user-settings');
    const card = await screen.findByRole('region', { name: 'كلمة المرور' });
    await user.click(within(card).getByRole('button', { name: BUTTON }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: CONFIRM }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('لم يُسجَّل الخروج')).toBeTruthy();
    expect(within(alert).getByText(ERROR_MESSAGES['too-many-requests'])).toBeTruthy();
    expect(api.tokens.get()?.value).toBe(old);
    // Closing the dialog forgets the failure.
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await user.click(within(card).getByRole('button', { name: BUTTON }));
    expect(within(await screen.findByRole('dialog')).queryByRole('alert')).toBeNull();
  });
});

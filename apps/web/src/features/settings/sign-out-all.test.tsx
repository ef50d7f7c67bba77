import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { api } from '../../api';
import { realtime } from '../../realtime-channel';
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import {
  apiError,
  fakeApi,
  json,
  makeToken,
  makeUser,
  renderApp,
  resetSession,
  signInAs,
} from '../../testing/fake-api';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const BUTTON = 'تسجيل الخروج من جميع الأجهزة الأخرى';

describe('sign out of all devices (issue 15)', () => {
  it('asks first, then ends the other sessions and keeps this device with the fresh token', async () => {
    const user = makeUser({ id: 7 });
    const old = signInAs(server, user);
    const fresh = makeToken(7, 7200);
    server.on('POST', '/auth/sign-out-all', json({ token: fresh }));
    renderApp('/s/settings?tab=password');
    const ui = userEvent.setup();

    await ui.click(await screen.findByRole('button', { name: BUTTON }));
    const dialog = await screen.findByRole('dialog', {
      name: 'تسجيل الخروج من جميع الأجهزة الأخرى؟',
    });
    // Cancel changes nothing.
    await ui.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/auth/sign-out-all')).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: BUTTON }));
    const again = await screen.findByRole('dialog');
    await ui.click(within(again).getByRole('button', { name: 'نعم، سجّل الخروج منها' }));
    expect(await screen.findByText('سُجّل خروجك من جميع الأجهزة الأخرى.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = server.callsTo('POST', '/auth/sign-out-all');
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${old}`);
    // This device goes on, with the new token, in the same (remembered) storage.
    expect(api.tokens.get()).toEqual({ type: 'Bearer', value: fresh });
    expect(api.tokens.remember).toBe(true);
    expect(screen.getByRole('button', { name: BUTTON })).toBeTruthy();
  });

  it('reopens the realtime channel the server closed, with the fresh token', async () => {
    signInAs(server, makeUser({ id: 7 }));
    const fresh = makeToken(7, 7200);
    server.on('POST', '/auth/sign-out-all', json({ token: fresh }));
    const channel = realtime();
    channel.connect();
    await waitFor(() => expect(channel.state).toBe('open'));
    const socket = fakeSockets.latest();
    if (!socket) throw new Error('no socket');
    // The server ends the old session's socket before the answer arrives.
    socket.active = false;
    socket.connected = false;
    socket.serverEmit('disconnect', 'io server disconnect');
    expect(channel.state).toBe('closed');
    expect(channel.endedByServer).toBe(true);

    renderApp('/s/settings?tab=password');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: BUTTON }));
    await ui.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'نعم، سجّل الخروج منها',
      }),
    );
    await waitFor(() => expect(channel.state).toBe('open'));
    const auth = socket.options.auth as (callback: (data: object) => void) => void;
    auth((data) => expect(data).toEqual({ token: fresh }));
    channel.close();
  });

  it('shows why it failed inside the dialog and keeps the session', async () => {
    const old = signInAs(server, makeUser({ id: 7 }));
    server.on('POST', '/auth/sign-out-all', apiError(429, 'too-many-requests'));
    renderApp('/s/settings?tab=password');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: BUTTON }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، سجّل الخروج منها' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['too-many-requests'])).toBeTruthy();
    expect(api.tokens.get()?.value).toBe(old);
  });

  it('is in the tutor account settings too', async () => {
    signInAs(server, makeUser({ id: 8, role: 3 }));
    renderApp('/t/account-settings?tab=password');
    expect(await screen.findByRole('button', { name: BUTTON })).toBeTruthy();
  });
});

describe('changing the password (issue 15)', () => {
  it('stores the fresh token the server answers, so this device stays signed in', async () => {
    signInAs(server, makeUser({ id: 7 }));
    const fresh = makeToken(7, 7200);
    server.on('PATCH', '/auth/password', json({ token: fresh }));
    renderApp('/s/settings?tab=password');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('كلمة المرور الحالية'), 'password1');
    await ui.type(screen.getByLabelText('كلمة المرور الجديدة'), 'another12');
    await ui.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'another12');
    await ui.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText(UI_MESSAGES.passwordChanged)).toBeTruthy();
    expect(api.tokens.get()).toEqual({ type: 'Bearer', value: fresh });
  });
});

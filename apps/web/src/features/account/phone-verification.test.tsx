import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationMethod } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
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
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const codeSent = () =>
  json({
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    resendAfter: new Date(Date.now() + 60_000).toISOString(),
  });

async function openPhoneDialog() {
  renderApp('/s/settings?tab=verification');
  const ui = userEvent.setup();
  // The first render of a file loads the settings page's modules: give it more than a second.
  const open = await screen.findByRole('button', { name: 'تأكيد رقم الهاتف' }, { timeout: 5000 });
  await ui.click(open);
  const dialog = await screen.findByRole('dialog', { name: 'تأكيد رقم الهاتف' });
  return { ui, dialog };
}

/** A choice by its label (the notification choices' names go on with their description). */
const radio = (scope: HTMLElement, label: string) =>
  within(scope).getByRole('radio', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

describe('phone verification: the channel', () => {
  it('defaults to WhatsApp without notifications, sends the chosen app, and activates it once verified', async () => {
    const user = makeUser({ notificationMethod: NotificationMethod.None });
    signInAs(server, user);
    server.on('POST', '/confirmation-code/phone/send', codeSent);
    const verified: User = { ...user, phone: '+201012345678', verifiedPhone: true };
    server.on('POST', '/confirmation-code/phone/verify', () => json({ user: verified }));
    server.on('PUT', '/user/:id', (request) =>
      json({ ...verified, ...(request.body as Partial<User>) }),
    );
    const { ui, dialog } = await openPhoneDialog();

    expect(radio(dialog, 'واتساب').checked).toBe(true);
    expect(radio(dialog, 'تيليجرام').checked).toBe(false);
    expect(within(dialog).queryByRole('button', { name: 'التحقق عبر تيليجرام' })).toBeNull();
    await ui.type(within(dialog).getByLabelText('رقم الهاتف المحمول'), '01012345678');
    await ui.click(within(dialog).getByRole('button', { name: 'أرسل رمز التأكيد' }));

    expect(await within(dialog).findByText(/عبر\s+واتساب/)).toBeTruthy();
    expect(server.callsTo('POST', '/confirmation-code/phone/send')[0]?.body).toEqual({
      phone: '+201012345678',
      channel: 'whatsapp',
    });
    // Nothing is activated before the phone is verified (the server would refuse it).
    expect(server.callsTo('PUT', `/user/${user.id}`)).toHaveLength(0);

    await ui.type(within(dialog).getByLabelText('رمز التأكيد'), '24680');
    await ui.click(within(dialog).getByRole('button', { name: 'تأكيد الرقم' }));
    expect(await within(dialog).findByText('رقم هاتفك مؤكَّد')).toBeTruthy();
    await waitFor(() =>
      expect(server.callsTo('PUT', `/user/${user.id}`)[0]?.body).toEqual({
        notificationMethod: 'whatsapp',
      }),
    );
    expect(await within(dialog).findByText(/وتصلك الإشعارات عبر\s+واتساب/)).toBeTruthy();
  });

  it('sends over Telegram when chosen, with the linking box, without saving a notification method', async () => {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.None }));
    server.on('POST', '/confirmation-code/phone/send', codeSent);
    const { ui, dialog } = await openPhoneDialog();

    await ui.type(within(dialog).getByLabelText('رقم الهاتف المحمول'), '01012345678');
    await ui.click(radio(dialog, 'تيليجرام'));
    expect(await within(dialog).findByRole('button', { name: 'التحقق عبر تيليجرام' })).toBeTruthy();
    await ui.click(within(dialog).getByRole('button', { name: 'أرسل رمز التأكيد' }));

    expect(await within(dialog).findByText(/عبر\s+تيليجرام/)).toBeTruthy();
    expect(server.callsTo('POST', '/confirmation-code/phone/send')[0]?.body).toEqual({
      phone: '+201012345678',
      channel: 'telegram',
    });
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('defaults to Telegram for a user whose notifications go there', async () => {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.Telegram }));
    const { dialog } = await openPhoneDialog();
    expect(radio(dialog, 'تيليجرام').checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'التحقق عبر تيليجرام' })).toBeTruthy();
  });

  it('puts incorrect-phone (another account holds the number) under the phone field', async () => {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.None }));
    server.on('POST', '/confirmation-code/phone/send', codeSent);
    server.on('POST', '/confirmation-code/phone/verify', apiError(400, 'incorrect-phone'));
    const { ui, dialog } = await openPhoneDialog();
    await ui.type(within(dialog).getByLabelText('رقم الهاتف المحمول'), '01012345678');
    await ui.click(within(dialog).getByRole('button', { name: 'أرسل رمز التأكيد' }));
    await ui.type(await within(dialog).findByLabelText('رمز التأكيد'), '24680');
    await ui.click(within(dialog).getByRole('button', { name: 'تأكيد الرقم' }));

    const phone = await within(dialog).findByLabelText('رقم الهاتف المحمول');
    expect(within(dialog).getByText(ERROR_MESSAGES['incorrect-phone'])).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect((phone as HTMLInputElement).value).toBe('01012345678');
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});

describe('notification settings', () => {
  it('keeps WhatsApp and Telegram disabled, with the hint, while the phone is unverified', async () => {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.None }));
    renderApp('/s/settings?tab=notifications');
    const form = (await screen.findByRole('group', {
      name: 'طريقة استلام الإشعارات',
    })) as HTMLElement;
    expect(radio(form, 'واتساب').disabled).toBe(true);
    expect(radio(form, 'تيليجرام').disabled).toBe(true);
    expect(radio(form, 'بدون إشعارات').disabled).toBe(false);
    expect(radio(form, 'بدون إشعارات').checked).toBe(true);
    expect(
      within(form).getByText('أكِّد رقم هاتفك أولًا حتى تصلك الإشعارات على واتساب أو تيليجرام.'),
    ).toBeTruthy();
  });

  it('offers the apps once the phone is verified, and shows unverified-phone if the server refuses', async () => {
    const user = makeUser({
      notificationMethod: NotificationMethod.None,
      phone: '+201012345678',
      verifiedPhone: true,
    });
    signInAs(server, user);
    server.on('PUT', '/user/:id', apiError(422, 'unverified-phone'));
    renderApp('/s/settings?tab=notifications');
    const ui = userEvent.setup();
    const form = (await screen.findByRole('group', {
      name: 'طريقة استلام الإشعارات',
    })) as HTMLElement;
    expect(radio(form, 'واتساب').disabled).toBe(false);
    expect(radio(form, 'تيليجرام').disabled).toBe(false);
    expect(within(form).queryByText(/أكِّد رقم هاتفك أولًا/)).toBeNull();

    await ui.click(radio(form, 'تيليجرام'));
    await ui.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await within(form).findByText(ERROR_MESSAGES['unverified-phone'])).toBeTruthy();
    expect(server.callsTo('PUT', `/user/${user.id}`)[0]?.body).toEqual({
      notificationMethod: 'telegram',
    });
    expect(screen.queryByText(UI_MESSAGES.notificationsUpdated)).toBeNull();
  });
});

describe('phone verification: a WhatsApp code that cannot be delivered', () => {
  // WhatsApp accepts the code (200) and reports later that the number is not on WhatsApp; the
  // server withdraws the code and says `unresolved-phone` by socket and on the poll (issue 16).
  const failed = () =>
    json({
      state: 'failed',
      phone: '+201012340000',
      error: { code: 'unresolved-phone', message: 'undelivered' },
    });

  async function sendToUnreachable() {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.None }));
    server.on('POST', '/confirmation-code/phone/send', codeSent);
    const opened = await openPhoneDialog();
    await opened.ui.type(within(opened.dialog).getByLabelText('رقم الهاتف المحمول'), '01012340000');
    await opened.ui.click(within(opened.dialog).getByRole('button', { name: 'أرسل رمز التأكيد' }));
    expect(await within(opened.dialog).findByLabelText('رمز التأكيد')).toBeTruthy();
    return opened;
  }

  async function expectBackToTheNumber(dialog: HTMLElement) {
    const phone = await within(dialog).findByLabelText('رقم الهاتف المحمول');
    expect(await within(dialog).findByText(ERROR_MESSAGES['unresolved-phone'])).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect((phone as HTMLInputElement).value).toBe('01012340000');
    expect(within(dialog).queryByLabelText('رمز التأكيد')).toBeNull();
  }

  it('learns it on its poll and shows unresolved-phone under the number', async () => {
    server.on('GET', '/confirmation-code/phone/delivery', failed);
    const { dialog } = await sendToUnreachable();
    await expectBackToTheNumber(dialog);
    expect(server.callsTo('GET', '/confirmation-code/phone/delivery').length).toBeGreaterThan(0);
  });

  it('learns it over the realtime channel before any poll says so', async () => {
    server.on('GET', '/confirmation-code/phone/delivery', () =>
      json({ state: 'accepted', phone: '+201012340000', error: null }),
    );
    const { dialog } = await sendToUnreachable();
    await waitFor(() =>
      expect(fakeSockets.latest()?.listeners('PhoneCodeUndelivered')).toBeGreaterThan(0),
    );
    // About another number (an earlier send): nothing changes.
    act(() =>
      fakeSockets.latest()!.serverEmit('PhoneCodeUndelivered', {
        code: 'unresolved-phone',
        message: 'undelivered',
        phone: '+201099999999',
      }),
    );
    expect(within(dialog).getByLabelText('رمز التأكيد')).toBeTruthy();
    act(() =>
      fakeSockets.latest()!.serverEmit('PhoneCodeUndelivered', {
        code: 'unresolved-phone',
        message: 'undelivered',
        phone: '+201012340000',
      }),
    );
    await expectBackToTheNumber(dialog);
  });

  it('keeps waiting for the code while the poll says it is on its way', async () => {
    server.on('GET', '/confirmation-code/phone/delivery', () =>
      json({ state: 'delivered', phone: '+201012340000', error: null }),
    );
    const { dialog } = await sendToUnreachable();
    await waitFor(() =>
      expect(server.callsTo('GET', '/confirmation-code/phone/delivery').length).toBeGreaterThan(0),
    );
    expect(within(dialog).getByLabelText('رمز التأكيد')).toBeTruthy();
    expect(within(dialog).queryByText(ERROR_MESSAGES['unresolved-phone'])).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationMethod } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
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
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

const BOT_URL = 'https://t.me/talaqa_local_bot?start=AbCdEfGhIjKlMnOpQrStUvWxYz012345';

/** A stand-in for the tab `window.open` gives back. */
function fakeTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

async function openPhoneDialog() {
  renderApp('/s/settings?tab=verification');
  const ui = userEvent.setup();
  await ui.click(await screen.findByRole('button', { name: 'تأكيد رقم الهاتف' }));
  const dialog = await screen.findByRole('dialog', { name: 'تأكيد رقم الهاتف' });
  return { ui, dialog };
}

describe('phone verification over Telegram', () => {
  it('links the chat: asks for the bot link of the typed number and opens it in a new tab', async () => {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.Telegram }));
    server.on('POST', '/confirmation-code/phone/telegram-link', () =>
      json({ url: BOT_URL, linked: false, expiresAt: new Date(Date.now() + 1_800_000) }),
    );
    const { tab, open } = fakeTab();
    const { ui, dialog } = await openPhoneDialog();

    expect(within(dialog).getByText(/اضغط «ابدأ» \(Start\) في تيليجرام/)).toBeTruthy();
    expect(within(dialog).getByText(/عُد إلى هنا واضغط «أرسل رمز التأكيد»/)).toBeTruthy();
    await ui.type(within(dialog).getByLabelText('رقم الهاتف المحمول'), '01012345678');
    await ui.click(within(dialog).getByRole('button', { name: 'التحقق عبر تيليجرام' }));

    await waitFor(() => expect(tab.location.href).toBe(BOT_URL));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(server.callsTo('POST', '/confirmation-code/phone/telegram-link')[0]?.body).toEqual({
      phone: '01012345678',
    });
    const status = within(dialog).getByRole('status');
    const fallback = within(status).getByRole('link', { name: 'افتح البوت من هنا' });
    expect(fallback.getAttribute('href')).toBe(BOT_URL);
    expect(fallback.getAttribute('target')).toBe('_blank');
    expect(fallback.getAttribute('rel')).toContain('noopener');
  });

  it('says so when the number is linked already, without a new tab', async () => {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.Telegram }));
    server.on('POST', '/confirmation-code/phone/telegram-link', () =>
      json({ url: BOT_URL, linked: true, expiresAt: new Date(Date.now() + 1_800_000) }),
    );
    const { tab } = fakeTab();
    const { ui, dialog } = await openPhoneDialog();
    await ui.type(within(dialog).getByLabelText('رقم الهاتف المحمول'), '01012345678');
    await ui.click(within(dialog).getByRole('button', { name: 'التحقق عبر تيليجرام' }));
    expect(await within(dialog).findByText(/هذا الرقم مربوط بتيليجرام بالفعل/)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('puts a refused number under the phone field and closes the tab', async () => {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.Telegram }));
    server.on('POST', '/confirmation-code/phone/telegram-link', () =>
      apiError(400, 'invalid-phone', [{ path: 'phone', code: 'invalid-phone' }]),
    );
    const { tab } = fakeTab();
    const { ui, dialog } = await openPhoneDialog();
    await ui.type(within(dialog).getByLabelText('رقم الهاتف المحمول'), '0123');
    await ui.click(within(dialog).getByRole('button', { name: 'التحقق عبر تيليجرام' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['invalid-phone'])).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('is offered only when the code goes over Telegram', async () => {
    signInAs(server, makeUser({ notificationMethod: NotificationMethod.WhatsApp }));
    const { ui, dialog } = await openPhoneDialog();
    expect(within(dialog).queryByRole('button', { name: 'التحقق عبر تيليجرام' })).toBeNull();
    await ui.click(within(dialog).getByRole('radio', { name: 'تيليجرام' }));
    expect(await within(dialog).findByRole('button', { name: 'التحقق عبر تيليجرام' })).toBeTruthy();
  });
});

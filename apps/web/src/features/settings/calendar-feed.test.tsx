import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
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

const FEED_URL =
  'https://api.talaqa.test/api/v1/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics';
const NEW_URL =
  'https://api.talaqa.test/api/v1/calendar/ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210-_edcba.ics';

async function openCalendarTab(url = '/s/settings?tab=calendar') {
  const ui = userEvent.setup();
  renderApp(url);
  await screen.findByRole('heading', { name: 'تقويمك' });
  return ui;
}

describe('the calendar feed card', () => {
  it('makes the address, shows it once (LTR, read-only) and copies it', async () => {
    signInAs(server, makeUser());
    server.on('GET', '/calendar/feed', { enabled: false });
    server.on('POST', '/calendar/feed', () => json({ url: FEED_URL }, 201));
    const ui = await openCalendarTab();

    expect(await screen.findByText('تقويم دروسك غير مفعّل.')).toBeTruthy();
    expect(screen.getByText(/تقويم Google/)).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'إنشاء رابط التقويم' }));

    const field = await screen.findByLabelText<HTMLInputElement>('رابط التقويم');
    expect(field.value).toBe(FEED_URL);
    expect(field.readOnly).toBe(true);
    expect(field.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText(/يظهر هذا الرابط الآن فقط/)).toBeTruthy();
    expect(screen.getByText('تقويم دروسك مفعّل.')).toBeTruthy();
    expect(server.callsTo('POST', '/calendar/feed')).toHaveLength(1);
    const webcal = screen.getByRole('link', { name: 'فتح في تطبيق التقويم على هذا الجهاز' });
    expect(webcal.getAttribute('href')).toBe(FEED_URL.replace('https:', 'webcal:'));

    await ui.click(screen.getByRole('button', { name: 'نسخ الرابط' }));
    expect(await screen.findByText('نُسخ الرابط.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(FEED_URL);
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    signInAs(server, makeUser());
    server.on('GET', '/calendar/feed', { enabled: false });
    server.on('POST', '/calendar/feed', () => json({ url: FEED_URL }, 201));
    const ui = await openCalendarTab();
    await ui.click(await screen.findByRole('button', { name: 'إنشاء رابط التقويم' }));
    await screen.findByLabelText('رابط التقويم');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await ui.click(screen.getByRole('button', { name: 'نسخ الرابط' }));
    expect(await screen.findByText(/تعذّر النسخ تلقائيًا/)).toBeTruthy();
  });

  it('makes a new address only after confirming that the old one stops working', async () => {
    signInAs(server, makeUser());
    server.on('GET', '/calendar/feed', { enabled: true });
    server.on('POST', '/calendar/feed', () => json({ url: NEW_URL }, 201));
    const ui = await openCalendarTab();

    expect(await screen.findByText('تقويم دروسك مفعّل.')).toBeTruthy();
    expect(screen.queryByLabelText('رابط التقويم')).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'إنشاء رابط جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنشاء رابط جديد؟' });
    expect(within(dialog).getByText(/سيتوقف الرابط القديم عن العمل/)).toBeTruthy();
    await ui.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    expect(server.callsTo('POST', '/calendar/feed')).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: 'إنشاء رابط جديد' }));
    await ui.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'نعم، أنشئ رابطًا جديدًا',
      }),
    );
    const field = await screen.findByLabelText<HTMLInputElement>('رابط التقويم');
    expect(field.value).toBe(NEW_URL);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('turns the feed off after a confirmation', async () => {
    signInAs(server, makeUser());
    server.on('GET', '/calendar/feed', { enabled: true });
    server.on('DELETE', '/calendar/feed', () => json(null, 204));
    const ui = await openCalendarTab();

    await ui.click(await screen.findByRole('button', { name: 'إيقاف التقويم' }));
    const dialog = await screen.findByRole('dialog', { name: 'إيقاف التقويم؟' });
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، أوقف التقويم' }));
    expect(await screen.findByText('تقويم دروسك غير مفعّل.')).toBeTruthy();
    expect(server.callsTo('DELETE', '/calendar/feed')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'إنشاء رابط التقويم' })).toBeTruthy();
  });

  it('shows a failure in the dialog and keeps it open', async () => {
    signInAs(server, makeUser());
    server.on('GET', '/calendar/feed', { enabled: true });
    server.on('DELETE', '/calendar/feed', () => apiError(503, 'service-unavailable'));
    const ui = await openCalendarTab();
    await ui.click(await screen.findByRole('button', { name: 'إيقاف التقويم' }));
    const dialog = await screen.findByRole('dialog', { name: 'إيقاف التقويم؟' });
    await ui.click(within(dialog).getByRole('button', { name: 'نعم، أوقف التقويم' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers a retry when the state cannot be read', async () => {
    signInAs(server, makeUser());
    let fail = true;
    server.on('GET', '/calendar/feed', () =>
      fail ? apiError(500, 'unexpected') : json({ enabled: false }),
    );
    const ui = await openCalendarTab();
    // The query retries once by itself before it shows the failure.
    const retry = await screen.findByRole(
      'button',
      { name: UI_MESSAGES.retry },
      { timeout: 5_000 },
    );
    fail = false;
    await ui.click(retry);
    expect(await screen.findByText('تقويم دروسك غير مفعّل.')).toBeTruthy();
  });

  it('is in the tutor’s account settings too', async () => {
    signInAs(server, makeUser({ id: 3, role: Role.Tutor, name: 'أحمد علي' }));
    server.on('GET', '/calendar/feed', { enabled: false });
    server.on('GET', '/user/tutor/meta', apiError(404, 'not-found'));
    await openCalendarTab('/t/account-settings?tab=calendar');
    expect(await screen.findByRole('button', { name: 'إنشاء رابط التقويم' })).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PLATFORM_SETTINGS } from '@talaqa/domain';
import type { AuditEntry, PlatformSettingsView, SettingChange } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  createFakeApi,
  noContent,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';

const SETTINGS: PlatformSettingsView = {
  ...DEFAULT_PLATFORM_SETTINGS,
  updatedAt: null,
  updatedBy: null,
};
const CHANGE: SettingChange = {
  id: 1,
  key: 'withdrawalMin',
  oldValue: 10_000,
  newValue: 20_000,
  changedBy: SUPER_ADMIN.id,
  changedByName: 'سارة المشرفة',
  changedAt: '2026-01-10T10:00:00.000Z',
};
const ENTRY: AuditEntry = {
  id: 9,
  actorId: SUPER_ADMIN.id,
  actorName: 'سارة المشرفة',
  action: 'user.role',
  targetId: 44,
  details: { from: 4, to: 3 },
  createdAt: '2026-01-10T11:00:00.000Z',
};

function stubSettings() {
  let settings = { ...SETTINGS };
  const fake = createFakeApi({
    'GET /platform-settings': () => settings,
    'PUT /platform-settings': ({ body }) => {
      settings = {
        ...(body as PlatformSettingsView),
        updatedAt: '2026-01-10T12:00:00.000Z',
        updatedBy: 1,
      };
      return settings;
    },
    'GET /platform-settings/history': () => ({ list: [CHANGE], total: 1 }),
    'GET /audit-log': () => ({ list: [ENTRY], total: 1 }),
    'DELETE /cache/flush': () => noContent(),
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

/** What the page changed: writes to the settings and the cache (not the app's own reports). */
const writes = (requests: FakeRequest[]) =>
  requests.filter(
    (request) =>
      request.method !== 'GET' &&
      (request.path.startsWith('/platform-settings') || request.path === '/cache/flush'),
  );

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/platform-settings', () => {
  it('refuses a minimum above the maximum, zero and a malformed link in Arabic, sending nothing', async () => {
    const fake = stubSettings();
    const user = userEvent.setup();
    renderAdmin('/platform-settings');
    // The first test also loads the lazy page.
    const min = await screen.findByLabelText('الحد الأدنى للسحب', {}, { timeout: 10_000 });
    expect((min as HTMLInputElement).value).toBe('100');
    await user.clear(min);
    await user.type(min, '60000');
    const rate = screen.getByLabelText('أجر المعلم عن كل دقيقة');
    await user.clear(rate);
    await user.type(rate, '0');
    await user.type(screen.getByLabelText('رابط مجموعة دعم المعلمين'), 'chat.whatsapp.com/x');
    await user.click(screen.getByRole('button', { name: 'حفظ الإعدادات' }));
    expect(await screen.findByText(ERROR_MESSAGES['withdraw-min-above-max'])).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES['tutor-rate-not-positive'])).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES['invalid-url'])).toBeTruthy();
    expect(writes(fake.requests)).toEqual([]);
  });

  it('saves the settings in piasters', async () => {
    const fake = stubSettings();
    const user = userEvent.setup();
    renderAdmin('/platform-settings');
    const rate = await screen.findByLabelText('أجر المعلم عن كل دقيقة');
    await user.clear(rate);
    await user.type(rate, '2.5');
    await user.type(
      screen.getByLabelText('رابط مجموعة دعم المعلمين'),
      'https://chat.whatsapp.com/Talaqa',
    );
    await user.click(screen.getByRole('button', { name: 'حفظ الإعدادات' }));
    await waitFor(() => expect(writes(fake.requests)).toHaveLength(1));
    expect(writes(fake.requests)[0]?.body).toEqual({
      ...DEFAULT_PLATFORM_SETTINGS,
      tutorRatePerMinute: 250,
      supportGroupUrl: 'https://chat.whatsapp.com/Talaqa',
    });
    expect(await screen.findByText('حُفظت إعدادات المنصة')).toBeTruthy();
  });

  it('flushes the cache only after the confirmation', async () => {
    const fake = stubSettings();
    const user = userEvent.setup();
    renderAdmin('/platform-settings');
    await user.click(await screen.findByRole('button', { name: 'مسح الذاكرة المؤقتة' }));
    const dialog = await screen.findByRole('dialog', { name: 'مسح الذاكرة المؤقتة؟' });
    expect(writes(fake.requests)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'مسح' }));
    await waitFor(() =>
      expect(writes(fake.requests).map((r) => `${r.method} ${r.path}`)).toEqual([
        'DELETE /cache/flush',
      ]),
    );
  });

  it('shows the history and the audit log on their tabs', async () => {
    stubSettings();
    const user = userEvent.setup();
    renderAdmin('/platform-settings');
    await user.click(await screen.findByRole('tab', { name: 'سجل التغييرات' }));
    const history = await screen.findByRole('tabpanel', { name: 'سجل التغييرات' });
    expect(await within(history).findByText('الحد الأدنى للسحب')).toBeTruthy();
    expect(within(history).getByText(/سارة المشرفة/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'سجل الإجراءات' }));
    const audit = await screen.findByRole('tabpanel', { name: 'سجل الإجراءات' });
    const row = await within(audit).findByRole('listitem');
    expect(row.textContent).toContain('تغيير دور مستخدم');
    expect(row.textContent).toContain('سارة المشرفة');
  });
});

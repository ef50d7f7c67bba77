import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import type { ReportView } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';

/** Issue 23 item 6: the admins' /reports page (record 348). */

const LOG_TEXT =
  'user-agent: Mozilla/5.0 Test\nurl: https://talaqa.eg/s/lessons\n\n2026-11-27T02:00:00.000Z ERROR [realtime] connection failed: xhr poll error\n';

const report = (id: number, overrides: Partial<ReportView> = {}): ReportView => ({
  id,
  user: { id: 40 + id, name: `طالب ${id}`, role: Role.Student },
  description: `وصف المشكلة رقم ${id}`,
  url: 'https://talaqa.eg/s/lessons?tab=next',
  userAgent: 'Mozilla/5.0 Test',
  screenshot: `0000000${id}-0000-0000-0000-000000000000.jpg`,
  screenshotBytes: 120_000,
  log: `0000000${id}-0000-0000-0000-00000000000a.txt`,
  logName: '2026-11-27-48213977.txt',
  logBytes: 200,
  status: 'open',
  resolvedBy: null,
  resolvedAt: null,
  note: null,
  createdAt: new Date(Date.UTC(2026, 10, 27, 1, id)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, 27, 1, id)).toISOString(),
  ...overrides,
});

/** An in-memory reports server: newest first, paged, by status; the files by name. */
function stubReports(initial: ReportView[]) {
  let reports = [...initial];
  const updates: unknown[] = [];
  const fake = stubApi({
    'GET /report/list': ({ query }) => {
      const status = query.get('status');
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('size') ?? 10);
      const matching = reports
        .filter((item) => status === null || item.status === status)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { list: matching.slice((page - 1) * size, page * size), total: matching.length };
    },
    'PUT /report': ({ body }) => {
      updates.push(body);
      const { id, status, note } = body as {
        id: number;
        status: 'open' | 'resolved';
        note?: string;
      };
      const found = reports.find((item) => item.id === id);
      if (!found) return apiError('report-not-found', 404);
      const saved: ReportView = {
        ...found,
        status,
        note: note ?? found.note,
        resolvedBy: status === 'resolved' ? SUPER_ADMIN.id : null,
        resolvedAt: status === 'resolved' ? '2026-11-27T03:00:00.000Z' : null,
      };
      reports = reports.map((item) => (item.id === id ? saved : item));
      return saved;
    },
    'GET /assets/reports/:name': ({ path }) =>
      path.endsWith('.txt')
        ? new Response(LOG_TEXT, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
        : new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), {
            headers: { 'content-type': 'image/jpeg' },
          }),
  });
  return { ...fake, updates };
}

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items = () => within(screen.getByRole('list', { name: 'البلاغات' })).getAllByRole('article');

describe('admin /reports', () => {
  it('lists the open reports newest first with their sender, and filters by status in the URL', async () => {
    stubReports([
      report(1),
      report(2),
      report(3, { status: 'resolved', resolvedAt: '2026-11-27T02:30:00.000Z' }),
    ]);
    const { router } = renderAdmin('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'بلاغات المشكلات' })).toBeTruthy();
    await screen.findByRole('list', { name: 'البلاغات' });
    expect(items().map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'بلاغ رقم ٢',
      'بلاغ رقم ١',
    ]);
    const sender = within(items()[0] as HTMLElement).getByRole('link', { name: 'طالب 2' });
    expect(sender.getAttribute('href')).toBe('/user/42');

    await userEvent.setup().selectOptions(screen.getByLabelText('اعرض'), 'resolved');
    await waitFor(() => expect(router.state.location.search).toBe('?status=resolved'));
    await waitFor(() =>
      expect(items().map((item) => within(item).getByRole('heading').textContent)).toEqual([
        'بلاغ رقم ٣',
      ]),
    );
  });

  it('says so when no report waits', async () => {
    stubReports([]);
    renderAdmin('/reports');
    expect(await screen.findByText('لا توجد بلاغات مفتوحة')).toBeTruthy();
  });

  it('shows a report in full: page, browser, the picture (enlarged on click) and the log, LTR', async () => {
    stubReports([report(1)]);
    renderAdmin('/reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تفاصيل البلاغ رقم ١' }));
    const dialog = await screen.findByRole('dialog', { name: 'بلاغ رقم ١' });
    expect(
      within(dialog).getByText('https://talaqa.eg/s/lessons?tab=next').getAttribute('dir'),
    ).toBe('ltr');
    expect(within(dialog).getByText('Mozilla/5.0 Test')).toBeTruthy();
    expect(within(dialog).getByText('وصف المشكلة رقم 1')).toBeTruthy();

    const log = await within(dialog).findByLabelText('نص السجل');
    expect(log.getAttribute('dir')).toBe('ltr');
    expect(log.textContent).toContain('ERROR [realtime] connection failed: xhr poll error');

    const picture = await within(dialog).findByRole('img', { name: /صورة الصفحة وقت البلاغ/ });
    expect(picture.getAttribute('src')).toMatch(/^blob:/);
    await user.click(picture);
    const large = await screen.findByRole('dialog', { name: 'صورة الصفحة وقت البلاغ' });
    expect(within(large).getByRole('img', { name: 'صورة الصفحة بحجمها الكامل' })).toBeTruthy();
  });

  it('resolves a report with a note after a confirmation, then reopens it', async () => {
    const fake = stubReports([report(1)]);
    renderAdmin('/reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تفاصيل البلاغ رقم ١' }));
    const dialog = await screen.findByRole('dialog', { name: 'بلاغ رقم ١' });
    await user.type(within(dialog).getByLabelText(/ملاحظة المشرف/), 'أصلحنا عرض المواعيد');
    await user.click(within(dialog).getByRole('button', { name: 'تم حل المشكلة' }));
    const confirm = await screen.findByRole('dialog', { name: 'تعليم البلاغ بأنه تم حله؟' });
    // Nothing is sent before the confirmation.
    expect(fake.updates).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'نعم، تم الحل' }));
    await waitFor(() =>
      expect(fake.updates).toEqual([{ id: 1, status: 'resolved', note: 'أصلحنا عرض المواعيد' }]),
    );
    expect(await screen.findByText('عُلِّم البلاغ بأنه تم حله')).toBeTruthy();
    // The dialog stays with the report's new state, though it left the open list.
    expect(within(dialog).getByRole('button', { name: 'إعادة فتح البلاغ' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'البلاغات' })).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'إعادة فتح البلاغ' }));
    const again = await screen.findByRole('dialog', { name: 'إعادة فتح البلاغ؟' });
    await user.click(within(again).getByRole('button', { name: 'نعم، أعد فتحه' }));
    await waitFor(() => expect(fake.updates).toHaveLength(2));
    expect(fake.updates[1]).toMatchObject({ id: 1, status: 'open' });
  });

  it('refuses a note over the bound before asking, and reports a failure in Arabic', async () => {
    const fake = stubReports([report(1)]);
    renderAdmin('/reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تفاصيل البلاغ رقم ١' }));
    const dialog = await screen.findByRole('dialog', { name: 'بلاغ رقم ١' });
    const note = within(dialog).getByLabelText(/ملاحظة المشرف/);
    await user.click(note);
    await user.paste('م'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'تم حل المشكلة' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['report-note-too-long'])).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'تعليم البلاغ بأنه تم حله؟' })).toBeNull();

    await user.clear(note);
    expect(fake.updates).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'تم حل المشكلة' }));
    const confirm = await screen.findByRole('dialog', { name: 'تعليم البلاغ بأنه تم حله؟' });
    // The report was deleted meanwhile: the server answers report-not-found.
    stubReports([]);
    await user.click(within(confirm).getByRole('button', { name: 'نعم، تم الحل' }));
    expect(
      await screen.findByText(`تعذّر تحديث البلاغ: ${ERROR_MESSAGES['report-not-found']}`),
    ).toBeTruthy();
  });
});

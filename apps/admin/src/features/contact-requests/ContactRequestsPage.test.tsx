import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import type { ContactRequestAdminView } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';

const request = (
  id: number,
  overrides: Partial<ContactRequestAdminView> = {},
): ContactRequestAdminView => ({
  id,
  title: `رسالة رقم ${id}`,
  message: `نص الرسالة ${id}\nسطر ثانٍ`,
  createdAt: new Date(Date.UTC(2026, 10, 20, 10, id)).toISOString(),
  email: `sender-${id}@example.com`,
  user: null,
  handled: false,
  handledAt: null,
  ...overrides,
});

/** An in-memory contact requests server: newest first, paged, filtered by `handled`. */
function stubRequests(initial: ContactRequestAdminView[]) {
  let requests = [...initial];
  return stubApi({
    'GET /contact-request/list': ({ query }) => {
      const handled = query.get('handled');
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('size') ?? 10);
      const matching = requests
        .filter((item) => handled === null || String(item.handled) === handled)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { list: matching.slice((page - 1) * size, page * size), total: matching.length };
    },
    'PUT /contact-request/:id': ({ path, body }) => {
      const id = Number(path.split('/')[2]);
      const { handled } = body as { handled: boolean };
      const found = requests.find((item) => item.id === id);
      if (!found) return apiError('not-found', 404);
      const saved = { ...found, handled, handledAt: handled ? '2026-11-26T10:00:00.000Z' : null };
      requests = requests.map((item) => (item.id === id ? saved : item));
      return saved;
    },
  });
}

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items = () => within(screen.getByRole('list', { name: 'الرسائل' })).getAllByRole('article');

describe('admin /contact-requests', () => {
  it('lists the open messages newest first, with the sender and a reply link', async () => {
    const fake = stubRequests([
      request(1),
      request(2, { user: { id: 9, name: 'يوسف كمال', role: Role.Student } }),
      request(3, { handled: true, handledAt: '2026-11-21T10:00:00.000Z' }),
    ]);
    renderAdmin('/contact-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'رسائل التواصل' })).toBeTruthy();
    await screen.findByRole('list', { name: 'الرسائل' });
    expect(items().map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'رسالة رقم 2',
      'رسالة رقم 1',
    ]);
    const first = items()[0]!;
    expect(within(first).getByRole('link', { name: 'يوسف كمال' }).getAttribute('href')).toBe(
      '/user/9',
    );
    expect(within(first).getByText(/طالب/)).toBeTruthy();
    expect(within(items()[1]!).getByText(/زائر غير مسجّل/)).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: /الرد على/ })
        .getAttribute('href'),
    ).toMatch(/^mailto:sender-2@example\.com\?subject=/);
    const listCall = fake.requests.find((call) => call.path === '/contact-request/list');
    expect(listCall?.query.get('handled')).toBe('false');
    expect(listCall?.query.get('page')).toBe('1');
  });

  it('marks a message handled, and shows the handled ones on request', async () => {
    const fake = stubRequests([request(1), request(2)]);
    const user = userEvent.setup();
    renderAdmin('/contact-requests');
    await screen.findByRole('list', { name: 'الرسائل' });
    await user.click(screen.getByRole('button', { name: 'تم الرد على: رسالة رقم 2' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(fake.requests.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/contact-request/2',
      body: { handled: true },
    });
    expect(await screen.findByText('عُلِّمت الرسالة بأنه تم الرد عليها')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('اعرض'), 'handled');
    await waitFor(() =>
      expect(items().map((item) => within(item).getByRole('heading').textContent)).toEqual([
        'رسالة رقم 2',
      ]),
    );
    expect(within(items()[0]!).getByText('تم الرد عليها')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إعادتها جديدة: رسالة رقم 2' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'الرسائل' })).toBeNull());
    expect(screen.getByText('لا توجد رسائل')).toBeTruthy();
  });

  it('pages through the messages', async () => {
    const fake = stubRequests(Array.from({ length: 12 }, (_, index) => request(index + 1)));
    const user = userEvent.setup();
    renderAdmin('/contact-requests?show=all');
    await screen.findByRole('list', { name: 'الرسائل' });
    expect(items()).toHaveLength(10);
    expect(screen.getByText(/عدد الرسائل: ١٢/)).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'صفحات الرسائل' });
    await user.click(within(pages).getByRole('button', { name: UI_MESSAGES.paginationNext }));
    await waitFor(() => expect(items()).toHaveLength(2));
    const last = fake.requests.filter((call) => call.path === '/contact-request/list').at(-1);
    expect(last?.query.get('page')).toBe('2');
    expect(last?.query.has('handled')).toBe(false);
  });

  it('says when no message waits for an answer', async () => {
    stubRequests([]);
    renderAdmin('/contact-requests');
    expect(await screen.findByText('لا توجد رسائل جديدة')).toBeTruthy();
  });

  it('is in the sidebar', async () => {
    stubRequests([]);
    renderAdmin('/');
    const sidebar = await screen.findByRole('navigation', { name: 'أقسام لوحة الإدارة' });
    expect(within(sidebar).getByRole('link', { name: 'رسائل التواصل' }).getAttribute('href')).toBe(
      '/contact-requests',
    );
  });
});

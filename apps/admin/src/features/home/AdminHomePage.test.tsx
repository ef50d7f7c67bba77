import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { AdminOverview } from '@talaqa/domain';
import {
  SUPER_ADMIN,
  apiError,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';

const figures = {
  newStudents: 3,
  newTutors: 1,
  payments: 2,
  revenue: 150_000,
  lessonsBooked: 12,
  lessonsHeld: 9,
};

const OVERVIEW: AdminOverview = {
  today: figures,
  waiting: { introVideos: 2, withdrawals: 0, decisions: 1, contactRequests: 4 },
  weeks: Array.from({ length: 8 }, (_, index) => ({
    ...figures,
    weekStart: new Date(Date.UTC(2026, 9, 3 + index * 7, 22)).toISOString(),
  })),
};

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin home', () => {
  it('shows today’s figures, each linking to its page', async () => {
    const fake = stubApi({ 'GET /stats/admin': () => OVERVIEW });
    renderAdmin('/');
    const today = await screen.findByRole('region', { name: 'اليوم' });
    const revenue = within(today).getByRole('link', { name: /الإيراد/ });
    expect(revenue.getAttribute('href')).toBe('/transactions');
    expect(revenue.textContent).toContain('١٬٥٠٠');
    expect(
      within(today)
        .getByRole('link', { name: /طلاب جدد ٣/ })
        .getAttribute('href'),
    ).toBe('/users');
    expect(within(today).getByRole('link', { name: /دروس أقيمت ٩/ })).toBeTruthy();
    const request = fake.requests.find((each) => each.path === '/stats/admin');
    expect(request?.query.get('weeks')).toBe('8');
  });

  it('marks what waits, in words as well as colour', async () => {
    stubApi({ 'GET /stats/admin': () => OVERVIEW });
    renderAdmin('/');
    const waiting = await screen.findByRole('region', { name: 'ينتظر الإدارة' });
    const messages = within(waiting).getByRole('link', { name: /رسائل تواصل/ });
    expect(messages.textContent).toContain('ينتظر');
    expect(messages.getAttribute('href')).toBe('/contact-requests');
    const withdrawals = within(waiting).getByRole('link', { name: /طلبات سحب/ });
    expect(withdrawals.textContent).not.toContain('ينتظر');
  });

  it('draws the last eight weeks with a table for screen readers', async () => {
    stubApi({ 'GET /stats/admin': () => OVERVIEW });
    renderAdmin('/');
    const weeks = await screen.findByRole('region', { name: 'آخر ثمانية أسابيع' });
    expect(within(weeks).getAllByRole('table')).toHaveLength(4);
  });

  it('offers a retry when the figures cannot be read', async () => {
    stubApi({ 'GET /stats/admin': () => apiError('internal-server-error', 500) });
    renderAdmin('/');
    expect(await screen.findByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
  });
});

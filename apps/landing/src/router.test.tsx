import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { LOCAL_PORTS } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { paths } from './paths';
import { routes } from './router';
import { registeredPaths, renderRoute, stubHealthyApi } from '@talaqa/ui/testing';
import { PORT } from '../vite.config';
import indexHtml from '../index.html?raw';

/** One sample address and the Arabic page title for every route pattern of the site. */
const PAGES: Record<string, { url: string; title: string }> = {
  [paths.home]: { url: '/', title: 'تحدّث الإنجليزية بطلاقة مع معلمين تثق بهم' },
  [paths.tutor]: { url: '/tutor', title: 'انضم إلى طلاقة معلمًا' },
  [paths.terms]: { url: '/terms', title: 'الشروط والأحكام' },
  [paths.privacy]: { url: '/privacy', title: 'سياسة الخصوصية' },
  [paths.pricing]: { url: '/pricing', title: 'الأسعار والباقات' },
  [paths.faq]: { url: '/faq', title: 'الأسئلة الشائعة' },
  [paths.faqRole]: { url: '/faq/student', title: 'أسئلة الطلاب الشائعة' },
  [paths.contact]: { url: '/contact', title: 'تواصل معنا' },
  [paths.shortUrl]: { url: '/url/summer', title: 'رابط مختصر' },
  [paths.method]: { url: '/method', title: 'طريقتنا في التعليم' },
  [paths.about]: { url: '/about', title: 'من نحن' },
};

const fetchMock = stubHealthyApi();
const renderAt = (url: string) => renderRoute(routes, url);

describe('landing router', () => {
  it('registers exactly the marketing routes of spec section 2, plus the 404 catch-all', () => {
    const registered = registeredPaths(routes).filter((path) => path !== '*');
    expect(registered).toHaveLength(Object.values(paths).length);
    expect(new Set(registered)).toEqual(new Set(Object.values(paths)));
    expect(new Set(Object.keys(PAGES))).toEqual(new Set(Object.values(paths)));
  });

  it.each(Object.entries(PAGES))('renders %s with its Arabic title', async (_pattern, page) => {
    renderAt(page.url);
    expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('طلاقة'));
  });

  it('renders the tutor questions of /faq/:role and a 404 for an unknown role', async () => {
    renderAt('/faq/tutor');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'أسئلة المعلمين الشائعة' }),
    ).toBeTruthy();
    cleanup();
    renderAt('/faq/someone');
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
  });

  it('shows the 404 page for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: UI_MESSAGES.notFoundButton }).getAttribute('href'),
    ).toBe('/');
  });

  it('lays the site out right to left, with a hero whose call to action opens student sign-up', async () => {
    const { container } = renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    const root = container.firstElementChild;
    expect(root?.getAttribute('dir')).toBe('rtl');
    expect(root?.getAttribute('lang')).toBe('ar-EG');
    const cta = screen.getByRole('link', { name: 'ابدأ الآن كطالب' });
    expect(cta.getAttribute('href')).toBe(`http://localhost:${LOCAL_PORTS.web}/register/student`);
  });

  it('checks GET /api/v1/health but shows no "server is running" badge', async () => {
    renderAt('/about');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/v1\/health$/);
    expect(screen.queryByText(UI_MESSAGES.serverUp)).toBeNull();
  });

  it('says when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/about');
    expect(
      await screen.findByText(UI_MESSAGES.serverDown, undefined, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: UI_MESSAGES.retry })).toBeTruthy();
  });
});

describe('landing index.html and Vite config', () => {
  it('declares Arabic, right to left, a title and a viewport', () => {
    expect(indexHtml).toMatch(/<html lang="ar-EG" dir="rtl">/);
    expect(indexHtml).toMatch(/<title>[^<]*طلاقة[^<]*<\/title>/);
    expect(indexHtml).toContain('name="viewport"');
  });

  it('serves on the landing port of LOCAL_PORTS', () => {
    expect(PORT).toBe(LOCAL_PORTS.landing);
  });
});

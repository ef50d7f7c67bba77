import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { LOCAL_PORTS } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { registeredPaths } from '@talaqa/ui/testing';
import { APP_LINK_ATTRIBUTE, paths } from './paths';
import { routes } from './router';
import { WEB_ORIGIN_MARK } from './site/origins';
import { renderPage } from './testing/site';
import { PORT } from '../vite.config';

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
  // A known name never reaches the page: the server redirects it (record 355).
  [paths.shortUrl]: { url: '/url/summer', title: 'الرابط غير موجود' },
  [paths.method]: { url: '/method', title: 'طريقتنا في التعليم' },
  [paths.about]: { url: '/about', title: 'من نحن' },
};

describe('landing router', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers exactly the marketing routes of spec section 2, plus the 404 catch-all', () => {
    const registered = registeredPaths(routes).filter((path) => path !== '*');
    expect(registered).toHaveLength(Object.values(paths).length);
    expect(new Set(registered)).toEqual(new Set(Object.values(paths)));
    expect(new Set(Object.keys(PAGES))).toEqual(new Set(Object.values(paths)));
  });

  it.each(Object.entries(PAGES))('renders %s with its Arabic title', async (_pattern, page) => {
    renderPage(page.url);
    expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('renders every page without calling the API: the server gives pages their data', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    for (const page of Object.values(PAGES)) {
      renderPage(page.url);
      await screen.findByRole('heading', { level: 1 });
      cleanup();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renders the tutor questions of /faq/:role and a 404 for an unknown role', async () => {
    renderPage('/faq/tutor');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'أسئلة المعلمين الشائعة' }),
    ).toBeTruthy();
    cleanup();
    renderPage('/faq/someone');
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
  });

  it('shows the 404 page for an unknown path', async () => {
    renderPage('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: UI_MESSAGES.notFoundButton }).getAttribute('href'),
    ).toBe('/');
  });

  it('lays the site out right to left, with a hero whose call to action opens student sign-up', async () => {
    const { container } = renderPage('/');
    await screen.findByRole('heading', { level: 1 });
    const root = container.firstElementChild;
    expect(root?.getAttribute('dir')).toBe('rtl');
    expect(root?.getAttribute('lang')).toBe('ar-EG');
    const cta = screen.getByRole('link', { name: 'ابدأ الآن كطالب' });
    // The main app's origin is put in by the server that serves the page.
    expect(cta.getAttribute('href')).toBe(`${WEB_ORIGIN_MARK}/register/student`);
    expect(cta.hasAttribute(APP_LINK_ATTRIBUTE)).toBe(true);
  });

  it('opens the phone menu without a script: a native disclosure holding every page', async () => {
    renderPage('/pricing');
    await screen.findByRole('heading', { level: 1 });
    const menu = screen.getByLabelText(UI_MESSAGES.openMenu).closest('details');
    expect(menu).toBeTruthy();
    const links = [...menu!.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual([paths.method, paths.pricing, paths.faq, paths.about, paths.tutor]);
    expect(menu!.querySelector('[aria-current="page"]')?.getAttribute('href')).toBe(paths.pricing);
  });
});

describe('landing Vite config', () => {
  it('serves on the landing port of LOCAL_PORTS', () => {
    expect(PORT).toBe(LOCAL_PORTS.landing);
  });
});

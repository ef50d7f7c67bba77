import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_PORTS } from '@talaqa/domain';
import { renderRoute, stubHealthyApi } from '@talaqa/ui/testing';
import { routes } from '../../router';
import { CAMPAIGN_SESSION_KEY, keptCampaign } from '../../campaign';
import { webRegisterUrl } from '../../paths';
import { shortLinkDestination } from './destination';
import { replaceLocation } from './redirect';

vi.mock('./redirect', () => ({ replaceLocation: vi.fn() }));

const fetchMock = stubHealthyApi();
const healthy = () => Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } });

/** Answers POST /short-link/open/{name} with `answer`, and records the names asked for. */
function answerOpen(answer: () => Response | Promise<Response>) {
  const asked: string[] = [];
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const match = /\/api\/v1\/short-link\/open\/([^/?]+)/.exec(url);
    if (match) {
      asked.push(decodeURIComponent(match[1] ?? ''));
      return answer();
    }
    return healthy();
  });
  return asked;
}

const notFound = () =>
  Response.json({ code: 'short-link-not-found', message: 'not found' }, { status: 404 });

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(replaceLocation).mockClear();
});

describe('landing /url/{name}', () => {
  it('opens the link, keeps its campaign, and replaces itself with the target in the main app', async () => {
    const asked = answerOpen(() =>
      Response.json({ name: 'summer', source: 'sfb', site: 'web', path: '/register/student' }),
    );
    renderRoute(routes, '/url/Summer');
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1));
    expect(asked).toContain('summer');
    const href = new URL(vi.mocked(replaceLocation).mock.calls[0]![0]);
    expect(href.origin).toBe(`http://localhost:${String(LOCAL_PORTS.web)}`);
    expect(href.pathname).toBe('/register/student');
    expect(href.searchParams.get('campaign')).toBe('summer');
    expect(href.searchParams.get('source')).toBe('sfb');
    expect(keptCampaign()).toEqual({ name: 'summer', source: 'sfb' });
    // The site's own links into the main app now carry it too.
    const register = new URL(webRegisterUrl('student'));
    expect(register.searchParams.get('campaign')).toBe('summer');
    expect(register.searchParams.get('source')).toBe('sfb');
  });

  it('sends a marketing-site target to this site', async () => {
    answerOpen(() =>
      Response.json({ name: 'ramadan', source: 'wa', site: 'landing', path: '/pricing' }),
    );
    renderRoute(routes, '/url/ramadan');
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1));
    const href = new URL(vi.mocked(replaceLocation).mock.calls[0]![0]);
    expect(href.origin).toBe(location.origin);
    expect(href.pathname + href.search).toBe('/pricing?campaign=ramadan&source=wa');
  });

  it('shows a clear Arabic "not found" page, kept out of search engines, for an unknown name', async () => {
    answerOpen(notFound);
    renderRoute(routes, '/url/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'الرابط غير موجود' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toBeTruthy();
    expect(robots()).toBe('noindex');
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CAMPAIGN_SESSION_KEY)).toBeNull();
  });

  it('asks nothing for a name no link could have', async () => {
    const asked = answerOpen(notFound);
    renderRoute(routes, '/url/%3Cscript%3E');
    expect(await screen.findByRole('heading', { level: 1, name: 'الرابط غير موجود' })).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('offers to try again when the server cannot be reached', async () => {
    let fail = true;
    answerOpen(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return Response.json({ name: 'retry-me', source: 'sx', site: 'landing', path: '/' });
    });
    const user = userEvent.setup();
    renderRoute(routes, '/url/retry-me');
    expect(await screen.findByRole('heading', { level: 1, name: 'تعذّر فتح الرابط' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1));
  });
});

describe('shortLinkDestination', () => {
  const origins = { landing: 'https://talaqa.eg', web: 'https://app.talaqa.eg' };
  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'never leaves our origins for %s',
    (path) => {
      const href = shortLinkDestination({ name: 'x1', source: 'wa', site: 'web', path }, origins);
      expect(href === undefined || new URL(href).origin === origins.web).toBe(true);
    },
  );
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, STORAGE_KEYS } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import {
  fakeApi,
  json,
  makeToken,
  makeUser,
  renderApp,
  resetSession,
} from '../../testing/fake-api';
import { GOOGLE_ATTEMPT_KEY, browser } from './google';
import type { GoogleAttempt } from './google';

const server = fakeApi(stubHealthyApi());
const AUTH_URL = 'http://127.0.0.1:4999/o/oauth2/v2/auth';

beforeEach(() => {
  globalThis.__TALAQA_CONFIG__ = { googleAuthUrl: AUTH_URL, googleClientId: 'web-client-id' };
});
afterEach(() => {
  globalThis.__TALAQA_CONFIG__ = undefined;
  vi.restoreAllMocks();
  resetSession();
});

const storedAttempt = () =>
  JSON.parse(sessionStorage.getItem(GOOGLE_ATTEMPT_KEY) ?? 'null') as GoogleAttempt | null;

describe('Google sign-in', () => {
  it('is hidden when the runtime config has no Google endpoint', async () => {
    globalThis.__TALAQA_CONFIG__ = {};
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    expect(screen.queryByRole('button', { name: 'الدخول بحساب جوجل' })).toBeNull();
  });

  it('redirects to the authorization URL with client id, redirect URI, nonce and state', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    vi.spyOn(browser, 'origin').mockReturnValue('https://app.talaqa.example');
    renderApp('/register/tutor');
    await userEvent.click(await screen.findByRole('button', { name: 'التسجيل معلمًا بحساب جوجل' }));

    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe(AUTH_URL);
    expect(url.searchParams.get('client_id')).toBe('web-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.talaqa.example/login');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('scope')).toBe('openid email profile');

    const attempt = storedAttempt();
    expect(attempt?.role).toBe(Role.Tutor);
    expect(attempt?.state).toMatch(/^[\w-]{20,}$/);
    expect(attempt?.nonce).toMatch(/^[\w-]{20,}$/);
    expect(attempt?.state).not.toBe(attempt?.nonce);
    expect(url.searchParams.get('state')).toBe(attempt?.state);
    expect(url.searchParams.get('nonce')).toBe(attempt?.nonce);
  });

  it('posts the id_token when the state matches, then continues like a password sign-in', async () => {
    const attempt: GoogleAttempt = {
      state: 'state-1',
      nonce: 'nonce-1',
      role: Role.Student,
      remember: false,
      next: '/profile',
    };
    sessionStorage.setItem(GOOGLE_ATTEMPT_KEY, JSON.stringify(attempt));
    const student = makeUser();
    const token = makeToken(student.id);
    server.on('POST', '/auth/google', json({ user: student, token }));
    server.on('GET', '/user/current', json(student));

    const { router } = renderApp('/login#id_token=google-id-token&state=state-1');

    await screen.findByRole('heading', { level: 1, name: 'الملف الشخصي' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(server.callsTo('POST', '/auth/google')).toHaveLength(1);
    expect(server.callsTo('POST', '/auth/google')[0]?.body).toEqual({
      idToken: 'google-id-token',
      nonce: 'nonce-1',
      role: Role.Student,
    });
    // Remember-me was off when the person left: the session lives in this tab only.
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.authToken) ?? 'null')).toEqual({
      type: 'Bearer',
      value: token,
    });
    expect(storedAttempt()).toBeNull();
  });

  it('refuses an answer whose state does not match, without posting it', async () => {
    sessionStorage.setItem(
      GOOGLE_ATTEMPT_KEY,
      JSON.stringify({ state: 'state-1', nonce: 'nonce-1', remember: true }),
    );
    const { router } = renderApp('/login#id_token=forged-token&state=someone-else');
    expect(await screen.findByText(UI_MESSAGES.googleStateMismatch)).toBeTruthy();
    expect(server.callsTo('POST', '/auth/google')).toHaveLength(0);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(screen.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeTruthy();
  });

  it('refuses an answer this tab never asked for', async () => {
    renderApp('/login#id_token=forged-token&state=state-1');
    expect(await screen.findByText(UI_MESSAGES.googleStateMismatch)).toBeTruthy();
    expect(server.callsTo('POST', '/auth/google')).toHaveLength(0);
  });
});

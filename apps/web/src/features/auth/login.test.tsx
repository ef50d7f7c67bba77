import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { api, deviceTokens } from '../../api';
import {
  apiError,
  fakeApi,
  json,
  makeToken,
  makeUser,
  renderApp,
  resetSession,
} from '../../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('البريد الإلكتروني'), email);
  await user.type(screen.getByLabelText('كلمة المرور'), password);
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  return user;
}

describe('sign-in', () => {
  it('stores the token and goes to the dashboard', async () => {
    const student = makeUser();
    const token = makeToken(student.id);
    server.on('POST', '/auth/password', json({ user: student, token }));
    server.on('GET', '/user/current', json(student));
    const { router } = renderApp('/login');

    await fillAndSubmit('  Sara@Example.com ', 'secret123');

    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/s/dashboard');
    expect(server.callsTo('POST', '/auth/password')[0]?.body).toEqual({
      email: 'sara@example.com',
      password: 'secret123',
    });
    // Remember-me is on by default: the token and the user persist in localStorage.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.authToken) ?? 'null')).toEqual({
      type: 'Bearer',
      value: token,
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser) ?? 'null')).toMatchObject({
      id: student.id,
    });
    // The header now shows the user's name instead of the sign-in link.
    expect(screen.getByRole('button', { name: /سارة أحمد/ })).toBeTruthy();
  });

  it('keeps the session in this tab only when remember-me is unticked', async () => {
    const student = makeUser();
    const token = makeToken(student.id);
    server.on('POST', '/auth/password', json({ user: student, token }));
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'تذكّرني على هذا الجهاز' }));
    await fillAndSubmit('sara@example.com', 'secret123');
    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.authToken) ?? 'null')).toEqual({
      type: 'Bearer',
      value: token,
    });
  });

  it('sends a student whose profile misses its main info to /complete-profile', async () => {
    const student = makeUser({ level: null, city: null, birthYear: null });
    server.on('POST', '/auth/password', json({ user: student, token: makeToken(student.id) }));
    server.on('GET', '/topic/list', json([]));
    const { router } = renderApp('/login');
    await fillAndSubmit('sara@example.com', 'secret123');
    await screen.findByRole('heading', { level: 1, name: 'إكمال الملف الشخصي' });
    expect(router.state.location.pathname).toBe('/complete-profile');
  });

  it('shows the Arabic message for a wrong password, and stores nothing', async () => {
    server.on('POST', '/auth/password', apiError(400, 'wrong-password'));
    renderApp('/login');
    await fillAndSubmit('sara@example.com', 'not-it-1');
    const messages = await screen.findAllByText(ERROR_MESSAGES['wrong-password']);
    expect(messages.length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('tells a Google account to use Google sign-in', async () => {
    server.on('POST', '/auth/password', apiError(400, 'no-password'));
    renderApp('/login');
    await fillAndSubmit('sara@example.com', 'secret123');
    expect((await screen.findAllByText(ERROR_MESSAGES['no-password'])).length).toBeGreaterThan(0);
  });

  it('opens the forgot-password dialog without first complaining about the empty e-mail', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('البريد الإلكتروني')).toBe(document.activeElement);
    await user.click(screen.getByRole('button', { name: 'نسيت كلمة المرور؟' }));
    expect(await screen.findByRole('dialog', { name: 'نسيت كلمة المرور' })).toBeTruthy();
    expect(screen.queryByText(ERROR_MESSAGES.required)).toBeNull();
  });

  it('checks the fields on blur before anything is sent', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText(ERROR_MESSAGES['invalid-email'])).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText(ERROR_MESSAGES.required)).toBeTruthy();
    expect(server.callsTo('POST', '/auth/password')).toHaveLength(0);
  });
});

describe('device tokens (issue 15)', () => {
  it('sends the stored device token of the typed e-mail, keeps the one answered, past sign-out', async () => {
    deviceTokens.save('other@example.com', 'device-of-other');
    deviceTokens.save('sara@example.com', 'device-old');
    const student = makeUser();
    server.on('POST', '/auth/password', () =>
      json({ user: student, token: makeToken(student.id), deviceToken: 'device-new' }),
    );
    server.on('GET', '/user/current', json(student));
    renderApp('/login');
    const user = await fillAndSubmit('  Sara@Example.com ', 'secret123');
    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
    expect(server.callsTo('POST', '/auth/password')[0]?.body).toEqual({
      email: 'sara@example.com',
      password: 'secret123',
      deviceToken: 'device-old',
    });
    expect(deviceTokens.get('sara@example.com')).toBe('device-new');
    expect(deviceTokens.get('other@example.com')).toBe('device-of-other');

    // Signing out keeps it: the next sign-in from this browser sends the new one.
    await user.click(screen.getByRole('button', { name: /سارة أحمد/ }));
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    const dialog = await screen.findByRole('dialog', { name: UI_MESSAGES.logoutConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: UI_MESSAGES.logoutConfirmButton }));
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(deviceTokens.get('sara@example.com')).toBe('device-new');
    await fillAndSubmit('sara@example.com', 'secret123');
    await waitFor(() => expect(server.callsTo('POST', '/auth/password')).toHaveLength(2));
    expect(server.callsTo('POST', '/auth/password')[1]?.body).toMatchObject({
      deviceToken: 'device-new',
    });
  });

  it('sends none for an e-mail it has none for, and keeps none when not remembered', async () => {
    deviceTokens.save('other@example.com', 'device-of-other');
    const student = makeUser();
    server.on('POST', '/auth/password', () =>
      json({ user: student, token: makeToken(student.id), deviceToken: 'device-new' }),
    );
    server.on('GET', '/user/current', json(student));
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'تذكّرني على هذا الجهاز' }));
    await fillAndSubmit('sara@example.com', 'secret123');
    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
    expect(server.callsTo('POST', '/auth/password')[0]?.body).toEqual({
      email: 'sara@example.com',
      password: 'secret123',
    });
    expect(deviceTokens.get('sara@example.com')).toBeUndefined();
  });
});

describe('route guard', () => {
  it('sends a signed-out visitor of a private page to /login?next=, and back after sign-in', async () => {
    const { router } = renderApp('/s/settings?tab=password');
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/s/settings?tab=password',
    );

    const student = makeUser();
    server.on('POST', '/auth/password', json({ user: student, token: makeToken(student.id) }));
    await fillAndSubmit('sara@example.com', 'secret123');
    await screen.findByRole('heading', { level: 1, name: 'إعدادات الطالب' });
    expect(router.state.location.pathname).toBe('/s/settings');
    expect(screen.getByRole('tab', { name: 'كلمة المرور' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('never follows a next that leaves the app', async () => {
    const student = makeUser();
    server.on('POST', '/auth/password', json({ user: student, token: makeToken(student.id) }));
    const { router } = renderApp('/login?next=//evil.example/steal');
    await fillAndSubmit('sara@example.com', 'secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
  });

  it('sends a tutor who opens a student page to the tutor side', async () => {
    const tutor = makeUser({ role: 3, name: 'أحمد علي', image: 'a.png', verifiedPhone: true });
    api.tokens.setBearer(makeToken(tutor.id));
    server.on('GET', '/user/current', json(tutor));
    server.on('GET', '/assets/uploads/a.png', () => new Response(new Blob(['x'])));
    const { router } = renderApp('/s/settings');
    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم المعلم' });
    expect(router.state.location.pathname).toBe('/t/dashboard');
  });
});

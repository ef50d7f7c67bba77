import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, STORAGE_KEYS } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import { api, deviceTokens } from '../../api';
import {
  SUPER_ADMIN,
  apiError,
  fakeToken,
  makeUser,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import { NO_ACCESS_MESSAGE } from '../../lib/session';

const STUDENT = makeUser({ id: 40, name: 'طالب تجريبي', role: Role.Student });

beforeEach(() => resetSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function signInWith(email: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'دخول المشرفين' });
  await user.type(screen.getByLabelText('البريد الإلكتروني'), email);
  await user.type(screen.getByLabelText('كلمة المرور'), password);
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  return user;
}

describe('session guard', () => {
  it('sends a signed-out visit to /login?next= with the page it asked for', async () => {
    stubApi();
    const { router } = renderAdmin('/users?role=4&page=2');
    await screen.findByRole('heading', { level: 1, name: 'دخول المشرفين' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/users?role=4&page=2',
    );
  });

  it('guards every page, the 404 page included', async () => {
    stubApi();
    const { router } = renderAdmin('/topics');
    await screen.findByRole('heading', { level: 1, name: 'دخول المشرفين' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?next=%2Ftopics',
    );
  });

  it('signs out a stored session whose user is not an admin', async () => {
    stubApi({ 'GET /user/current': () => STUDENT });
    api.tokens.setBearer(fakeToken(STUDENT.id));
    renderAdmin('/users');
    await screen.findByRole('heading', { level: 1, name: 'دخول المشرفين' });
    expect(await screen.findAllByText(NO_ACCESS_MESSAGE)).not.toHaveLength(0);
    expect(api.tokens.get()).toBeNull();
  });
});

describe('/login', () => {
  it('turns a student account away with the Arabic message and keeps no session', async () => {
    const fake = stubApi({
      'POST /auth/password': () => ({ user: STUDENT, token: fakeToken(STUDENT.id) }),
    });
    const { router } = renderAdmin('/login');
    await signInWith('student@talaqa.com', 'secret123');

    const form = screen.getByRole('button', { name: 'تسجيل الدخول' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', NO_ACCESS_MESSAGE);
    // ... and as a toast.
    expect(screen.getAllByText(NO_ACCESS_MESSAGE)).toHaveLength(2);
    expect(api.tokens.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(fake.requests.find((r) => r.path === '/auth/password')?.body).toEqual({
      email: 'student@talaqa.com',
      password: 'secret123',
    });
  });

  it('shows the Arabic message of a wrong password', async () => {
    stubApi({ 'POST /auth/password': () => apiError('wrong-password', 400) });
    renderAdmin('/login');
    await signInWith('sara@talaqa.com', 'wrong-one1');
    expect(await screen.findAllByText(ERROR_MESSAGES['wrong-password'])).toHaveLength(2);
    expect(api.tokens.get()).toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    const fake = stubApi();
    renderAdmin('/login');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'دخول المشرفين' });
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    // Both fields are empty: each is required (an empty e-mail is not an invalid one).
    expect(await screen.findAllByText(ERROR_MESSAGES.required)).toHaveLength(2);
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'sara@');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText(ERROR_MESSAGES['invalid-email'])).toBeTruthy();
    expect(fake.requests.some((r) => r.path === '/auth/password')).toBe(false);
  });

  it('signs an admin in and goes to ?next=, remembering the session by default', async () => {
    stubApi({
      'POST /auth/password': () => ({ user: SUPER_ADMIN, token: fakeToken(SUPER_ADMIN.id) }),
    });
    const { router } = renderAdmin('/login?next=%2Ftopics');
    expect(
      (await screen.findByLabelText('تذكرني على هذا الجهاز')) as HTMLInputElement,
    ).toHaveProperty('checked', true);
    await signInWith('Sara@Talaqa.com', 'secret123');
    await screen.findByRole('heading', { level: 1, name: 'الموضوعات' });
    expect(router.state.location.pathname).toBe('/topics');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toContain(fakeToken(1).split('.')[0]);
    expect(screen.getAllByText(SUPER_ADMIN.name).length).toBeGreaterThan(0);
  });

  it('keeps the session in the tab only when "remember me" is off, and goes to /users', async () => {
    stubApi({
      'POST /auth/password': () => ({ user: SUPER_ADMIN, token: fakeToken(SUPER_ADMIN.id) }),
    });
    const { router } = renderAdmin('/login?next=https://evil.example');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('تذكرني على هذا الجهاز'));
    await signInWith('sara@talaqa.com', 'secret123');
    await screen.findByRole('heading', { level: 1, name: 'المستخدمون' });
    expect(router.state.location.pathname).toBe('/users');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.authToken)).not.toBeNull();
  });
});

describe('device tokens (issue 15)', () => {
  it('sends the stored device token of the typed e-mail, keeps the one answered, past sign-out', async () => {
    deviceTokens.save('other@talaqa.com', 'device-of-other');
    deviceTokens.save('sara@talaqa.com', 'device-old');
    const fake = stubApi({
      'POST /auth/password': () => ({
        user: SUPER_ADMIN,
        token: fakeToken(SUPER_ADMIN.id),
        deviceToken: 'device-new',
      }),
    });
    renderAdmin('/login');
    const user = await signInWith(' Sara@Talaqa.com', 'secret123');
    await screen.findByRole('heading', { level: 1, name: 'المستخدمون' });
    const sent = () => fake.requests.filter((r) => r.path === '/auth/password');
    expect(sent()[0]?.body).toEqual({
      email: 'sara@talaqa.com',
      password: 'secret123',
      deviceToken: 'device-old',
    });
    expect(deviceTokens.get('sara@talaqa.com')).toBe('device-new');
    expect(deviceTokens.get('other@talaqa.com')).toBe('device-of-other');

    await user.click(screen.getAllByRole('button', { name: 'تسجيل الخروج' })[0]!);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'تسجيل الخروج' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'دخول المشرفين' });
    expect(api.tokens.get()).toBeNull();
    expect(deviceTokens.get('sara@talaqa.com')).toBe('device-new');
    await signInWith('sara@talaqa.com', 'secret123');
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]?.body).toMatchObject({ deviceToken: 'device-new' });
  });

  it('keeps no device token of a student turned away', async () => {
    stubApi({
      'POST /auth/password': () => ({
        user: STUDENT,
        token: fakeToken(STUDENT.id),
        deviceToken: 'device-new',
      }),
    });
    renderAdmin('/login');
    await signInWith('student@talaqa.com', 'secret123');
    const form = screen.getByRole('button', { name: 'تسجيل الدخول' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', NO_ACCESS_MESSAGE);
    expect(deviceTokens.get('student@talaqa.com')).toBeUndefined();
    expect(deviceTokens.get(STUDENT.email)).toBeUndefined();
  });
});

describe('sign out', () => {
  it('asks first, then clears the token, the stored user and the cache', async () => {
    stubApi();
    signInAs(SUPER_ADMIN);
    const { router } = renderAdmin('/users');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'المستخدمون' });
    const [signOutButton] = screen.getAllByRole('button', { name: 'تسجيل الخروج' });
    await user.click(signOutButton!);
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الخروج' });
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(api.tokens.get()).not.toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'تسجيل الخروج' })[0]!);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'تسجيل الخروج' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'دخول المشرفين' });
    expect(router.state.location.search).toBe('');
    expect(api.tokens.get()).toBeNull();
    expect(api.tokens.loadUser()).toBeNull();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull());
  });
});

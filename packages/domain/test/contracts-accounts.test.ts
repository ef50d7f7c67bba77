import { describe, expect, it } from 'vitest';
import {
  API,
  ENDPOINTS,
  Gender,
  Governorate,
  NotificationMethod,
  Role,
  authSessionSchema,
  isWholeAccount,
  signUpAnswerSchema,
  createUserAnswerSchema,
  isSignUpSession,
  successStatusOf,
  topicListSchema,
  userPageSchema,
  userView,
} from '../src';
import type { User } from '../src';

const ACCOUNT_GROUPS = [
  'auth',
  'users',
  'students',
  'codes',
  'telegram',
  'whatsapp',
  'assets',
  'topics',
] as const;

const accountEndpoints = ACCOUNT_GROUPS.flatMap((group) => Object.values(API[group]));

const user: User = {
  id: 7,
  name: 'Mona Adel',
  email: 'mona@example.com',
  pendingEmail: null,
  hasPassword: true,
  creditScore: 0,
  notificationMethod: NotificationMethod.None,
  birthYear: 2001,
  gender: Gender.Female,
  image: null,
  verifiedEmail: true,
  verifiedPhone: false,
  phone: null,
  role: Role.Student,
  city: Governorate.Cairo,
  job: null,
  level: 3,
  aim: null,
  topics: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** What the server's user row holds beyond the account's answer. */
const rowOnly = { passwordHash: '$argon2id$secret', sessionVersion: 3, googleSubject: 'g-1' };

describe('the accounts contracts', () => {
  it('are all in the registry the server, the reference and the tests walk', () => {
    expect(accountEndpoints).toHaveLength(34);
    for (const definition of accountEndpoints) expect(ENDPOINTS).toContain(definition);
  });

  it('declare each method and path once across the whole API', () => {
    const routes = ENDPOINTS.map((definition) => `${definition.method} ${definition.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('answer 201 for a sign-up and a new topic, 204 for a reset and a deleted topic', () => {
    expect(successStatusOf(API.users.create)).toBe(201);
    expect(successStatusOf(API.topics.create)).toBe(201);
    expect(successStatusOf(API.auth.resetPassword)).toBe(204);
    expect(successStatusOf(API.topics.remove)).toBe(204);
  });

  it('leave the provider callbacks out of generated inputs and take the image as an upload', () => {
    const external = accountEndpoints.filter((definition) => definition.external);
    expect(external.map((definition) => `${definition.method} ${definition.path}`).sort()).toEqual([
      'GET /whatsapp/webhook',
      'POST /telegram/webhook',
      'POST /whatsapp/webhook',
    ]);
    expect(API.assets.uploadImage.upload.field).toBe('image');
  });
});

describe('the accounts answers', () => {
  it('never carry what only the server holds (a password hash, the session version)', () => {
    const session = authSessionSchema.parse({ user: { ...user, ...rowOnly }, token: 't' });
    expect(session.user).toEqual(user);
    const page = userPageSchema.parse({ list: [{ ...user, ...rowOnly }], total: 1, page: 1 });
    expect(page).toEqual({ list: [user], total: 1 });
    const topics = topicListSchema.parse([{ id: 1, nameAr: 'سفر', nameEn: 'Travel', x: 1 }]);
    expect(topics).toEqual([{ id: 1, nameAr: 'سفر', nameEn: 'Travel' }]);
  });

  it('answer an admin the created account alone, and tell it from a sign-up session', () => {
    const created = createUserAnswerSchema.parse({ user, token: undefined });
    expect(created).toEqual({ user });
    expect(isSignUpSession(created)).toBe(false);
    const session = createUserAnswerSchema.parse({ user, token: 't', emailCode: null });
    expect(isSignUpSession(session) && session.token).toBe('t');
  });

  it('say whether the sign-up e-mail went out: its times, or null, never left out', () => {
    expect(signUpAnswerSchema.safeParse({ user, token: 't' }).success).toBe(false);
    expect(signUpAnswerSchema.parse({ user, token: 't', emailCode: null }).emailCode).toBeNull();
  });

  it('always name the pending e-mail of the whole account, null when there is none', () => {
    const { pendingEmail: _left, ...withoutPending } = user;
    expect(authSessionSchema.safeParse({ user: withoutPending, token: 't' }).success).toBe(false);
  });

  it('tell the whole account from a narrower view of a profile', () => {
    expect(isWholeAccount(userView(user, 'full'))).toBe(true);
    expect(isWholeAccount(userView(user, 'public'))).toBe(false);
    expect(isWholeAccount(userView(user, 'lesson-student'))).toBe(false);
  });
});

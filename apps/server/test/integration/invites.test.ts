import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVITE_VALID_DAYS, Role } from '@talaqa/domain';
import type { Invite, InvitePage, InviteSummary, SignUpAnswer, User } from '@talaqa/domain';
import { invites, users } from '../../src/db/schema';
import { AppError } from '../../src/errors';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
let admin: SignedInUser;
let superAdmin: SignedInUser;
let student: SignedInUser;
let counter = 0;

const api = apiOn(() => server);
const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'password1';

/** A fresh address per test, so tests do not see each other's invites. */
const freshEmail = (): string => `invited${++counter}-${String(Date.now())}@example.com`;

async function invite(email: string, role: Role = Role.Tutor): Promise<Invite> {
  const answer = await api<Invite>('POST', '/invite', {
    token: admin.token,
    body: { email, role },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** The token of the newest invite mailed to `to`, read from the link as the person would. */
async function linkSentTo(to: string): Promise<{ token: string; url: URL; text: string }> {
  const message = await server.outbox.waitFor(
    (m) => m.channel === 'email' && m.to === to.toLowerCase(),
    5000,
  );
  server.outbox.clear();
  const href = message.text.match(/https?:\/\/\S+?invite=[A-Za-z0-9_-]{43}/)?.[0];
  if (!href) throw new Error(`no link in: ${message.text}`);
  const url = new URL(href);
  return { token: url.searchParams.get('invite') ?? '', url, text: message.text };
}

const acceptBody = (token: string) => ({
  token,
  name: 'منى أحمد',
  password: PASSWORD,
  passwordConfirmation: PASSWORD,
  acceptTerms: true,
});

beforeAll(async () => {
  server = await startTestServer({ trustedAddresses: ['127.0.0.1'] });
  admin = await signedInUser(server, Role.RegularAdmin);
  superAdmin = await signedInUser(server, Role.SuperAdmin);
  student = await signedInUser(server, Role.Student);
}, 240_000);
afterAll(() => server.close());
beforeEach(() => {
  server.app.clock.now = () => new Date();
  server.outbox.clear();
});

describe('POST /invite', () => {
  it('stores a pending invite for 7 days and mails a single-use sign-up link', async () => {
    const email = freshEmail();
    const answer = await api<Invite>('POST', '/invite', {
      token: admin.token,
      body: { email: `  ${email.toUpperCase()} `, role: Role.TutorManager },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      email,
      role: Role.TutorManager,
      state: 'pending',
      createdBy: admin.id,
      acceptedBy: null,
      acceptedAt: null,
    });
    const validMs = Date.parse(answer.body.expiresAt) - Date.now();
    expect(Math.abs(validMs - INVITE_VALID_DAYS * DAY_MS)).toBeLessThan(60_000);
    const { token, url, text } = await linkSentTo(email);
    expect(url.pathname).toBe('/register/tutor-manager');
    expect(text).toContain('مسؤول مقابلات');
    // Only the hash is kept.
    const [row] = await server.app.database.db
      .select()
      .from(invites)
      .where(eq(invites.id, answer.body.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(JSON.stringify(answer.body)).not.toContain(token);
  });

  it('refuses an address that has an account (user-exists) and a second pending invite', async () => {
    const taken = await api('POST', '/invite', {
      token: admin.token,
      body: { email: student.user.email.toUpperCase(), role: Role.Tutor },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'user-exists' });

    const email = freshEmail();
    await invite(email);
    server.outbox.clear();
    const twice = await api('POST', '/invite', {
      token: admin.token,
      body: { email: email.toUpperCase(), role: Role.Studio },
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'invite-exists' });
    expect(server.outbox.list({ channel: 'email', to: email })).toEqual([]);
  });

  it('refuses admin roles, students and bad addresses with 400', async () => {
    for (const role of [Role.RegularAdmin, Role.SuperAdmin, Role.Student]) {
      const answer = await api('POST', '/invite', {
        token: superAdmin.token,
        body: { email: freshEmail(), role },
      });
      expect(answer.status).toBe(400);
    }
    const bad = await api('POST', '/invite', {
      token: admin.token,
      body: { email: 'not-an-address', role: Role.Tutor },
    });
    expect(bad.status).toBe(400);
  });

  it('stores nothing when the mail cannot be sent', async () => {
    const email = freshEmail();
    const original = server.app.messenger.emailNotice;
    server.app.messenger.emailNotice = () =>
      Promise.reject(new AppError('service-unavailable', 'SMTP down'));
    try {
      const answer = await api('POST', '/invite', {
        token: admin.token,
        body: { email, role: Role.Tutor },
      });
      expect(answer.status).toBe(503);
    } finally {
      server.app.messenger.emailNotice = original;
    }
    const rows = await server.app.database.db
      .select()
      .from(invites)
      .where(eq(invites.email, email));
    expect(rows).toEqual([]);
  });

  it('is for admins only', async () => {
    const body = { email: freshEmail(), role: Role.Tutor };
    expect((await api('POST', '/invite', { body })).status).toBe(401);
    expect((await api('POST', '/invite', { token: student.token, body })).status).toBe(403);
    expect((await api('GET', '/invite/list', { token: student.token })).status).toBe(403);
    expect((await api('GET', '/invite/1', { token: student.token })).status).toBe(403);
    expect((await api('DELETE', '/invite/1', { token: student.token })).status).toBe(403);
    expect((await api('PUT', '/invite/1', { token: student.token, body: {} })).status).toBe(403);
  });
});

describe('GET /invite/{id} and /invite/list', () => {
  it('reads one invite; an unknown id is invite-not-found', async () => {
    const created = await invite(freshEmail());
    const read = await api<Invite>('GET', `/invite/${created.id}`, { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
    const missing = await api('GET', '/invite/999999', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'invite-not-found' });
  });

  it('lists newest first, filtered by state and by part of the e-mail, paged', async () => {
    const tag = `list${String(Date.now())}`;
    const first = await invite(`${tag}-a@example.com`);
    const second = await invite(`${tag}-b@example.com`, Role.Studio);
    const third = await invite(`${tag}-c@example.com`);
    await api('DELETE', `/invite/${third.id}`, { token: admin.token });

    const all = await api<InvitePage>('GET', `/invite/list?search=${tag}`, { token: admin.token });
    expect(all.body.total).toBe(3);
    expect(all.body.list.map((i) => i.id)).toEqual([third.id, second.id, first.id]);

    const page = await api<InvitePage>('GET', `/invite/list?search=${tag}&size=1&page=2`, {
      token: admin.token,
    });
    expect(page.body).toMatchObject({ total: 3, list: [{ id: second.id }] });

    const revoked = await api<InvitePage>('GET', `/invite/list?search=${tag}&state=revoked`, {
      token: admin.token,
    });
    expect(revoked.body.list.map((i) => i.id)).toEqual([third.id]);

    // Eight days on, the pending ones read as expired.
    const later = new Date(Date.now() + 8 * DAY_MS);
    server.app.clock.now = () => later;
    const expired = await api<InvitePage>('GET', `/invite/list?search=${tag}&state=expired`, {
      token: admin.token,
    });
    expect(expired.body.list.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(expired.body.list.every((i) => i.state === 'expired')).toBe(true);
    const pending = await api<InvitePage>('GET', `/invite/list?search=${tag}&state=pending`, {
      token: admin.token,
    });
    expect(pending.body.total).toBe(0);

    // A search is plain text, not a pattern.
    const pattern = await api<InvitePage>('GET', `/invite/list?search=${tag}%25`, {
      token: admin.token,
    });
    expect(pattern.body.total).toBe(0);
    const badState = await api('GET', '/invite/list?state=lost', { token: admin.token });
    expect(badState.status).toBe(400);
  });
});

describe('PUT /invite/{id} (send again)', () => {
  it('gives a new link and expiry, changes the role, and the old link stops working', async () => {
    const email = freshEmail();
    const created = await invite(email);
    const old = await linkSentTo(email);

    const later = new Date(Date.now() + 10 * DAY_MS);
    server.app.clock.now = () => later;
    expect(
      (await api<Invite>('GET', `/invite/${created.id}`, { token: admin.token })).body.state,
    ).toBe('expired');
    const resent = await api<Invite>('PUT', `/invite/${created.id}`, {
      token: admin.token,
      body: { role: Role.Studio },
    });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ state: 'pending', role: Role.Studio });
    expect(Date.parse(resent.body.expiresAt)).toBe(later.getTime() + INVITE_VALID_DAYS * DAY_MS);
    const fresh = await linkSentTo(email);
    expect(fresh.url.pathname).toBe('/register/studio');
    expect(fresh.token).not.toBe(old.token);

    const oldCheck = await api('POST', '/invite/check', { body: { token: old.token } });
    expect(oldCheck.status).toBe(404);
    expect(oldCheck.body).toMatchObject({ code: 'invite-not-found' });
    const newCheck = await api<InviteSummary>('POST', '/invite/check', {
      body: { token: fresh.token },
    });
    expect(newCheck.body).toEqual({ email, role: Role.Studio, expiresAt: resent.body.expiresAt });
  });

  it('refuses an accepted or revoked invite (invite-closed) and an unknown id', async () => {
    const email = freshEmail();
    const created = await invite(email);
    await api('DELETE', `/invite/${created.id}`, { token: admin.token });
    const closed = await api('PUT', `/invite/${created.id}`, { token: admin.token, body: {} });
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ code: 'invite-closed' });
    const missing = await api('PUT', '/invite/999999', { token: admin.token, body: {} });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'invite-not-found' });
  });
});

describe('DELETE /invite/{id} (revoke)', () => {
  it('stops the link, keeps the row, answers 204 again, frees the address', async () => {
    const email = freshEmail();
    const created = await invite(email);
    const { token } = await linkSentTo(email);
    expect((await api('DELETE', `/invite/${created.id}`, { token: admin.token })).status).toBe(204);
    expect((await api('DELETE', `/invite/${created.id}`, { token: admin.token })).status).toBe(204);
    const read = await api<Invite>('GET', `/invite/${created.id}`, { token: admin.token });
    expect(read.body.state).toBe('revoked');
    const check = await api('POST', '/invite/check', { body: { token } });
    expect(check.status).toBe(409);
    expect(check.body).toMatchObject({ code: 'invite-closed' });
    const accept = await api('POST', '/invite/accept', { body: acceptBody(token) });
    expect(accept.status).toBe(409);
    // A new invite to the same address is possible once the old one is revoked.
    await invite(email);
    const missing = await api('DELETE', '/invite/999999', { token: admin.token });
    expect(missing.status).toBe(404);
  });
});

describe('accepting an invite', () => {
  it('creates the account with the invited e-mail (verified) and role, once', async () => {
    const email = freshEmail();
    const created = await invite(email, Role.Studio);
    const { token } = await linkSentTo(email);

    const check = await api<InviteSummary>('POST', '/invite/check', { body: { token } });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ email, role: Role.Studio });

    const answer = await api<SignUpAnswer>('POST', '/invite/accept', { body: acceptBody(token) });
    expect(answer.status).toBe(201);
    expect(answer.body.user).toMatchObject({ email, role: Role.Studio, name: 'منى أحمد' });
    expect(answer.body.emailCode).toBeNull();
    expect(answer.body.token).toEqual(expect.any(String));
    const [row] = await server.app.database.db
      .select()
      .from(users)
      .where(eq(users.id, answer.body.user.id));
    expect(row?.emailVerified).toBe(true);
    // The session works.
    const me = await api<User>('GET', '/user/current', { token: answer.body.token });
    expect(me.body.id).toBe(answer.body.user.id);

    const read = await api<Invite>('GET', `/invite/${created.id}`, { token: admin.token });
    expect(read.body).toMatchObject({ state: 'accepted', acceptedBy: answer.body.user.id });
    expect(read.body.acceptedAt).not.toBeNull();

    const again = await api('POST', '/invite/accept', { body: acceptBody(token) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'invite-closed' });
    const revoke = await api('DELETE', `/invite/${created.id}`, { token: admin.token });
    expect(revoke.status).toBe(409);
  });

  it('refuses an expired link with invite-expired and creates nothing', async () => {
    const email = freshEmail();
    await invite(email);
    const { token } = await linkSentTo(email);
    const later = new Date(Date.now() + INVITE_VALID_DAYS * DAY_MS + 60_000);
    server.app.clock.now = () => later;
    for (const path of ['/invite/check', '/invite/accept']) {
      const answer = await api('POST', path, { body: acceptBody(token) });
      expect(answer.status).toBe(410);
      expect(answer.body).toMatchObject({ code: 'invite-expired' });
    }
    const rows = await server.app.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
  });

  it('refuses an unknown token, a malformed one, and a bad form with nothing changed', async () => {
    const unknown = await api('POST', '/invite/accept', {
      body: acceptBody('A'.repeat(43)),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'invite-not-found' });
    const malformed = await api('POST', '/invite/check', { body: { token: 'short' } });
    expect(malformed.status).toBe(400);

    const email = freshEmail();
    const created = await invite(email);
    const { token } = await linkSentTo(email);
    const mismatch = await api('POST', '/invite/accept', {
      body: { ...acceptBody(token), passwordConfirmation: 'password2' },
    });
    expect(mismatch.status).toBe(400);
    const read = await api<Invite>('GET', `/invite/${created.id}`, { token: admin.token });
    expect(read.body.state).toBe('pending');
  });

  it('lets only one of two simultaneous acceptances through', async () => {
    const email = freshEmail();
    await invite(email, Role.Tutor);
    const { token } = await linkSentTo(email);
    const answers = await Promise.all([
      api('POST', '/invite/accept', { body: acceptBody(token) }),
      api('POST', '/invite/accept', { body: { ...acceptBody(token), name: 'سارة علي' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body).toMatchObject({ code: 'invite-closed' });
    const rows = await server.app.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe(Role.Tutor);
  });
});

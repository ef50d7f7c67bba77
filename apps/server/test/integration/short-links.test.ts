import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role, TransactionStatus, shortLinkReportSchema } from '@talaqa/domain';
import type { ShortLink, ShortLinkReport, ShortLinkTarget, SignUpAnswer } from '@talaqa/domain';
import { auditLog, shortLinks, transactions, userCampaigns } from '../../src/db/schema';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/** Short links and campaigns (issue 23 item 9; docs/decisions/351-short-links.md). */

let server: TestServer;
let admin: SignedInUser;
let student: SignedInUser;
let counter = 0;

const api = apiOn(() => server);
const db = () => server.app.database.db;
const PASSWORD = 'password1';
/** Every test its own names and addresses: the test server is shared by the file. */
const fresh = (word: string): string => `${word}-${String(++counter)}-${String(process.pid)}`;

async function create(body: Record<string, unknown>): Promise<ShortLink> {
  const answer = await api<ShortLink>('POST', '/short-link', { token: admin.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** Opens a link as a visitor at `address` (X-Forwarded-For, honoured for the loopback proxy). */
const open = (name: string, address = '203.0.113.7') =>
  api<ShortLinkTarget>('POST', `/short-link/open/${encodeURIComponent(name)}`, {
    headers: { 'x-forwarded-for': address },
  });

async function report(query = ''): Promise<ShortLinkReport> {
  const answer = await api('GET', `/short-link/report${query}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return shortLinkReportSchema.parse(answer.body);
}

async function signUp(campaign?: unknown): Promise<SignUpAnswer> {
  const answer = await api<SignUpAnswer>('POST', '/user/', {
    body: {
      name: 'سارة محمود',
      email: `${fresh('visitor')}@example.com`,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      role: Role.Student,
      acceptTerms: true,
      ...(campaign === undefined ? {} : { campaign }),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function campaignOf(userId: number) {
  const [row] = await db().select().from(userCampaigns).where(eq(userCampaigns.userId, userId));
  return row;
}

async function pay(userId: number, amount: number, paidAt: Date, refunded = 0): Promise<void> {
  await db()
    .insert(transactions)
    .values({
      userId,
      method: 0,
      provider: 'fawry',
      status: refunded > 0 ? TransactionStatus.PartialRefunded : TransactionStatus.Paid,
      amount,
      listPrice: amount,
      refundedAmount: refunded,
      idempotencyKey: fresh('short-link-payment'),
      paidAt,
    });
}

/** An ID token from the test server's Google simulator, through its approve form. */
async function googleToken(email: string): Promise<string> {
  const google = server.urls.google;
  if (!google) throw new Error('the Google simulator is not running');
  const form = new URLSearchParams({
    client_id: server.config.google.clientId,
    redirect_uri: 'http://localhost:4100/auth/google/callback',
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: 'nonce-1',
    email,
    name: 'Google Person',
    email_verified: 'true',
  });
  const response = await fetch(`${google}/o/oauth2/v2/auth/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const fragment = (response.headers.get('location') ?? '').split('#')[1] ?? '';
  const token = new URLSearchParams(fragment).get('id_token');
  if (!token) throw new Error(`no id_token: ${String(response.status)}`);
  return token;
}

beforeAll(async () => {
  // The loopback "proxy" is trusted, so each test can be a visitor at its own address.
  server = await startTestServer({
    trustProxy: ['127.0.0.1', '::1'],
    trustedAddresses: ['127.0.0.1', '::1'],
  });
  admin = await signedInUser(server, Role.RegularAdmin);
  student = await signedInUser(server, Role.Student);
}, 240_000);
afterAll(() => server.close());
beforeEach(() => {
  server.app.clock.now = () => new Date();
});

describe('admins keep short links', () => {
  it('creates a link with a lower-case name, writes the audit row, and refuses a taken name', async () => {
    const name = fresh('Summer');
    const link = await create({
      name: `  ${name} `,
      source: 'sfb',
      label: 'عرض الصيف',
      site: 'landing',
      path: '/pricing',
    });
    expect(link).toMatchObject({
      name: name.toLowerCase(),
      source: 'sfb',
      label: 'عرض الصيف',
      site: 'landing',
      path: '/pricing',
      active: true,
      createdBy: admin.id,
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'short-link.create'), eq(auditLog.targetId, link.id)));
    expect(audit).toHaveLength(1);

    const taken = await api('POST', '/short-link', {
      token: admin.token,
      body: { name: name.toUpperCase(), source: 'wa', site: 'web', path: '/plans' },
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'short-link-exists' } });
  });

  it.each([
    [{ name: 'a' }, 'short-link-name-too-short'],
    [{ name: 'x'.repeat(41) }, 'short-link-name-too-long'],
    [{ name: 'has space' }, 'short-link-name-invalid'],
    [{ name: '-edge' }, 'short-link-name-invalid'],
    [{ name: 'عربي' }, 'short-link-name-invalid'],
    [{ source: 'fb' }, 'invalid-campaign-source'],
    [{ site: 'elsewhere' }, 'short-link-target-invalid'],
    [{ path: 'https://evil.example/' }, 'short-link-target-invalid'],
    [{ path: '//evil.example/x' }, 'short-link-target-invalid'],
    [{ path: '/\\evil.example' }, 'short-link-target-invalid'],
    [{ path: '/a/../../x' }, 'short-link-target-invalid'],
    [{ path: 'javascript:alert(1)' }, 'short-link-target-invalid'],
    [{ path: '/ok path' }, 'short-link-target-invalid'],
    [{ label: 'ل'.repeat(101) }, 'short-link-label-too-long'],
  ])('refuses %j with %s and stores nothing', async (change, code) => {
    const name = fresh('bad');
    const body = { name, source: 'wa', site: 'landing', path: '/pricing', ...change };
    const answer = await api('POST', '/short-link', { token: admin.token, body });
    expect(answer).toMatchObject({ status: 400, body: { code } });
    const stored = await db().select().from(shortLinks).where(eq(shortLinks.name, body.name));
    expect(stored).toHaveLength(0);
  });

  it('changes the target, label and active flag, refuses an outside target, and deletes', async () => {
    const link = await create({ name: fresh('edit'), source: 'wa', site: 'landing', path: '/' });
    const changed = await api<ShortLink>('PATCH', `/short-link/${String(link.id)}`, {
      token: admin.token,
      body: { site: 'web', path: '/register/student', label: 'واتساب', active: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: link.name,
      source: 'wa',
      site: 'web',
      path: '/register/student',
      label: 'واتساب',
      active: false,
    });
    const outside = await api('PATCH', `/short-link/${String(link.id)}`, {
      token: admin.token,
      body: { path: '//evil.example' },
    });
    expect(outside).toMatchObject({ status: 400, body: { code: 'short-link-target-invalid' } });
    const empty = await api('PATCH', `/short-link/${String(link.id)}`, {
      token: admin.token,
      body: {},
    });
    expect(empty.status).toBe(400);

    const removed = await api('DELETE', `/short-link/${String(link.id)}`, { token: admin.token });
    expect(removed.status).toBe(204);
    const again = await api('DELETE', `/short-link/${String(link.id)}`, { token: admin.token });
    expect(again).toMatchObject({ status: 404, body: { code: 'short-link-not-found' } });
    const missing = await api('PATCH', `/short-link/${String(link.id)}`, {
      token: admin.token,
      body: { active: true },
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'short-link-not-found' } });
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, link.id));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['short-link.update', 'short-link.delete']),
    );
  });

  it('is for admins only', async () => {
    const body = { name: fresh('nope'), source: 'wa', site: 'landing', path: '/' };
    expect((await api('POST', '/short-link', { token: student.token, body })).status).toBe(403);
    expect((await api('POST', '/short-link', { body })).status).toBe(401);
    expect((await api('GET', '/short-link/report', { token: student.token })).status).toBe(403);
  });
});

describe('opening a link', () => {
  it('answers the target with the campaign and counts one click per visitor per window', async () => {
    const link = await create({
      name: fresh('open'),
      source: 'syt',
      site: 'web',
      path: '/register/student',
    });
    const first = await open(link.name.toUpperCase(), '198.51.100.1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      name: link.name,
      source: 'syt',
      site: 'web',
      path: '/register/student',
    });
    // The same visitor again, then two others: three clicks, not four.
    await open(link.name, '198.51.100.1');
    await open(link.name, '198.51.100.2');
    await open(link.name, '198.51.100.3');
    const row = (await report()).links.find((l) => l.id === link.id);
    expect(row?.clicks).toBe(3);
    expect((await report()).sources.find((s) => s.source === 'syt')?.clicks).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('answers not found for an unknown or inactive name, counting nothing', async () => {
    expect(await open('no-such-link')).toMatchObject({
      status: 404,
      body: { code: 'short-link-not-found' },
    });
    const link = await create({
      name: fresh('off'),
      source: 'sig',
      site: 'landing',
      path: '/',
      active: false,
    });
    expect(await open(link.name)).toMatchObject({
      status: 404,
      body: { code: 'short-link-not-found' },
    });
    expect((await report()).links.find((l) => l.id === link.id)?.clicks).toBe(0);
  });
});

describe('sign-ups remember their campaign', () => {
  it('records the link and its source on a sign-up that came through it', async () => {
    const link = await create({ name: fresh('signup'), source: 'stt', site: 'web', path: '/' });
    // The link's own source wins over what the address said.
    const answer = await signUp({ name: link.name.toUpperCase(), source: 'wa' });
    expect(await campaignOf(answer.user.id)).toMatchObject({ linkId: link.id, source: 'stt' });
    // Not shown to the user.
    expect(JSON.stringify(answer)).not.toContain(link.name);
  });

  it('keeps a bare source, ignores unknown or malformed campaigns, and still signs up', async () => {
    const bare = await signUp({ source: 'sx' });
    expect(await campaignOf(bare.user.id)).toMatchObject({ linkId: null, source: 'sx' });
    for (const junk of [
      { name: 'never-made' },
      { source: 'zz' },
      'wa',
      42,
      { name: 'x'.repeat(500), source: ['wa'] },
      null,
    ]) {
      const answer = await signUp(junk);
      expect(await campaignOf(answer.user.id)).toBeUndefined();
    }
  });

  it('keeps the campaign of an invited sign-up', async () => {
    const link = await create({ name: fresh('invited'), source: 'mpv', site: 'web', path: '/' });
    const email = `${fresh('invited')}@example.com`;
    const made = await api('POST', '/invite', {
      token: admin.token,
      body: { email, role: Role.Tutor },
    });
    expect(made.status).toBe(201);
    const message = await server.outbox.waitFor(
      (m) => m.channel === 'email' && m.to === email.toLowerCase(),
      5000,
    );
    const token = /invite=([A-Za-z0-9_-]{43})/.exec(message.text)?.[1] ?? '';
    const accepted = await api<SignUpAnswer>('POST', '/invite/accept', {
      body: {
        token,
        name: 'منى أحمد',
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        acceptTerms: true,
        campaign: { name: link.name, source: 'mpv' },
      },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(await campaignOf(accepted.body.user.id)).toMatchObject({
      linkId: link.id,
      source: 'mpv',
    });
  });

  it('keeps the campaign of a Google sign-in that makes the account, not of a later one', async () => {
    const link = await create({ name: fresh('google'), source: 'sfb', site: 'web', path: '/' });
    const email = `${fresh('google')}@example.com`;
    const first = await api<SignUpAnswer>('POST', '/auth/google', {
      body: { idToken: await googleToken(email), nonce: 'nonce-1', campaign: { name: link.name } },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await campaignOf(first.body.user.id)).toMatchObject({ linkId: link.id, source: 'sfb' });
    // A second sign-in with another campaign changes nothing (first touch).
    const again = await api<SignUpAnswer>('POST', '/auth/google', {
      body: { idToken: await googleToken(email), nonce: 'nonce-1', campaign: { source: 'wa' } },
    });
    expect(again.status).toBe(200);
    expect(await campaignOf(first.body.user.id)).toMatchObject({ linkId: link.id, source: 'sfb' });
  });

  it('keeps the source when the link is deleted', async () => {
    const link = await create({ name: fresh('gone'), source: 'mtd', site: 'web', path: '/' });
    const answer = await signUp({ name: link.name });
    await api('DELETE', `/short-link/${String(link.id)}`, { token: admin.token });
    expect(await campaignOf(answer.user.id)).toMatchObject({ linkId: null, source: 'mtd' });
  });
});

describe('the table per campaign', () => {
  it('counts clicks, sign-ups, payers, payments and revenue net of refunds, in a window', async () => {
    const link = await create({ name: fresh('report'), source: 'sig', site: 'web', path: '/' });
    await open(link.name, '192.0.2.10');
    const payer = await signUp({ name: link.name });
    const browser = await signUp({ name: link.name });
    const paidAt = new Date('2030-03-10T10:00:00Z');
    await pay(payer.user.id, 50_000, paidAt);
    await pay(payer.user.id, 30_000, paidAt, 10_000);
    await pay(browser.user.id, 20_000, new Date('2030-05-01T10:00:00Z'));

    const all = (await report()).links.find((l) => l.id === link.id);
    expect(all).toMatchObject({ clicks: 1, signUps: 2, payers: 2, payments: 3 });
    expect(all?.revenue).toBe(50_000 + 20_000 + 20_000);

    // March 2030 in Cairo: the payments of the 10th only; nobody signed up then.
    const march = await report(
      `?from=${encodeURIComponent('2030-02-28T22:00:00.000Z')}&to=${encodeURIComponent('2030-03-31T22:00:00.000Z')}`,
    );
    expect(march.links.find((l) => l.id === link.id)).toMatchObject({
      clicks: 0,
      signUps: 0,
      payers: 1,
      payments: 2,
      revenue: 70_000,
    });
    const source = march.sources.find((s) => s.source === 'sig');
    expect(source).toMatchObject({ payers: 1, payments: 2, revenue: 70_000 });
    expect(march.sources.map((s) => s.source)).toEqual([
      'wa',
      'sfb',
      'syt',
      'sig',
      'stt',
      'sx',
      'mpv',
      'mtd',
    ]);
  });
});

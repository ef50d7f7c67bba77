import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_TITLE_MIN_LENGTH, Role } from '@talaqa/domain';
import type { ContactRequest, ContactRequestAdminView, ContactRequestPage } from '@talaqa/domain';
import { contactRequests, users } from '../../src/db/schema';
import {
  CONTACT_REQUESTS_PER_ACCOUNT,
  CONTACT_REQUESTS_PER_ADDRESS,
} from '../../src/modules/contact';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

/**
 * Issue 20 item 1: POST /contact-request/ from `/contact` (anyone; the spec's length rules; an
 * abuse limit per address and per e-mail or account) and the admins' list and handled flag
 * (record 300).
 */
type Err = { code?: string; fields?: { path: string; code: string }[] };

const VALID = { title: 'سؤال عن الباقات', message: 'هل يمكنني تغيير باقتي في منتصف الشهر؟' };

describe('contact requests', () => {
  let server: TestServer;
  let admin: Caller;
  let student: Caller;
  let visitorCount = 0;
  /** A fresh visitor e-mail, so the per-account limit never joins two tests. */
  const visitorEmail = () => `visitor-${(visitorCount += 1)}@example.com`;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await insertUser(server, Role.RegularAdmin);
    student = await insertUser(server, Role.Student);
  });
  afterAll(() => server.close());

  const send = (caller: Caller | null, body: unknown) =>
    call<ContactRequest & Err>(server, 'POST', '/contact-request/', caller, body);

  it('answers the spec codes for a title or message too short or too long', async () => {
    const email = visitorEmail();
    const short = await send(null, {
      ...VALID,
      email,
      title: 'أ'.repeat(CONTACT_TITLE_MIN_LENGTH - 1),
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('contact-title-too-short');
    expect(short.body.fields).toEqual([{ path: 'title', code: 'contact-title-too-short' }]);

    const long = await send(null, {
      ...VALID,
      email: visitorEmail(),
      message: 'ب'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([{ path: 'message', code: 'contact-message-too-long' }]);

    const both = await send(null, { title: '', message: 'قصير', email: visitorEmail() });
    expect(both.status).toBe(400);
    expect(both.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'title', code: 'contact-title-too-short' },
        { path: 'message', code: 'contact-message-too-short' },
      ]),
    );
    expect(await server.app.database.db.select().from(contactRequests)).toHaveLength(0);
  });

  it('needs an e-mail from a visitor, and a valid one', async () => {
    const none = await send(null, VALID);
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual([{ path: 'email', code: 'required' }]);
    const wrong = await send(null, { ...VALID, email: 'not-an-email' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual([{ path: 'email', code: 'invalid-email' }]);
  });

  it("stores a visitor's request, and a signed-in sender's with their account", async () => {
    const visitor = await send(null, { ...VALID, email: ' Visitor-A@Example.com ' });
    expect(visitor.status).toBe(201);
    expect(visitor.body).toMatchObject({ title: VALID.title, message: VALID.message });

    const signedIn = await send(student, {
      title: 'مشكلة في الدفع',
      message: 'دفعت بفوري ولم تظهر الباقة.',
    });
    expect(signedIn.status).toBe(201);

    const db = server.app.database.db;
    const [stored] = await db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, visitor.body.id));
    expect(stored).toMatchObject({ userId: null, email: 'visitor-a@example.com', handledAt: null });
    const [mine] = await db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, signedIn.body.id));
    expect(mine).toMatchObject({ userId: student.id, email: null });

    // The admins see where to answer: the typed address, else the account's.
    const [account] = await db.select().from(users).where(eq(users.id, student.id));
    const page = await call<ContactRequestPage>(server, 'GET', '/contact-request/list', admin);
    const view = page.body.list.find((item) => item.id === signedIn.body.id);
    expect(view).toMatchObject({
      email: account?.email,
      user: { id: student.id, name: account?.name, role: Role.Student },
      handled: false,
      handledAt: null,
    });
  });

  it('lets only admins list requests and mark them handled', async () => {
    const tutor = await insertUser(server, Role.Tutor);
    for (const [caller, status] of [
      [null, 401],
      [student, 403],
      [tutor, 403],
    ] as const) {
      expect((await call(server, 'GET', '/contact-request/list', caller)).status).toBe(status);
      expect(
        (await call(server, 'PUT', '/contact-request/1', caller, { handled: true })).status,
      ).toBe(status);
    }
  });

  it('pages newest first, filters by handled, and marks one handled or open again', async () => {
    const db = server.app.database.db;
    await db.delete(contactRequests);
    const base = Date.parse('2026-11-20T10:00:00Z');
    const rows = await db
      .insert(contactRequests)
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          email: `page-${index}@example.com`,
          title: `رسالة ${index}`,
          message: 'نص رسالة للتجربة',
          createdAt: new Date(base + index * 60_000),
        })),
      )
      .returning({ id: contactRequests.id });
    const ids = rows.map((row) => row.id);

    const first = await call<ContactRequestPage>(
      server,
      'GET',
      '/contact-request/list?page=1&size=2',
      admin,
    );
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(5);
    expect(first.body.list.map((item) => item.id)).toEqual([ids[4], ids[3]]);
    const last = await call<ContactRequestPage>(
      server,
      'GET',
      '/contact-request/list?page=3&size=2',
      admin,
    );
    expect(last.body.list.map((item) => item.id)).toEqual([ids[0]]);

    const marked = await call<ContactRequestAdminView & Err>(
      server,
      'PUT',
      `/contact-request/${ids[1]}`,
      admin,
      { handled: true },
    );
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: ids[1], handled: true });
    expect(marked.body.handledAt).not.toBeNull();

    const open = await call<ContactRequestPage>(
      server,
      'GET',
      '/contact-request/list?handled=false',
      admin,
    );
    expect(open.body.total).toBe(4);
    expect(open.body.list.map((item) => item.id)).not.toContain(ids[1]);
    const handled = await call<ContactRequestPage>(
      server,
      'GET',
      '/contact-request/list?handled=true',
      admin,
    );
    expect(handled.body.list.map((item) => item.id)).toEqual([ids[1]]);

    const reopened = await call<ContactRequestAdminView>(
      server,
      'PUT',
      `/contact-request/${ids[1]}`,
      admin,
      {
        handled: false,
      },
    );
    expect(reopened.body).toMatchObject({ handled: false, handledAt: null });

    const missing = await call<Err>(server, 'PUT', '/contact-request/999999', admin, {
      handled: true,
    });
    expect({ status: missing.status, code: missing.body.code }).toEqual({
      status: 404,
      code: 'not-found',
    });
    const badBody = await call<Err>(server, 'PUT', `/contact-request/${ids[0]}`, admin, {
      handled: 'yes',
    });
    expect(badBody.status).toBe(400);
    const badPage = await call<Err>(server, 'GET', '/contact-request/list?page=0', admin);
    expect(badPage.body.code).toBe('invalid-page');
  });

  it('limits the messages of one e-mail, and of one account', async () => {
    const email = visitorEmail();
    for (let sent = 1; sent <= CONTACT_REQUESTS_PER_ACCOUNT.max; sent += 1) {
      expect((await send(null, { ...VALID, email })).status, `message ${sent}`).toBe(201);
    }
    const blocked = await send(null, { ...VALID, email: email.toUpperCase() });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('too-many-requests');
    // Another sender is not held back by the first one's messages.
    expect((await send(null, { ...VALID, email: visitorEmail() })).status).toBe(201);
  });
});

describe('contact requests from one address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('stops an address that sends too many, whatever e-mails it gives', async () => {
    for (let sent = 1; sent <= CONTACT_REQUESTS_PER_ADDRESS.max; sent += 1) {
      const answer = await call(server, 'POST', '/contact-request/', null, {
        ...VALID,
        email: `many-${sent}@example.com`,
      });
      expect(answer.status, `message ${sent}`).toBe(201);
    }
    const blocked = await call<Err>(server, 'POST', '/contact-request/', null, {
      ...VALID,
      email: 'one-more@example.com',
    });
    expect({ status: blocked.status, code: blocked.body.code }).toEqual({
      status: 429,
      code: 'too-many-requests',
    });
  });
});

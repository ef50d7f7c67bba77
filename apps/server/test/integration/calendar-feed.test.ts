import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedCreated, CalendarFeedState, LessonView } from '@talaqa/domain';
import { calendarFeeds, users } from '../../src/db/schema';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { cairo, insertPlan, insertStudent, insertTutor, NOW } from './lessons-fixtures';

/**
 * The calendar feed (issue 6): a secret ICS address per user, made and shown once, replaced by a
 * new one, turned off; the document lists the owner's lessons (as student or tutor), in UTC,
 * canceled ones as CANCELLED, and nobody else's.
 */

let server: TestServer;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  server.app.clock.now = () => NOW;
  planId = await insertPlan(server);
});
afterAll(() => server.close());

const createFeed = (caller: Caller) =>
  call<CalendarFeedCreated>(server, 'POST', '/calendar/feed', caller);

/** Fetches the feed as a calendar app would: no session, just the address. */
async function fetchFeed(
  url: string,
): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The feed's address on this test server (the answer names the API's public origin). */
const onServer = (url: string): string => {
  const { pathname } = new URL(url);
  return `${server.baseUrl}${pathname}`;
};

/** Unfolded content lines, and the VEVENT blocks among them. */
function eventsOf(text: string): string[][] {
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  const events: string[][] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = undefined;
    } else current?.push(line);
  }
  return events;
}

const book = (caller: Caller, tutorId: number, start: Date) =>
  call<LessonView>(server, 'POST', '/lesson', caller, {
    tutorId,
    start: start.toISOString(),
    duration: 30,
  });

async function nameOf(id: number): Promise<string> {
  const [row] = await server.app.database.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, id));
  return row?.name ?? '';
}

describe('the calendar feed', () => {
  it('is off until made; making one answers its address once and keeps only a hash', async () => {
    const learner = await insertStudent(server, { planId });
    expect(await call<CalendarFeedState>(server, 'GET', '/calendar/feed', learner)).toMatchObject({
      status: 200,
      body: { enabled: false },
    });
    const created = await createFeed(learner);
    expect(created.status).toBe(201);
    const url = new URL(created.body.url);
    expect(url.pathname).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const token =
      url.pathname
        .split('/')
        .pop()
        ?.replace(/\.ics$/, '') ?? '';
    const [row] = await server.app.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, learner.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await call<CalendarFeedState>(server, 'GET', '/calendar/feed', learner)).toMatchObject({
      body: { enabled: true },
    });
  });

  it('shows the booked lesson in UTC, to its student and its tutor', async () => {
    const teacher = await insertTutor(server);
    const learner = await insertStudent(server, { planId });
    const start = cairo(9, '12:00');
    const booked = await book(learner, teacher.id, start);
    expect(booked.status).toBe(201);

    const feed = await fetchFeed(onServer((await createFeed(learner)).body.url));
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text).toContain('X-WR-TIMEZONE:Africa/Cairo\r\n');
    expect(feed.text).toContain('METHOD:PUBLISH\r\n');
    const [event, ...others] = eventsOf(feed.text);
    expect(others).toEqual([]);
    expect(event).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^UID:lesson-${booked.body.id}@`)),
        // 12:00 Cairo in January is 10:00 UTC.
        'DTSTART:20300109T100000Z',
        'DTEND:20300109T103000Z',
        'STATUS:CONFIRMED',
        `SUMMARY:درس إنجليزي مع ${await nameOf(teacher.id)}`,
        expect.stringMatching(new RegExp(`^URL:http.*/lesson/${booked.body.id}$`)),
      ]),
    );

    const tutorFeed = await fetchFeed(onServer((await createFeed(teacher)).body.url));
    const [tutorEvent] = eventsOf(tutorFeed.text);
    expect(tutorEvent).toContain(`SUMMARY:درس إنجليزي مع ${await nameOf(learner.id)}`);
    expect(tutorEvent?.find((line) => line.startsWith('UID:'))).toBe(
      event?.find((line) => line.startsWith('UID:')),
    );
  });

  it('never shows another user’s lessons', async () => {
    const teacher = await insertTutor(server);
    const learner = await insertStudent(server, { planId });
    await book(learner, teacher.id, cairo(9, '12:00'));
    const stranger = await insertStudent(server, { planId });
    const feed = await fetchFeed(onServer((await createFeed(stranger)).body.url));
    expect(feed.status).toBe(200);
    expect(eventsOf(feed.text)).toEqual([]);
  });

  it('shows a canceled lesson as CANCELLED, with the same UID', async () => {
    const teacher = await insertTutor(server);
    const learner = await insertStudent(server, { planId });
    const booked = await book(learner, teacher.id, cairo(9, '13:00'));
    const url = onServer((await createFeed(learner)).body.url);
    const before = eventsOf((await fetchFeed(url)).text)[0] ?? [];
    expect((await call(server, 'DELETE', `/lesson/${booked.body.id}`, learner)).status).toBe(200);
    const after = eventsOf((await fetchFeed(url)).text)[0] ?? [];
    expect(after).toContain('STATUS:CANCELLED');
    const uid = (lines: string[]) => lines.find((line) => line.startsWith('UID:'));
    expect(uid(after)).toBe(uid(before));
    const sequence = (lines: string[]) =>
      Number(lines.find((line) => line.startsWith('SEQUENCE:'))?.slice('SEQUENCE:'.length));
    expect(sequence(after)).toBeGreaterThanOrEqual(sequence(before));
  });

  it('stops answering the old address once a new one is made, and all once turned off', async () => {
    const learner = await insertStudent(server, { planId });
    const first = onServer((await createFeed(learner)).body.url);
    const second = onServer((await createFeed(learner)).body.url);
    expect(second).not.toBe(first);
    const old = await fetchFeed(first);
    expect(old.status).toBe(404);
    expect(JSON.parse(old.text)).toMatchObject({ code: 'not-found' });
    expect((await fetchFeed(second)).status).toBe(200);

    const off = await call(server, 'DELETE', '/calendar/feed', learner);
    expect(off.status).toBe(204);
    expect((await fetchFeed(second)).status).toBe(404);
    expect(await call<CalendarFeedState>(server, 'GET', '/calendar/feed', learner)).toMatchObject({
      body: { enabled: false },
    });
  });

  it('answers not-found to a made-up token', async () => {
    for (const token of ['nope', 'A'.repeat(43)]) {
      const feed = await fetchFeed(`${server.baseUrl}/api/v1/calendar/${token}.ics`);
      expect(feed.status).toBe(404);
    }
  });

  it('needs a session for managing the feed', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await call(server, method, '/calendar/feed', null)).status).toBe(401);
    }
  });
});

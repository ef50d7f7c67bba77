import { get as getUrl } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  aboutSchema,
  bioSchema,
  Role,
  ServerEvent,
  SLOT_START_PATTERN,
  WEEKDAYS_FROM_SATURDAY,
} from '@talaqa/domain';
import type {
  Tutor,
  TutorMeta,
  TutorPage,
  TutorProfile,
  TutorReviewPage,
  TutorsCacheUpdatedEvent,
  TutorUpdatedEvent,
  WeeklySlot,
} from '@talaqa/domain';
import {
  appointments,
  availabilitySlots,
  ratings,
  topics,
  tutorProfiles,
  users,
  userTopics,
} from '../../src/db/schema';
import {
  DEMO_PAST_LESSON_DAYS_AGO,
  DEMO_REVIEWS,
  DEMO_TUTORS,
  seedDemoData,
} from '../../src/demo/seed';
import { escapeLike } from '../../src/modules/tutors/listing/queries';
import { memoryTutorsCache, tutorsCacheOf } from '../../src/modules/tutors/listing/cache';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { refreshNextFree, refreshStaleNextFree } from '../../src/modules/tutors/listing/next-free';

let server: TestServer;
let admin: SignedInUser;
let student: SignedInUser;
const sockets: Socket[] = [];

const api = apiOn(() => server);
const db = () => server.app.database.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, Role.RegularAdmin);
  student = await signedInUser(server, Role.Student);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

const BIO = 'معلمة لغة إنجليزية بخبرة طويلة';
const ABOUT =
  'أدرّس الإنجليزية للكبار والصغار منذ عشر سنوات، وأركز على المحادثة اليومية والثقة في الكلام.';

type Profile = Partial<typeof tutorProfiles.$inferInsert>;

async function tutor(name: string, profile: Profile = {}): Promise<SignedInUser> {
  const created = await signedInUser(server, Role.Tutor, { name });
  await db()
    .insert(tutorProfiles)
    .values({ userId: created.id, bio: BIO, ...profile });
  return created;
}

const listed: Profile = { activated: true, bypassOnboarding: true, noticePeriod: 0 };

const list = (query: string) =>
  api<TutorPage & { code?: string }>('GET', `/user/tutor/list/onboarded${query}`);
const flush = () => api('DELETE', '/cache/flush', { token: admin.token });
const names = (page: TutorPage) => page.list.map((card) => card.name);

/** Every 30-minute slot of the week: free whenever the week has time left. */
const wholeWeek: WeeklySlot[] = WEEKDAYS_FROM_SATURDAY.flatMap((weekday) =>
  Array.from({ length: 48 }, (_, half) => ({
    weekday,
    start: `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`,
    length: 30 as const,
  })),
).filter((slot) => SLOT_START_PATTERN.test(slot.start));

describe('GET /user/tutor/meta', () => {
  it('answers the stored video, thumbnail, activation, notice period and bypass', async () => {
    const me = await tutor('منى حسن', {
      about: ABOUT,
      video: 'intro.mp4',
      thumbnail: 'intro.jpg',
      activated: true,
      noticePeriod: 90,
      bypassOnboarding: true,
    });
    const meta = await api<TutorMeta>('GET', '/user/tutor/meta', { token: me.token });
    expect(meta.status).toBe(200);
    expect(meta.body).toEqual({
      bio: BIO,
      about: ABOUT,
      video: 'intro.mp4',
      thumbnail: 'intro.jpg',
      activated: true,
      noticePeriod: 90,
      bypassOnboarding: true,
      onboarded: false,
      missingData: ['image', 'verified-email', 'verified-phone'],
    });
  });
});

describe('GET /user/tutor/{id} (admins)', () => {
  it('answers any tutor’s stored profile, listed or not', async () => {
    const unlisted = await tutor('هالة سمير', { about: ABOUT, noticePeriod: 45 });
    const view = await api<Tutor>('GET', `/user/tutor/${unlisted.id}`, { token: admin.token });
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      id: unlisted.id,
      bio: BIO,
      about: ABOUT,
      video: null,
      thumbnail: null,
      activated: false,
      noticePeriod: 45,
      bypassOnboarding: false,
      missingData: ['image', 'video', 'thumbnail', 'verified-email', 'verified-phone'],
    });
    // The public profile does not know an unlisted tutor.
    expect((await api('GET', `/user/tutor/info/${unlisted.id}`)).status).toBe(404);
    // The static routes beside it still answer theirs.
    const meta = await api<TutorMeta>('GET', '/user/tutor/meta', { token: unlisted.token });
    expect(meta.body).toMatchObject({ noticePeriod: 45, onboarded: false });
  });

  it('is refused to others and answers tutor-not-found for a non-tutor', async () => {
    const target = await tutor('وائل مراد');
    const get = (token: string | undefined, id: number) =>
      api<{ code: string }>('GET', `/user/tutor/${id}`, { token });
    expect((await get(target.token, target.id)).status).toBe(403);
    expect((await get(student.token, target.id)).status).toBe(403);
    expect((await get(undefined, target.id)).status).toBe(401);
    const notTutor = await get(admin.token, student.id);
    expect(notTutor.status).toBe(404);
    expect(notTutor.body.code).toBe('tutor-not-found');
    expect((await get(admin.token, 99_999_999)).body.code).toBe('tutor-not-found');
  });
});

describe('PATCH /user/tutor/{id} (admins)', () => {
  it('sets activation, notice period and bypass; the meta shows them', async () => {
    const target = await signedInUser(server, Role.Tutor, { name: 'كريم فؤاد' });
    const patched = await api<Tutor>('PATCH', `/user/tutor/${target.id}`, {
      token: admin.token,
      body: { activated: true, noticePeriod: 120, bypassOnboarding: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id: target.id,
      activated: true,
      noticePeriod: 120,
      bypassOnboarding: true,
    });
    const partly = await api<Tutor>('PATCH', `/user/tutor/${target.id}`, {
      token: admin.token,
      body: { activated: false },
    });
    expect(partly.body).toMatchObject({ activated: false, noticePeriod: 120 });
    const meta = await api<TutorMeta>('GET', '/user/tutor/meta', { token: target.token });
    expect(meta.body).toMatchObject({
      activated: false,
      noticePeriod: 120,
      bypassOnboarding: true,
    });
  });

  it('is refused to others, to non-tutors and to bad values', async () => {
    const target = await signedInUser(server, Role.Tutor);
    const patch = (token: string | undefined, id: number, body: unknown) =>
      api<{ code: string }>('PATCH', `/user/tutor/${id}`, { token, body });
    expect((await patch(target.token, target.id, { activated: true })).status).toBe(403);
    expect((await patch(undefined, target.id, { activated: true })).status).toBe(401);
    const notTutor = await patch(admin.token, student.id, { activated: true });
    expect(notTutor.status).toBe(404);
    expect(notTutor.body.code).toBe('tutor-not-found');
    expect((await patch(admin.token, target.id, { noticePeriod: -5 })).status).toBe(400);
    expect((await patch(admin.token, target.id, { noticePeriod: 1.5 })).status).toBe(400);
    expect((await patch(admin.token, target.id, { bio: 'x' })).status).toBe(400);
    expect((await patch(admin.token, target.id, { activated: 'yes' })).status).toBe(400);
  });
});

describe('the public tutors list and profile', () => {
  let free: SignedInUser;
  let idle: SignedInUser;
  let onboarded: SignedInUser;
  let percent: SignedInUser;
  let underscore: SignedInUser;
  let topicId: number;
  let speakingId: number;

  beforeAll(async () => {
    free = await tutor('Listwide Free', { ...listed, about: ABOUT, video: 'free.mp4' });
    idle = await tutor('Listwide Idle', listed);
    onboarded = await tutor('Listwide Onboarded', { activated: true, onboardedAt: new Date() });
    percent = await tutor('Listwide 100% Sure', listed);
    underscore = await tutor('Listwide Snake_case', listed);
    // Never listed: not activated, or activated without onboarding or the bypass.
    await tutor('Listwide Inactive', { bypassOnboarding: true });
    await tutor('Listwide Waiting', { activated: true });
    await signedInUser(server, Role.Student, { name: 'Listwide Student' });
    await db().update(users).set({ gender: 'female' }).where(eq(users.id, free.id));
    await db().update(users).set({ gender: 'male' }).where(eq(users.id, idle.id));
    const [topic] = await db()
      .insert(topics)
      .values({ nameAr: 'السفر', nameEn: 'Travel' })
      .returning();
    if (!topic) throw new Error('no topic');
    topicId = topic.id;
    const [speaking] = await db()
      .insert(topics)
      .values({ nameAr: 'التحدث', nameEn: 'Speaking' })
      .returning();
    if (!speaking) throw new Error('no topic');
    speakingId = speaking.id;
    await db()
      .insert(userTopics)
      .values([
        { userId: free.id, topicId },
        { userId: free.id, topicId: speakingId },
      ]);
    const saved = await api('POST', '/availability-slot/', {
      token: free.token,
      body: { slots: wholeWeek },
    });
    expect(saved.status).toBe(200);
    await flush();
  });

  it('lists only listed tutors, ten a page by default, with their cards', async () => {
    const page = await list('?search=Listwide&sort=newest');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(5);
    expect(names(page.body).sort()).toEqual(
      [
        'Listwide 100% Sure',
        'Listwide Free',
        'Listwide Idle',
        'Listwide Onboarded',
        'Listwide Snake_case',
      ].sort(),
    );
    const card = page.body.list.find((item) => item.id === free.id);
    expect(card).toMatchObject({
      name: 'Listwide Free',
      gender: 'female',
      bio: BIO,
      // In Arabic alphabetical order.
      topics: [
        { id: speakingId, nameAr: 'التحدث', nameEn: 'Speaking' },
        { id: topicId, nameAr: 'السفر', nameEn: 'Travel' },
      ],
      rating: { average: null, count: 0 },
    });
    expect(page.body.list.find((item) => item.id === idle.id)?.nextFreeAt).toBeNull();
    // Newest first.
    expect(page.body.list[0]?.id).toBe(underscore.id);
  });

  it('sorts by the next free time and filters free this week', async () => {
    // Monday 30 November 2026, 10:07 Cairo (UTC+2): the next free 15-minute start is 10:15.
    server.app.clock.now = () => new Date('2026-11-30T08:07:00.000Z');
    try {
      // Idle's one slot this week is taken by an interview: not free either.
      const idleSlot = { weekday: 1, start: '11:00', length: 15 };
      const saved = await api('POST', '/availability-slot/', {
        token: idle.token,
        body: { slots: [idleSlot] },
      });
      expect(saved.status).toBe(200);
      await db()
        .insert(appointments)
        .values({
          tutorId: idle.id,
          kind: 'interview',
          startsAt: new Date('2026-11-30T09:00:00.000Z'),
          endsAt: new Date('2026-11-30T09:15:00.000Z'),
        });
      // Interviews are written beside this test's services; the clock moved: the minute's job.
      await refreshStaleNextFree(db(), server.app.clock.now());
      await refreshNextFree(db(), [idle.id], server.app.clock.now());
      await flush();
      const page = await list('?search=Listwide');
      expect(page.body.list[0]?.id).toBe(free.id);
      expect(page.body.list[0]?.nextFreeAt).toBe('2026-11-30T08:15:00.000Z');
      const freeOnly = await list('?search=Listwide&freeThisWeek=true');
      expect(names(freeOnly.body)).toEqual(['Listwide Free']);
      expect(freeOnly.body.total).toBe(1);
      expect(page.body.list.find((card) => card.id === idle.id)?.nextFreeAt).toBeNull();
      // Friday 23:50 Cairo: the week is over for everybody.
      server.app.clock.now = () => new Date('2026-12-04T21:50:00.000Z');
      expect(await refreshStaleNextFree(db(), server.app.clock.now())).toBeGreaterThanOrEqual(1);
      await flush();
      expect((await list('?search=Listwide&freeThisWeek=true')).body.total).toBe(0);
      expect((await list('?search=Listwide')).body.list[0]?.nextFreeAt).toBeNull();
    } finally {
      server.app.clock.now = () => new Date();
      await flush();
    }
  });

  it('filters by topic and gender; unrated tutors reach no minimum rating', async () => {
    expect(names((await list(`?search=Listwide&topic=${topicId}`)).body)).toEqual([
      'Listwide Free',
    ]);
    expect(names((await list('?search=Listwide&gender=male')).body)).toEqual(['Listwide Idle']);
    expect((await list('?search=Listwide&minRating=1')).body).toEqual({ list: [], total: 0 });
    expect((await list('?gender=other')).status).toBe(400);
    expect((await list('?minRating=9')).status).toBe(400);
  });

  it('pages', async () => {
    const first = await list('?search=Listwide&size=2&sort=newest');
    const second = await list('?search=Listwide&size=2&page=2&sort=newest');
    const third = await list('?search=Listwide&size=2&page=3&sort=newest');
    expect(first.body.total).toBe(5);
    expect(first.body.list).toHaveLength(2);
    expect(second.body.list).toHaveLength(2);
    expect(third.body.list).toHaveLength(1);
    const ids = [...first.body.list, ...second.body.list, ...third.body.list].map((c) => c.id);
    expect(new Set(ids).size).toBe(5);
    expect((await list('?size=101')).status).toBe(400);
  });

  it('searches names and bios as plain text: % and _ are literal', async () => {
    expect(names((await list(`?search=${encodeURIComponent('100%')}`)).body)).toEqual([
      'Listwide 100% Sure',
    ]);
    expect(names((await list(`?search=${encodeURIComponent('e_c')}`)).body)).toEqual([
      'Listwide Snake_case',
    ]);
    expect((await list(`?search=${encodeURIComponent('%')}`)).body.total).toBe(1);
    expect((await list(`?search=${encodeURIComponent('.*')}`)).body.total).toBe(0);
    expect((await list('?search=listwide%20%20free')).body.total).toBe(1);
    expect((await list(`?search=${encodeURIComponent('خبرة طويلة')}`)).body.total).toBeGreaterThan(
      4,
    );
    expect(escapeLike('50%_\\x')).toBe('50\\%\\_\\\\x');
    expect(percent.id).toBeGreaterThan(0);
  });

  it('answers a listed tutor’s profile, tutor-not-found otherwise', async () => {
    const profile = await api<TutorProfile>('GET', `/user/tutor/info/${free.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id: free.id,
      name: 'Listwide Free',
      about: ABOUT,
      video: 'free.mp4',
      thumbnail: null,
      noticePeriod: 0,
      lessonsGiven: 0,
      topics: [{ id: speakingId }, { id: topicId }],
    });
    expect((await api('GET', `/user/tutor/info/${onboarded.id}`)).status).toBe(200);
    const hidden = await tutor('Listwide Hidden', { activated: false });
    for (const id of [hidden.id, student.id, 999_999]) {
      const answer = await api<{ code: string }>('GET', `/user/tutor/info/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('tutor-not-found');
    }
  });
});

describe('the list cache', () => {
  /** A connected socket recording the tutors' realtime events. */
  async function listen(token: string) {
    const socket = connect(server.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    const cache: TutorsCacheUpdatedEvent[] = [];
    const updated: TutorUpdatedEvent[] = [];
    socket.on(ServerEvent.TutorsCacheUpdated, (event: TutorsCacheUpdatedEvent) =>
      cache.push(event),
    );
    socket.on(ServerEvent.TutorUpdated, (event: TutorUpdatedEvent) => updated.push(event));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { cache, updated };
  }

  it('serves cached pages until a tutor changes, then tells every tab', async () => {
    const cached = await tutor('Cachetest One', listed);
    const query = '?search=Cachetest';
    expect(names((await list(query)).body)).toEqual(['Cachetest One']);
    // A change behind the server's back stays unseen while the page is cached.
    await db().update(users).set({ name: 'Cachetest Renamed' }).where(eq(users.id, cached.id));
    expect(names((await list(query)).body)).toEqual(['Cachetest One']);

    const events = await listen(student.token);
    const saved = await api('POST', '/availability-slot/', {
      token: cached.token,
      body: { slots: [{ weekday: 0, start: '20:00', length: 30 }] },
    });
    expect(saved.status).toBe(200);
    expect(names((await list(query)).body)).toEqual(['Cachetest Renamed']);
    await expect.poll(() => events.cache.length).toBe(1);
    expect(events.cache[0]?.tutorIds).toEqual([cached.id]);
    await expect.poll(() => events.updated.length).toBe(1);
    expect(events.updated[0]).toMatchObject({
      tutorId: cached.id,
      card: { id: cached.id, name: 'Cachetest Renamed' },
    });

    // Deactivated by an admin: gone from the list, and the card event says so.
    await api('PATCH', `/user/tutor/${cached.id}`, {
      token: admin.token,
      body: { activated: false },
    });
    expect((await list(query)).body.total).toBe(0);
    await expect.poll(() => events.updated.length).toBe(2);
    expect(events.updated[1]).toEqual({ tutorId: cached.id, card: null });
  });

  it('counts the matches once for every page of the same filters, again after a change', async () => {
    for (let n = 1; n <= 11; n += 1) await tutor(`Totaltest ${String(n).padStart(2, '0')}`, listed);
    const first = await list('?search=Totaltest&sort=newest');
    expect(first.body.total).toBe(11);
    // Added behind the server's back: page 2 (never read) shows the row but keeps the count.
    const added = await tutor('Totaltest 12', listed);
    const second = await list('?search=Totaltest&sort=newest&page=2');
    expect(second.body.list).toHaveLength(2);
    expect(second.body.total).toBe(11);
    // Another filter is counted on its own.
    expect((await list('?search=Totaltest&freeThisWeek=false')).body.total).toBe(12);
    // Any tutor change forgets the totals with the pages.
    await api('PATCH', `/user/tutor/${added.id}`, {
      token: admin.token,
      body: { noticePeriod: 60 },
    });
    expect((await list('?search=Totaltest&sort=newest&page=2')).body.total).toBe(12);
  });

  it('answers gzip to clients that accept it, from the database and from the cache', async () => {
    await tutor('Gziptest One', listed);
    const url = `${server.baseUrl}/api/v1/user/tutor/list/onboarded?search=Gziptest`;
    const raw = (encoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
        getUrl(url, { headers, agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }),
          );
        }).once('error', reject);
      });
    for (const round of ['from the database', 'cached']) {
      const zipped = await raw('gzip, deflate, br');
      expect(zipped.headers['content-encoding'], round).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
      const plain = await raw(round === 'cached' ? 'gzip;q=0' : undefined);
      expect(plain.headers['content-encoding'], round).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      expect(gunzipSync(zipped.bytes).toString()).toBe(plain.bytes.toString());
      expect(names(JSON.parse(plain.bytes.toString()) as TutorPage)).toEqual(['Gziptest One']);
    }
  });

  it('never caches a refused query string, and keys pages by the string as sent', async () => {
    for (let round = 0; round < 2; round += 1) {
      const refused = await list('?size=abc&search=Keytest');
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid-page-size');
    }
    await tutor('Keytest One', listed);
    expect(names((await list('?search=Keytest&page=1')).body)).toEqual(['Keytest One']);
    expect(names((await list('?page=1&search=Keytest')).body)).toEqual(['Keytest One']);
  });

  it('is flushed by admins only, with a TutorsCacheUpdated for everything', async () => {
    const cached = await tutor('Flushtest One', listed);
    expect(names((await list('?search=Flushtest')).body)).toEqual(['Flushtest One']);
    await db().update(users).set({ name: 'Flushtest Two' }).where(eq(users.id, cached.id));
    expect((await api('DELETE', '/cache/flush')).status).toBe(401);
    expect((await api('DELETE', '/cache/flush', { token: student.token })).status).toBe(403);
    expect((await api('DELETE', '/cache/flush', { token: cached.token })).status).toBe(403);
    expect(names((await list('?search=Flushtest')).body)).toEqual(['Flushtest One']);
    const events = await listen(student.token);
    expect((await flush()).status).toBe(204);
    expect(names((await list('?search=Flushtest')).body)).toEqual(['Flushtest Two']);
    await expect.poll(() => events.cache.length).toBe(1);
    expect(events.cache[0]?.tutorIds).toBeNull();
  });

  it('keeps at most its size in process and forgets pages after their time', async () => {
    let now = 0;
    const cache = memoryTutorsCache(1000, 2, () => now);
    await cache.set('a', Buffer.from('1'));
    await cache.set('b', Buffer.from('2'));
    await cache.get('a');
    await cache.set('c', Buffer.from('3'));
    expect(await cache.get('b')).toBeUndefined();
    expect((await cache.get('a'))?.toString()).toBe('1');
    // The same answer at once (the list route's early hook reads it so).
    expect(cache.peek?.('a')?.toString()).toBe('1');
    expect(cache.peek?.('b')).toBeUndefined();
    now = 1000;
    expect(cache.peek?.('a')).toBeUndefined();
    expect(await cache.get('c')).toBeUndefined();
    await cache.set('d', Buffer.from('4'));
    await cache.clear();
    expect(await cache.get('d')).toBeUndefined();
  });

  it('caches nothing when TUTORS_CACHE_SECONDS is 0', async () => {
    const none = tutorsCacheOf(0, undefined, 'x:');
    await none.set('a', Buffer.from('1'));
    expect(await none.get('a')).toBeUndefined();
    const some = tutorsCacheOf(60, undefined, 'x:');
    await some.set('a', Buffer.from('1'));
    expect((await some.get('a'))?.toString()).toBe('1');
  });
});

describe('the demo tutors', () => {
  it('are seeded once, listed, with valid Arabic texts, topics and evening schedules', async () => {
    for (const demo of DEMO_TUTORS) {
      expect(bioSchema.safeParse(demo.bio).success).toBe(true);
      expect(aboutSchema.safeParse(demo.about).success).toBe(true);
    }
    const media = { assets: server.app.assets, log: server.app.log };
    await seedDemoData(db(), media);
    const images = new Map<string, string | null>();
    for (const demo of DEMO_TUTORS) {
      const [row] = await db().select().from(users).where(eq(users.email, demo.email));
      images.set(demo.email, row?.image ?? null);
    }
    await seedDemoData(db(), media);
    await flush();
    const ids: number[] = [];
    for (const demo of DEMO_TUTORS) {
      const [row] = await db().select().from(users).where(eq(users.email, demo.email));
      if (!row) throw new Error(`missing ${demo.email}`);
      ids.push(row.id);
      const profile = await api<TutorProfile>('GET', `/user/tutor/info/${row.id}`);
      expect(profile.status).toBe(200);
      expect(profile.body.name).toBe(demo.name);
      expect(profile.body.topics.map((topic) => topic.nameEn).sort()).toEqual(
        [...demo.topics].sort(),
      );
      const slots = await db()
        .select()
        .from(availabilitySlots)
        .where(eq(availabilitySlots.tutorId, row.id));
      expect(slots).toHaveLength(demo.slots.length);
      // Its own portrait, stored once (a second seed keeps it), served as a locked-down SVG.
      expect(profile.body.image).toMatch(/\.svg$/);
      expect(profile.body.image).toBe(images.get(demo.email));
      const file = await fetch(`${server.baseUrl}/api/v1/assets/uploads/${profile.body.image}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('image/svg+xml');
      expect(file.headers.get('content-security-policy')).toContain('sandbox');
      expect((await file.text()).startsWith('<svg')).toBe(true);
    }
    expect(new Set(images.values()).size).toBe(DEMO_TUTORS.length);
    const page = await list('?size=100');
    expect(page.body.list.map((card) => card.id)).toEqual(expect.arrayContaining(ids));
    // Reviewed, once each however often seeded; the demo student has reviewed nobody.
    for (const [index, demo] of DEMO_TUTORS.entries()) {
      const reviews = DEMO_REVIEWS[demo.email] ?? [];
      const card = page.body.list.find((item) => item.id === ids[index]);
      expect(card?.rating.count).toBe(reviews.length);
      const stars = reviews.map(([, value]) => value);
      const average = stars.reduce((sum, value) => sum + value, 0) / stars.length;
      expect(card?.rating.average).toBe(Math.round(average * 10) / 10);
      // The demo student's past lessons are with the first demo tutor.
      expect(card?.lessonsGiven).toBe(index === 0 ? DEMO_PAST_LESSON_DAYS_AGO.length : 0);
      const tab = await api<TutorReviewPage>('GET', `/rating/list/tutor/${ids[index]}`);
      expect(tab.body.total).toBe(reviews.length);
    }
    const [student] = await db().select().from(users).where(eq(users.email, 'student@talaqa.eg'));
    const byStudent = await db()
      .select()
      .from(ratings)
      .where(eq(ratings.raterId, student?.id ?? 0));
    expect(byStudent).toEqual([]);
  });
});

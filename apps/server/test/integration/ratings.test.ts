import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role } from '@talaqa/domain';
import type { TutorPage, TutorProfile, TutorReviewPage } from '@talaqa/domain';
import { ratings, tutorProfiles, users } from '../../src/db/schema';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
let admin: SignedInUser;
const api = apiOn(() => server);
const db = () => server.app.database.db;

beforeAll(async () => {
  // The list cache off: every page here is read from the database.
  server = await startTestServer({ tutorsCacheSeconds: 0 });
  admin = await signedInUser(server, Role.RegularAdmin);
});
afterAll(() => server.close());

async function tutor(name: string): Promise<SignedInUser> {
  const created = await signedInUser(server, Role.Tutor, { name });
  await db()
    .insert(tutorProfiles)
    .values({ userId: created.id, activated: true, bypassOnboarding: true });
  return created;
}

async function student(name: string): Promise<SignedInUser> {
  return signedInUser(server, Role.Student, { name });
}

async function rate(
  rater: SignedInUser,
  ratee: SignedInUser,
  value: number,
  text: string | null = null,
  createdAt?: Date,
): Promise<void> {
  await db()
    .insert(ratings)
    .values({ raterId: rater.id, rateeId: ratee.id, value, text, ...(createdAt && { createdAt }) });
}

async function summaryOf(tutorId: number) {
  const [row] = await db()
    .select({
      count: tutorProfiles.ratingCount,
      sum: tutorProfiles.ratingSum,
      average: tutorProfiles.ratingAverage,
    })
    .from(tutorProfiles)
    .where(eq(tutorProfiles.userId, tutorId));
  return row;
}

const list = (query: string) => api<TutorPage>('GET', `/user/tutor/list/onboarded${query}`);
const reviews = (tutorId: number, query = '') =>
  api<TutorReviewPage & { code?: string }>('GET', `/rating/list/tutor/${tutorId}${query}`);

describe("a tutor's rating summary", () => {
  it('follows every rating added, changed, moved and removed, in the same transaction', async () => {
    const rated = await tutor('Summary Rated');
    const other = await tutor('Summary Other');
    const [a, b, c] = [await student('A'), await student('B'), await student('C')];
    expect(await summaryOf(rated.id)).toEqual({ count: 0, sum: 0, average: null });
    await rate(a, rated, 5);
    await rate(b, rated, 4);
    await rate(c, rated, 4);
    // 13 / 3 = 4.33: one decimal.
    expect(await summaryOf(rated.id)).toEqual({ count: 3, sum: 13, average: 4.3 });
    await db()
      .update(ratings)
      .set({ value: 1 })
      .where(and(eq(ratings.raterId, c.id), eq(ratings.rateeId, rated.id)));
    expect(await summaryOf(rated.id)).toEqual({ count: 3, sum: 10, average: 3.3 });
    await db()
      .update(ratings)
      .set({ rateeId: other.id })
      .where(and(eq(ratings.raterId, b.id), eq(ratings.rateeId, rated.id)));
    expect(await summaryOf(rated.id)).toEqual({ count: 2, sum: 6, average: 3 });
    expect(await summaryOf(other.id)).toEqual({ count: 1, sum: 4, average: 4 });
    // A rating taken back with its transaction leaves nothing behind.
    await db()
      .transaction(async (tx) => {
        await tx.insert(ratings).values({ raterId: b.id, rateeId: rated.id, value: 5 });
        throw new Error('taken back');
      })
      .catch(() => undefined);
    expect(await summaryOf(rated.id)).toEqual({ count: 2, sum: 6, average: 3 });
    // A student's account deleted takes the student's ratings with it.
    await db().delete(users).where(eq(users.id, a.id));
    expect(await summaryOf(rated.id)).toEqual({ count: 1, sum: 1, average: 1 });
  });

  it('refuses stars outside 1-5 and a second rating of the same tutor by one student', async () => {
    const rated = await tutor('Summary Strict');
    const rater = await student('Strict');
    await expect(rate(rater, rated, 6)).rejects.toThrow();
    await expect(rate(rater, rated, 0)).rejects.toThrow();
    await rate(rater, rated, 3);
    await expect(rate(rater, rated, 5)).rejects.toThrow();
    expect(await summaryOf(rated.id)).toEqual({ count: 1, sum: 3, average: 3 });
  });
});

describe('the tutors list by rating', () => {
  let best: SignedInUser;
  let good: SignedInUser;
  let goodFewer: SignedInUser;
  let unrated: SignedInUser;

  beforeAll(async () => {
    best = await tutor('Byrating Best');
    good = await tutor('Byrating Good');
    goodFewer = await tutor('Byrating Good Fewer');
    unrated = await tutor('Byrating Unrated');
    const raters = [await student('R1'), await student('R2'), await student('R3')];
    await rate(raters[0]!, best, 5);
    await rate(raters[1]!, best, 5);
    await rate(raters[0]!, good, 4);
    await rate(raters[1]!, good, 5);
    await rate(raters[2]!, good, 4); // 4.33 -> 4.3
    await rate(raters[0]!, goodFewer, 4);
    await rate(raters[1]!, goodFewer, 5); // 4.5
  });

  it('sorts best average first, more ratings before fewer, unrated last', async () => {
    const page = await list('?search=Byrating&sort=rating');
    expect(page.body.list.map((card) => card.id)).toEqual([
      best.id,
      goodFewer.id,
      good.id,
      unrated.id,
    ]);
    expect(page.body.list.map((card) => card.rating)).toEqual([
      { average: 5, count: 2 },
      { average: 4.5, count: 2 },
      { average: 4.3, count: 3 },
      { average: null, count: 0 },
    ]);
  });

  it('filters by the minimum average as cards show it, with the matching total', async () => {
    const atLeast = async (minimum: string) => {
      const page = await list(`?search=Byrating&sort=rating&minRating=${minimum}`);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(page.body.list.length);
      return page.body.list.map((card) => card.id);
    };
    expect(await atLeast('4.5')).toEqual([best.id, goodFewer.id]);
    expect(await atLeast('4.3')).toEqual([best.id, goodFewer.id, good.id]);
    expect(await atLeast('5')).toEqual([best.id]);
    expect(await atLeast('1')).toEqual([best.id, goodFewer.id, good.id]);
    // Without a search too: counted among every listed tutor.
    const page = await list('?minRating=4.4&sort=rating&size=100');
    expect(page.body.total).toBe(page.body.list.length);
    expect(page.body.list.map((card) => card.id)).toEqual(
      expect.arrayContaining([best.id, goodFewer.id]),
    );
    expect(page.body.list.every((card) => (card.rating.average ?? 0) >= 4.4)).toBe(true);
  });

  it('shows the summary on the profile too', async () => {
    const profile = await api<TutorProfile>('GET', `/user/tutor/info/${good.id}`);
    expect(profile.body.rating).toEqual({ average: 4.3, count: 3 });
  });
});

describe('GET /rating/list/tutor/{id}', () => {
  it("pages a listed tutor's reviews newest first, with each student's first name", async () => {
    const reviewed = await tutor('Reviewed Tutor');
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
    for (let n = 1; n <= 12; n += 1) {
      const rater = await student(`طالب${n} عبد الله`);
      await rate(rater, reviewed, (n % 5) + 1, n % 2 ? `مراجعة رقم ${n}` : null, day(n));
    }
    const first = await reviews(reviewed.id);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(12);
    expect(first.body.list).toHaveLength(10);
    expect(first.body.list[0]).toMatchObject({
      value: 3,
      text: null,
      name: 'طالب12',
      rateeId: reviewed.id,
      createdAt: day(12).toISOString(),
    });
    // Public reviews name the reviewer by first name only and never by id (issue 15).
    expect(Object.keys(first.body.list[0] ?? {}).sort()).toEqual(
      ['createdAt', 'id', 'name', 'rateeId', 'text', 'value'].sort(),
    );
    expect(first.body.list[1]).toMatchObject({ value: 2, text: 'مراجعة رقم 11', name: 'طالب11' });
    const second = await reviews(reviewed.id, '?page=2');
    expect(second.body.list.map((review) => review.name)).toEqual(['طالب2', 'طالب1']);
    expect((await reviews(reviewed.id, '?size=3&page=4')).body.list).toHaveLength(3);
  });

  it('answers an empty page for a tutor nobody rated, and no reviews of others', async () => {
    const lonely = await tutor('Reviewed Lonely');
    expect((await reviews(lonely.id)).body).toEqual({ list: [], total: 0 });
  });

  it('answers tutor-not-found for an unknown, unlisted or non-tutor id; 400 for a bad page', async () => {
    const hidden = await tutor('Reviewed Hidden');
    await api('PATCH', `/user/tutor/${hidden.id}`, {
      token: admin.token,
      body: { activated: false },
    });
    const someone = await student('Not a tutor');
    for (const id of [hidden.id, someone.id, 99_999_999]) {
      const answer = await reviews(id);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('tutor-not-found');
    }
    expect((await reviews(hidden.id, '?page=0')).status).toBe(400);
    expect((await reviews(Number.NaN)).status).toBe(400);
  });
});

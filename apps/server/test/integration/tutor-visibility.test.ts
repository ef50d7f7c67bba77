import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, tutorVisibility } from '@talaqa/domain';
import type { TutorMeta, TutorPage } from '@talaqa/domain';
import { tutorProfiles } from '../../src/db/schema';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer, testDriver } from './helpers';
import type { TestServer } from './helpers';

/**
 * Issue 20 item 6 (record 310): what a tutor's own pages say ("visible to students" or "hidden",
 * with why) is `tutorVisibility` of the tutor's meta; the public list and profile apply the
 * listing rule on the server. For every state of the profile the two agree: a tutor told
 * "visible" is in the list and has a public profile, a tutor told "hidden" is in neither.
 */
let server: TestServer;
let admin: SignedInUser;
const api = apiOn(() => server);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, Role.RegularAdmin);
});
afterAll(() => server.close());

const flags = [false, true];

describe(`a tutor's own visibility notice on ${testDriver}`, () => {
  it('agrees with the public list and profile in every state of the profile', async () => {
    const seen: { listed: boolean; reasons: string[] }[] = [];
    for (const activated of flags) {
      for (const onboarded of flags) {
        for (const bypassOnboarding of flags) {
          const name = `معلم ${seen.length} ${Date.now()}`;
          const tutor = await signedInUser(server, Role.Tutor, { name });
          await server.app.database.db.insert(tutorProfiles).values({
            userId: tutor.id,
            bio: 'أدرّس الإنجليزية للمحادثة اليومية.',
            activated,
            onboardedAt: onboarded ? new Date() : null,
            bypassOnboarding,
            noticePeriod: 0,
          });
          const meta = await api<TutorMeta>('GET', '/user/tutor/meta', { token: tutor.token });
          expect(meta.status).toBe(200);
          expect(meta.body).toMatchObject({ activated, onboarded, bypassOnboarding });
          const told = tutorVisibility(meta.body);

          await api('DELETE', '/cache/flush', { token: admin.token });
          const list = await api<TutorPage>(
            'GET',
            `/user/tutor/list/onboarded?search=${encodeURIComponent(name)}`,
          );
          expect(list.status).toBe(200);
          const inList = list.body.list.some((card) => card.id === tutor.id);
          const profile = await api('GET', `/user/tutor/info/${tutor.id}`);
          const state = { activated, onboarded, bypassOnboarding, told };
          expect(inList, JSON.stringify(state)).toBe(told.listed);
          expect(profile.status, JSON.stringify(state)).toBe(told.listed ? 200 : 404);
          seen.push(told);
        }
      }
    }
    // Both answers occur, and each hidden state names at least one reason.
    expect(seen.filter((told) => told.listed)).toHaveLength(3);
    expect(seen.every((told) => told.listed === (told.reasons.length === 0))).toBe(true);
  });
});

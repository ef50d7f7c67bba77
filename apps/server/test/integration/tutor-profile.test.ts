import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_PERIOD_PLACEHOLDER_MINUTES, Role } from '@talaqa/domain';
import type { TutorMeta, User } from '@talaqa/domain';
import { signAccessToken } from '../../src/security/tokens';
import { apiOn, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ trustedAddresses: ['127.0.0.1'] });
  adminToken = (await signedInUser(server, Role.RegularAdmin, { name: 'Regular Admin' })).token;
});
afterAll(() => server.close());

const api = apiOn(() => server);

const person = (role: Role): Promise<SignedInUser> =>
  signedInUser(server, role, { name: 'أحمد علي' });

const BIO = 'معلم لغة إنجليزية بخبرة عشر سنوات';
const ABOUT =
  'أدرّس الإنجليزية للكبار والصغار منذ عشر سنوات، وأركز على المحادثة اليومية والثقة في الكلام.';

const meta = (token: string) => api<TutorMeta>('GET', '/user/tutor/meta', { token });

describe('a tutor’s bio and about', () => {
  it('start empty, with what the profile still misses', async () => {
    const { token } = await person(Role.Tutor);
    const answer = await meta(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      bio: null,
      about: null,
      video: null,
      thumbnail: null,
      activated: false,
      noticePeriod: NOTICE_PERIOD_PLACEHOLDER_MINUTES,
      bypassOnboarding: false,
      onboarded: false,
      missingData: [
        'image',
        'bio',
        'about',
        'video',
        'thumbnail',
        'verified-email',
        'verified-phone',
      ],
    });
  });

  it('are written by the tutor with PUT /user/{id} and read back through the meta', async () => {
    const { user, token } = await person(Role.Tutor);
    const saved = await api<User>('PUT', `/user/${user.id}`, {
      token,
      body: { name: 'أحمد محمد علي', bio: `  ${BIO} `, about: ABOUT },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('أحمد محمد علي');
    const read = await meta(token);
    expect(read.body).toMatchObject({ bio: BIO, about: ABOUT });
    expect(read.body.missingData).not.toContain('bio');
    expect(read.body.missingData).not.toContain('about');

    // Only what is sent changes.
    const newBio = 'معلمة محادثة للمبتدئين والمتوسطين';
    expect((await api('PUT', `/user/${user.id}`, { token, body: { bio: newBio } })).status).toBe(
      200,
    );
    expect((await meta(token)).body).toMatchObject({ bio: newBio, about: ABOUT });
  });

  it('refuses text that is not Arabic, too short or too long, with the field codes, and changes nothing', async () => {
    const { user, token } = await person(Role.Tutor);
    await api('PUT', `/user/${user.id}`, { token, body: { bio: BIO, about: ABOUT } });
    const cases: [Record<string, unknown>, { path: string; code: string }[]][] = [
      [{ bio: 'An English teacher of ten years' }, [{ path: 'bio', code: 'bio-not-arabic' }]],
      [{ bio: 'قصير' }, [{ path: 'bio', code: 'bio-too-short' }]],
      [{ bio: 'ب'.repeat(301) }, [{ path: 'bio', code: 'bio-too-long' }]],
      [{ bio: '   ' }, [{ path: 'bio', code: 'bio-empty' }]],
      [{ about: 'نص قصير' }, [{ path: 'about', code: 'about-too-short' }]],
      [{ about: 'ب'.repeat(2001) }, [{ path: 'about', code: 'about-too-long' }]],
      [
        { name: 'أحمد حسن', bio: 'Hello there, students', about: 'قصير' },
        [
          { path: 'bio', code: 'bio-not-arabic' },
          { path: 'about', code: 'about-too-short' },
        ],
      ],
    ];
    for (const [body, fields] of cases) {
      const answer = await api('PUT', `/user/${user.id}`, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields).toEqual(fields);
    }
    expect((await meta(token)).body).toMatchObject({ bio: BIO, about: ABOUT });
    const current = await api<User>('GET', '/user/current', { token });
    expect(current.body.name).toBe('أحمد علي');
  });

  it('are written by an admin for a tutor', async () => {
    const { user, token } = await person(Role.Tutor);
    const saved = await api<User>('PUT', `/user/${user.id}`, {
      token: adminToken,
      body: { bio: BIO, about: ABOUT },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.id).toBe(user.id);
    expect((await meta(token)).body).toMatchObject({ bio: BIO, about: ABOUT });
  });

  it('cannot be written by another tutor', async () => {
    const { user, token } = await person(Role.Tutor);
    const other = await person(Role.Tutor);
    const answer = await api('PUT', `/user/${user.id}`, {
      token: other.token,
      body: { bio: BIO },
    });
    expect(answer).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await meta(token)).body.bio).toBeNull();
  });

  it('are refused for anyone but a tutor, and nothing else in the request is saved', async () => {
    const { user, token } = await person(Role.Student);
    const answer = await api('PUT', `/user/${user.id}`, {
      token,
      body: { job: 'مهندس', bio: BIO },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'invalid-type', fields: [{ path: 'bio', code: 'invalid-type' }] },
    });
    const current = await api<User>('GET', '/user/current', { token });
    expect(current.body.job).toBeNull();
    const byAdmin = await api('PUT', `/user/${user.id}`, {
      token: adminToken,
      body: { about: ABOUT },
    });
    expect(byAdmin).toMatchObject({
      status: 400,
      body: { code: 'invalid-type', fields: [{ path: 'about', code: 'invalid-type' }] },
    });
  });

  it('may be written while an admin makes the user a tutor', async () => {
    const { user } = await person(Role.Student);
    const answer = await api<User>('PUT', `/user/${user.id}`, {
      token: adminToken,
      body: { role: Role.Tutor, bio: BIO },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.role).toBe(Role.Tutor);
    const token = await signAccessToken(user.id, server.config);
    expect((await meta(token)).body.bio).toBe(BIO);
  });
});

describe('GET /user/tutor/meta', () => {
  it('is for tutors only', async () => {
    const { token } = await person(Role.Student);
    expect(await meta(token)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await meta(adminToken)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await api('GET', '/user/tutor/meta')).status).toBe(401);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import type { StudioTutor } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  REGULAR_ADMIN,
  apiError,
  fakeToken,
  fakeXhr,
  makeUser,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import type { FakeHandler, FakeRequest } from '../../testing/fake-api';
import { NO_ACCESS_MESSAGE } from '../../lib/session';

// Issue 21 items 5 and 7 (records 313, 331): the photo sessions and the studio's corner.

const STUDIO = makeUser({ id: 60, name: 'استوديو النيل', role: Role.Studio });
const OTHER_STUDIO = makeUser({ id: 61, name: 'استوديو الدلتا', role: Role.Studio });

function tutor(id: number, name: string, session: Partial<StudioTutor['photoSession']> = null) {
  return {
    id,
    name,
    email: `tutor-${id}@example.com`,
    image: null,
    phone: '+201001234567',
    photoSession: session && {
      studioId: 60,
      image: null,
      video: null,
      thumbnail: null,
      uploadedBy: 60,
      updatedAt: '2026-11-20T10:00:00.000Z',
      ...session,
    },
  } satisfies StudioTutor;
}

const WAITING = tutor(7, 'هالة سمير');
const SERVED = tutor(8, 'ياسر علي', { image: 'a.png', video: 'v.mp4', thumbnail: 't.png' });

const page = (list: StudioTutor[]) => ({ list, total: list.length });

function stubStudio(routes: Record<string, FakeHandler> = {}, me = REGULAR_ADMIN) {
  return stubApi(
    {
      'GET /user/tutor/all/for/studio': ({ query }) =>
        page(query.get('waiting') === 'true' ? [WAITING] : [WAITING, SERVED]),
      'GET /user/studio/list': () => page([SERVED]),
      'GET /user/list': () => ({ list: [STUDIO, OTHER_STUDIO], total: 2 }),
      'GET /user/tutor/:tutorId/for/studio': ({ path }) =>
        Number(path.split('/')[3]) === 7 ? WAITING : SERVED,
      'GET /assets/uploads/:name': () => new Response(new Blob(['x'], { type: 'image/png' })),
      ...routes,
    },
    me,
  );
}

const lastQuery = (requests: FakeRequest[], path: string) =>
  [...requests].reverse().find((request) => request.path === path)?.query;

/** The first bytes of a PNG and of an MP4 (what the domain's checks read). */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const MP4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) =>
  new File([bytes], name, { type });

beforeEach(() => {
  resetSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/photo-sessions', () => {
  it('lists the waiting tutors first, then those served by the chosen studio', async () => {
    signInAs(REGULAR_ADMIN);
    const fake = stubStudio();
    const { router } = renderAdmin('/photo-sessions');
    const waiting = await screen.findByRole('article', { name: 'هالة سمير' });
    expect(within(waiting).getByText('ينتظر جلسة التصوير')).toBeTruthy();
    expect(
      within(waiting).getByRole('link', { name: 'رفع مواد هالة سمير' }).getAttribute('href'),
    ).toBe('/photo-session/7');
    expect(lastQuery(fake.requests, '/user/tutor/all/for/studio')?.get('waiting')).toBe('true');

    const user = userEvent.setup();
    expect((screen.getByLabelText('الاستوديو') as HTMLSelectElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('اعرض'), 'served');
    await user.selectOptions(screen.getByLabelText('الاستوديو'), String(STUDIO.id));
    await waitFor(() =>
      expect(lastQuery(fake.requests, '/user/studio/list')?.get('studioId')).toBe('60'),
    );
    const served = await screen.findByRole('article', { name: 'ياسر علي' });
    expect(within(served).getByText(/صورة، فيديو، صورة مصغّرة/).textContent).toContain(
      'استوديو النيل',
    );
    await user.type(screen.getByLabelText('بحث'), 'ياسر{Enter}');
    await waitFor(() =>
      expect(lastQuery(fake.requests, '/user/studio/list')?.get('search')).toBe('ياسر'),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      show: 'served',
      studio: '60',
      search: 'ياسر',
    });
  });

  it('says when no tutor waits', async () => {
    signInAs(REGULAR_ADMIN);
    stubStudio({ 'GET /user/tutor/all/for/studio': () => page([]) });
    renderAdmin('/photo-sessions');
    expect(await screen.findByText('لا يوجد معلمون ينتظرون جلسة تصوير')).toBeTruthy();
  });
});

describe('/photo-session/{tutorId}', () => {
  it('checks each file on the device, uploads the chosen parts and shows the new media', async () => {
    signInAs(REGULAR_ADMIN);
    const fake = stubStudio({
      'PUT /user/asset/tutor': () => ({
        ...WAITING,
        photoSession: { ...SERVED.photoSession, studioId: null, uploadedBy: REGULAR_ADMIN.id },
      }),
    });
    vi.stubGlobal('XMLHttpRequest', fakeXhr(fake.fetch));
    renderAdmin('/photo-session/7');
    await screen.findByRole('heading', { level: 1, name: 'جلسة تصوير هالة سمير' });
    expect(screen.getByText('لم تُرفع مواد جلسة تصوير لهذا المعلم بعد.')).toBeTruthy();
    const user = userEvent.setup();

    // Nothing chosen: nothing sent.
    await user.click(screen.getByRole('button', { name: 'رفع المواد' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'اختر صورة أو فيديو أو صورة مصغّرة أولًا.',
    );

    // A video where the image goes: refused by its bytes, in Arabic.
    const image = screen.getByLabelText('صورة الملف الشخصي');
    fireEvent.change(image, { target: { files: [file(MP4, 'clip.mp4', 'image/png')] } });
    expect(await screen.findByText(ERROR_MESSAGES['invalid-image-type'])).toBeTruthy();
    fireEvent.change(image, { target: { files: [file(PNG, 'face.png', 'image/png')] } });
    await waitFor(() =>
      expect(screen.queryByText(ERROR_MESSAGES['invalid-image-type'])).toBeNull(),
    );
    fireEvent.change(screen.getByLabelText('فيديو التعريف'), {
      target: { files: [file(MP4, 'intro.mp4', 'video/mp4')] },
    });
    await waitFor(() => expect(screen.getAllByText(/المختار:/)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'رفع المواد' }));

    await screen.findByText('رُفعت مواد هالة سمير');
    const sent = fake.requests.find((request) => request.path === '/user/asset/tutor');
    expect(sent?.query.get('tutorId')).toBe('7');
    expect([...(sent?.form?.keys() ?? [])]).toEqual(['image', 'video']);
    // The answer is the tutor's now: the video plays from the media route.
    const video = await waitFor(() => {
      const found = document.querySelector('video');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(video.getAttribute('src')).toMatch(/\/api\/v1\/assets\/media\/v\.mp4$/);
    expect(video.getAttribute('poster')).toMatch(/\/assets\/media\/t\.png$/);
  });

  it('shows the progress with a cancel button, and the server’s refusal in Arabic', async () => {
    signInAs(REGULAR_ADMIN);
    let answer: () => unknown = () => new Promise(() => {});
    const fake = stubStudio({ 'PUT /user/asset/tutor': () => answer() });
    vi.stubGlobal('XMLHttpRequest', fakeXhr(fake.fetch));
    renderAdmin('/photo-session/7');
    await screen.findByRole('heading', { level: 1, name: 'جلسة تصوير هالة سمير' });
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('الصورة المصغّرة للفيديو'), {
      target: { files: [file(PNG, 'thumb.png', 'image/png')] },
    });
    await screen.findByText(/المختار:/);
    await user.click(screen.getByRole('button', { name: 'رفع المواد' }));
    expect(await screen.findByRole('progressbar', { name: 'جارٍ رفع المواد' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إلغاء الرفع' }));
    expect(await screen.findByText('أُلغي الرفع، ولم يتغير شيء.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    answer = () => apiError('large-file-size', 413);
    await user.click(screen.getByRole('button', { name: 'رفع المواد' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      ERROR_MESSAGES['large-file-size'],
    );
  });

  it('refuses another studio’s tutor with a clear page', async () => {
    signInAs(STUDIO);
    stubStudio({ 'GET /user/tutor/:tutorId/for/studio': () => apiError('forbidden', 403) }, STUDIO);
    renderAdmin('/photo-session/9');
    expect(
      await screen.findByText('هذا المعلم يتبع استوديو آخر، فلا يمكنك عرضه أو رفع مواده.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'رفع المواد' })).toBeNull();
  });
});

describe('a studio in the dashboard (record 331)', () => {
  it('sees the photo sessions only: one sidebar link, no studio filter', async () => {
    signInAs(STUDIO);
    const fake = stubStudio({}, STUDIO);
    renderAdmin('/photo-sessions');
    await screen.findByRole('article', { name: 'هالة سمير' });
    const sidebars = screen.getAllByRole('navigation', { name: 'أقسام لوحة الإدارة' });
    expect(sidebars.length).toBeGreaterThan(0);
    for (const nav of sidebars) {
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['جلسات التصوير']);
    }
    expect(screen.queryByLabelText('الاستوديو')).toBeNull();
    // Its own tutors, named as its own.
    await userEvent.setup().selectOptions(screen.getByLabelText('اعرض'), 'served');
    const served = await screen.findByRole('article', { name: 'ياسر علي' });
    expect(within(served).getByText(/صوّره هذا الاستوديو/)).toBeTruthy();
    expect(lastQuery(fake.requests, '/user/studio/list')?.get('studioId')).toBeNull();
    // The studios' list is the admins' (GET /user/list is not a studio's to call).
    expect(fake.requests.some((request) => request.path === '/user/list')).toBe(false);
  });

  it('goes from the root to the photo sessions and is refused other pages', async () => {
    signInAs(STUDIO);
    stubStudio({}, STUDIO);
    const { router } = renderAdmin('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/photo-sessions'));
    cleanup();
    renderAdmin('/users');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هذه الصفحة للمشرفين فقط' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'اذهب إلى جلسات التصوير' }).getAttribute('href')).toBe(
      '/photo-sessions',
    );
  });

  it('signs a studio in and lands on the photo sessions, not the users', async () => {
    stubStudio(
      { 'POST /auth/password': () => ({ user: STUDIO, token: fakeToken(STUDIO.id) }) },
      STUDIO,
    );
    const { router } = renderAdmin('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'studio@talaqa.com');
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/photo-sessions'));
    expect(screen.queryByText(NO_ACCESS_MESSAGE)).toBeNull();
  });
});

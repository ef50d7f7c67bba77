import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InterviewStatus, ReviewStatus, Role } from '@talaqa/domain';
import type { InterviewView, Tutor, TutorAdminBody, TutorOnboarding } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  makeUser,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import type { FakeHandler, FakeRequest } from '../../testing/fake-api';
import { introVideoOf, onboardingOf, studioTutorOf, tutorOf } from '../../testing/tutor-fixtures';

const ID = 5;
const ACCOUNT = makeUser({
  id: ID,
  name: 'منى حسن',
  email: 'mona@example.com',
  role: Role.Tutor,
  phone: '+201012345678',
});

const INTERVIEW: InterviewView = {
  id: 31,
  status: InterviewStatus.Rejected,
  start: '2026-11-10T16:00:00.000Z',
  end: '2026-11-10T16:30:00.000Z',
  feedback: 'النطق يحتاج إلى تدريب أكثر',
  note: null,
  level: null,
  interviewerId: 40,
  intervieweeId: ID,
  interviewer: { id: 40, name: 'هدى المقابِلة', image: null },
  interviewee: { id: ID, name: 'منى حسن', image: null },
  bookedAt: '2026-11-01T10:00:00.000Z',
  closedAt: '2026-11-10T16:40:00.000Z',
};

/**
 * The tutor's endpoints over a small mutable state: PATCH changes what the reads answer next,
 * as the server would.
 */
function tutorApi(routes: Record<string, FakeHandler> = {}) {
  let onboarding: TutorOnboarding = onboardingOf(
    ID,
    {
      'intro-video': { state: 'pending', at: '2026-11-20T10:00:00.000Z' },
      interview: {
        state: 'rejected',
        at: '2026-11-10T16:40:00.000Z',
        retryAt: '2027-02-10T16:40:00.000Z',
      },
    },
    { verified: { email: true, phone: true } },
  );
  let profile: Tutor = tutorOf(ID);
  const fake = stubApi({
    'GET /user/tutor/onboarding': ({ query }) =>
      query.get('tutorId') === String(ID) ? onboarding : apiError('tutor-not-found', 404),
    [`GET /user/${ID}`]: () => ACCOUNT,
    [`GET /user/tutor/${ID}`]: () => profile,
    'GET /intro-video/list': () => ({ list: [introVideoOf(ID)], total: 1 }),
    [`GET /user/tutor/${ID}/for/studio`]: () => studioTutorOf(ID),
    'GET /interview/list': () => ({ list: [INTERVIEW], total: 1 }),
    'GET /demo-session/list': () => ({ list: [], total: 0 }),
    [`PATCH /user/tutor/${ID}`]: ({ body }) => {
      const patch = body as TutorAdminBody;
      profile = { ...profile, ...patch } as Tutor;
      onboarding = {
        ...onboarding,
        activated: profile.activated,
        bypassOnboarding: profile.bypassOnboarding,
        listed: profile.activated && profile.bypassOnboarding,
      };
      return profile;
    },
    ...routes,
  });
  signInAs(SUPER_ADMIN);
  return fake;
}

const sent = (requests: FakeRequest[], method: string) =>
  requests.filter((request) => request.method === method);
const onboardingReads = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/user/tutor/onboarding').length;

async function openPage() {
  const user = userEvent.setup();
  renderAdmin(`/tutor/${ID}`);
  await screen.findByRole('region', { name: 'التفعيل والظهور' });
  return user;
}

beforeEach(() => resetSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/tutor/:id', () => {
  it('shows the profile, the steps with their dates, the meetings and the intro video', async () => {
    const fake = tutorApi();
    await openPage();
    const profile = screen.getByRole('region', { name: 'الملف الشخصي' });
    expect(within(profile).getByText('منى حسن')).toBeTruthy();
    expect(within(profile).getByText('mona@example.com', { exact: false })).toBeTruthy();
    expect((await within(profile).findByText('+201012345678')).getAttribute('dir')).toBe('ltr');
    expect(await within(profile).findByText('معلمة إنجليزية للمحادثة')).toBeTruthy();
    expect(within(profile).getByText('أدرّس الإنجليزية منذ عشر سنوات.')).toBeTruthy();

    const steps = screen.getByRole('region', { name: 'خطوات الانضمام' });
    expect(within(steps).getByText('المقابلة: لم تُقبل')).toBeTruthy();
    expect(within(steps).getByText('الفيديو التعريفي: قيد الانتظار')).toBeTruthy();
    expect(within(steps).getByText(/يستطيع المحاولة مرة أخرى من .*٢٠٢٧/)).toBeTruthy();

    const meetings = screen.getByRole('region', { name: 'المقابلة والجلسة التجريبية' });
    expect(await within(meetings).findByText('مرفوضة')).toBeTruthy();
    expect(within(meetings).getByText(/مع هدى المقابِلة/)).toBeTruthy();
    expect(within(meetings).getByText('النطق يحتاج إلى تدريب أكثر')).toBeTruthy();
    expect(
      fake.requests.find((r) => r.path === '/interview/list')?.query.get('intervieweeId'),
    ).toBe(String(ID));
    expect(fake.requests.find((r) => r.path === '/demo-session/list')?.query.get('tutorId')).toBe(
      String(ID),
    );

    const media = screen.getByRole('region', { name: 'الوسائط' });
    const video = await within(media).findByLabelText('الفيديو التعريفي للمعلم');
    expect(video.tagName).toBe('VIDEO');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toContain('/api/v1/assets/media/intro.mp4?expires=1');
    expect(within(media).getByText('بانتظار المراجعة')).toBeTruthy();
    expect(within(media).getByText('لا توجد صور أو فيديو من جلسة تصوير بعد.')).toBeTruthy();
    expect(fake.requests.find((r) => r.path === '/intro-video/list')?.query.get('tutorId')).toBe(
      String(ID),
    );
  });

  it('activates only after the confirmation, then reads the tutor again', async () => {
    const fake = tutorApi();
    const user = await openPage();
    const standing = screen.getByRole('region', { name: 'التفعيل والظهور' });
    expect(within(standing).getByText('غير مفعَّل')).toBeTruthy();

    await user.click(within(standing).getByRole('button', { name: 'تفعيل المعلم' }));
    const dialog = await screen.findByRole('dialog', { name: 'تفعيل المعلم' });
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(sent(fake.requests, 'PATCH')).toHaveLength(0);

    const reads = onboardingReads(fake.requests);
    await user.click(within(standing).getByRole('button', { name: 'تفعيل المعلم' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'تفعيل المعلم' })).getByRole('button', {
        name: 'نعم، فعّل المعلم',
      }),
    );
    expect(await screen.findByText('تم تفعيل المعلم')).toBeTruthy();
    expect(sent(fake.requests, 'PATCH').map((r) => [r.path, r.body])).toEqual([
      [`/user/tutor/${ID}`, { activated: true }],
    ]);
    await waitFor(() => expect(onboardingReads(fake.requests)).toBeGreaterThan(reads));
    expect(
      await within(standing).findByRole('button', { name: 'إيقاف تفعيل المعلم' }),
    ).toBeTruthy();
  });

  it('bypasses the onboarding after a confirmation that says it lists without the steps', async () => {
    const fake = tutorApi();
    const user = await openPage();
    const standing = screen.getByRole('region', { name: 'التفعيل والظهور' });
    await user.click(within(standing).getByRole('button', { name: 'الإعفاء من خطوات الانضمام' }));
    const dialog = await screen.findByRole('dialog', { name: 'الإعفاء من خطوات الانضمام' });
    expect(within(dialog).getByText(/سيظهر منى حسن في قائمة المعلمين.*دون أن يُتمّ/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'نعم، أعفِه من الخطوات' }));
    expect(await screen.findByText('تم إعفاء المعلم من خطوات الانضمام')).toBeTruthy();
    expect(sent(fake.requests, 'PATCH').map((r) => r.body)).toEqual([{ bypassOnboarding: true }]);
    expect(
      await within(standing).findByRole('button', { name: 'إلغاء الإعفاء من خطوات الانضمام' }),
    ).toBeTruthy();
  });

  it('checks the notice period by the domain’s rule in Arabic, then saves after a confirmation', async () => {
    const fake = tutorApi();
    const user = await openPage();
    const standing = screen.getByRole('region', { name: 'التفعيل والظهور' });
    const field = await within(standing).findByLabelText('مدة الإشعار المسبق بالدقائق');
    expect(field).toHaveProperty('value', '120');
    const save = within(standing).getByRole('button', { name: 'حفظ مدة الإشعار' });

    await user.clear(field);
    await user.type(field, '-5');
    await user.click(save);
    expect(await within(standing).findByText(ERROR_MESSAGES['invalid-notice-period'])).toBeTruthy();
    await user.clear(field);
    await user.type(field, '5000');
    await user.click(save);
    expect(
      await within(standing).findByText(ERROR_MESSAGES['notice-period-too-long']),
    ).toBeTruthy();
    expect(sent(fake.requests, 'PATCH')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '60');
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'تغيير مدة الإشعار المسبق' });
    expect(sent(fake.requests, 'PATCH')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'نعم، احفظ' }));
    expect(await screen.findByText('تم حفظ مدة الإشعار المسبق')).toBeTruthy();
    expect(sent(fake.requests, 'PATCH').map((r) => r.body)).toEqual([{ noticePeriod: 60 }]);
  });

  it('says in Arabic why a change failed', async () => {
    tutorApi({ [`PATCH /user/tutor/${ID}`]: () => apiError('tutor-not-found', 404) });
    const user = await openPage();
    const standing = screen.getByRole('region', { name: 'التفعيل والظهور' });
    await user.click(within(standing).getByRole('button', { name: 'تفعيل المعلم' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'تفعيل المعلم' })).getByRole('button', {
        name: 'نعم، فعّل المعلم',
      }),
    );
    expect(await screen.findByText(ERROR_MESSAGES['tutor-not-found'])).toBeTruthy();
  });

  it('approves a pending intro video after a confirmation', async () => {
    const fake = tutorApi({
      'PUT /intro-video/70': () => introVideoOf(ID, { status: ReviewStatus.Approved }),
    });
    const user = await openPage();
    const media = screen.getByRole('region', { name: 'الوسائط' });
    await user.click(await within(media).findByRole('button', { name: 'قبول الفيديو' }));
    const dialog = await screen.findByRole('dialog', { name: 'قبول الفيديو التعريفي' });
    expect(sent(fake.requests, 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'نعم، اقبل الفيديو' }));
    expect(await screen.findByText('تم قبول الفيديو التعريفي')).toBeTruthy();
    expect(sent(fake.requests, 'PUT').map((r) => [r.path, r.body])).toEqual([
      ['/intro-video/70', { status: ReviewStatus.Approved }],
    ]);
  });

  it('rejects an intro video with a checked reason and a confirmation', async () => {
    const fake = tutorApi({ 'PUT /intro-video/70': () => apiError('illegal', 400) });
    const user = await openPage();
    const media = screen.getByRole('region', { name: 'الوسائط' });
    await user.click(await within(media).findByRole('button', { name: 'رفض الفيديو' }));
    const dialog = await screen.findByRole('dialog', { name: 'رفض الفيديو التعريفي' });
    await user.type(within(dialog).getByLabelText('سبب الرفض'), 'قص');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['review-reason-too-short'])).toBeTruthy();
    await user.type(within(dialog).getByLabelText('سبب الرفض'), 'ير جدًا والصوت غير واضح');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(sent(fake.requests, 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ارفض الفيديو' }));
    expect(await screen.findByText(ERROR_MESSAGES.illegal)).toBeTruthy();
    expect(sent(fake.requests, 'PUT').map((r) => r.body)).toEqual([
      { status: ReviewStatus.Rejected, reason: 'قصير جدًا والصوت غير واضح' },
    ]);
  });

  it('says when the tutor does not exist', async () => {
    tutorApi({ 'GET /user/tutor/onboarding': () => apiError('tutor-not-found', 404) });
    renderAdmin(`/tutor/${ID}`);
    expect(await screen.findByText('لم نجد هذا المعلم')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'العودة إلى المعلمين' })).toHaveLength(2);
  });
});

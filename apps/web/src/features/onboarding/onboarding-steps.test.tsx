import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { NOTICE_PERIOD_PLACEHOLDER_MINUTES, Role, formatCairoDate } from '@talaqa/domain';
import type { OnboardingStep, TutorOnboarding } from '@talaqa/domain';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';
import { onboardingOf } from './onboarding-fixtures';

// Issue 21 item 1: /t/onboarding shows each step's state from GET /user/tutor/onboarding, the
// step to do next, when a rejected step may be tried again, and the e-mail and phone checks.

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const TUTOR = makeUser({ id: 21, name: 'أحمد علي', role: Role.Tutor });

function open(view: TutorOnboarding) {
  signInAs(server, TUTOR);
  server.on('GET', '/user/tutor/meta', {
    bio: null,
    about: null,
    video: null,
    thumbnail: null,
    noticePeriod: NOTICE_PERIOD_PLACEHOLDER_MINUTES,
    missingData: [],
    activated: view.activated,
    onboarded: view.onboardedAt !== null,
    bypassOnboarding: false,
  });
  server.on('GET', '/intro-video/list', json({ list: [], total: 0 }));
  server.on('GET', '/user/tutor/onboarding', json(view));
  renderApp('/t/onboarding');
}

const steps = async () =>
  within(
    (await screen.findByRole('heading', { name: 'خطواتك' })).closest('section') as HTMLElement,
  );

describe('the onboarding steps', () => {
  it('marks the first required step not passed as the next one', async () => {
    open(
      onboardingOf(TUTOR.id, {
        'intro-video': { state: 'passed', at: '2026-11-20T10:00:00.000Z' },
        interview: { state: 'pending', at: '2026-11-28T10:00:00.000Z' },
      }),
    );
    const list = await steps();
    expect(await list.findByText('أنهيت ١ من ٣ خطوات مطلوبة.')).toBeTruthy();
    const items = list.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('تمت بنجاح');
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items[1]?.textContent).toContain('الخطوة التالية');
    expect(items[1]?.textContent).toContain('بتوقيت القاهرة');
    expect(items[2]?.getAttribute('aria-current')).toBeNull();
    expect(list.getByText(/رقم الهاتف: غير مؤكَّد بعد/)).toBeTruthy();
  });

  it('says from when a rejected step may be tried again', async () => {
    const retryAt = '2027-02-20T10:00:00.000Z';
    open(onboardingOf(TUTOR.id, { 'intro-video': { state: 'rejected', retryAt } }));
    const list = await steps();
    expect(
      await list.findByText(
        `يمكنك المحاولة مرة أخرى ابتداءً من ${formatCairoDate(new Date(retryAt))}.`,
      ),
    ).toBeTruthy();
    expect(list.getByText('لم تُقبل')).toBeTruthy();
  });

  it('says so once every step has passed', async () => {
    const passed = { state: 'passed' as const, at: '2026-11-20T10:00:00.000Z' };
    open(
      onboardingOf(
        TUTOR.id,
        { 'intro-video': passed, interview: passed, 'demo-session': passed },
        { onboardedAt: '2026-11-21T10:00:00.000Z', activated: true, listed: true },
      ),
    );
    const list = await steps();
    expect(await list.findByText('اكتملت خطوات انضمامك، وأصبح ملفك جاهزًا للطلاب.')).toBeTruthy();
    expect(list.queryByText('الخطوة التالية')).toBeNull();
  });
});

describe('the support-group step (record 341)', () => {
  const withGroup = (state: OnboardingStep['state']) => {
    const view = onboardingOf(TUTOR.id);
    return {
      ...view,
      steps: [
        { step: 'support-group' as const, required: false, state, at: null, retryAt: null },
        ...view.steps,
      ],
    };
  };
  const publicSettings = (supportGroupUrl: string | null) =>
    server.on(
      'GET',
      '/platform-settings/public',
      json({
        withdrawalMin: 10_000,
        withdrawalMax: 5_000_000,
        supportGroupUrl,
        supportChatUrl: null,
      }),
    );

  it('comes first with the link from the settings, and records "I joined"', async () => {
    publicSettings('https://chat.whatsapp.com/Talaqa');
    server.on(
      'POST',
      '/user/tutor/onboarding/support-group',
      () => new Response(null, { status: 204 }),
    );
    open(withGroup('not-started'));
    const list = await steps();
    const first = (await list.findAllByRole('listitem'))[0] as HTMLElement;
    expect(first.textContent).toContain('اختيارية');
    const link = await within(first).findByRole('link', { name: 'افتح رابط مجموعة الدعم' });
    expect(link.getAttribute('href')).toBe('https://chat.whatsapp.com/Talaqa');
    // The next step is the first required one, not this optional one.
    expect(first.getAttribute('aria-current')).toBeNull();
    within(first).getByRole('button', { name: 'انضممت إلى المجموعة' }).click();
    await waitFor(() =>
      expect(server.callsTo('POST', '/user/tutor/onboarding/support-group')).toHaveLength(1),
    );
  });

  it('says the group is not ready when no link is set', async () => {
    publicSettings(null);
    open(withGroup('not-started'));
    const list = await steps();
    expect(await list.findByText(/رابط مجموعة الدعم غير متاح بعد/)).toBeTruthy();
    expect(list.queryByRole('button', { name: 'انضممت إلى المجموعة' })).toBeNull();
  });
});

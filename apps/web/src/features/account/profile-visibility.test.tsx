import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { NOTICE_PERIOD_PLACEHOLDER_MINUTES, Role, tutorVisibility } from '@talaqa/domain';
import type { TutorMeta } from '@talaqa/domain';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';
import { HIDDEN_REASON_TEXT } from './ProfileVisibility';

// Issue 20 item 6 (record 310): the tutor's own pages say whether students see the profile, and
// why not, by the listing rule itself (`tutorVisibility`; the server's agreement with it is
// apps/server/test/integration/tutor-visibility.test.ts).

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const TUTOR = makeUser({ id: 12, name: 'أحمد علي', role: Role.Tutor });

const metaOf = (flags: Pick<TutorMeta, 'activated' | 'onboarded' | 'bypassOnboarding'>) => ({
  bio: 'معلم لغة إنجليزية بخبرة عشر سنوات',
  about: null,
  video: null,
  thumbnail: null,
  noticePeriod: NOTICE_PERIOD_PLACEHOLDER_MINUTES,
  missingData: ['about' as const],
  ...flags,
});

const PAGES = ['/t/profile-settings', '/t/onboarding', '/t/complete-profile', '/t/dashboard'];

describe('the tutor’s profile visibility notice', () => {
  for (const activated of [false, true]) {
    for (const onboarded of [false, true]) {
      for (const bypassOnboarding of [false, true]) {
        const flags = { activated, onboarded, bypassOnboarding };
        const { listed, reasons } = tutorVisibility(flags);
        it(`says ${listed ? 'visible' : `hidden (${reasons.join(', ')})`} for ${JSON.stringify(flags)}`, async () => {
          signInAs(server, TUTOR);
          server.on('GET', '/user/tutor/meta', json(metaOf(flags)));
          renderApp(
            PAGES[
              (Number(activated) * 4 + Number(onboarded) * 2 + Number(bypassOnboarding)) %
                PAGES.length
            ]!,
          );
          const title = await screen.findByText(
            listed ? 'ملفك ظاهر للطلاب' : 'ملفك مخفي عن الطلاب',
          );
          const notice = title.closest('[data-profile-visibility]') as HTMLElement;
          expect(notice.dataset.profileVisibility).toBe(listed ? 'visible' : 'hidden');
          for (const reason of ['not-activated', 'not-onboarded'] as const) {
            const told = within(notice).queryByText(HIDDEN_REASON_TEXT[reason]) !== null;
            expect(told, reason).toBe(reasons.includes(reason));
          }
          if (listed) {
            expect(
              within(notice)
                .getByRole('link', { name: 'ملفك كما يراه الطلاب' })
                .getAttribute('href'),
            ).toBe(`/t/${TUTOR.id}`);
          }
        });
      }
    }
  }
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTICE_PERIOD_PLACEHOLDER_MINUTES, Role } from '@talaqa/domain';
import type { TutorMeta, User } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import {
  apiError,
  fakeApi,
  json,
  makeUser,
  renderApp,
  resetSession,
  signInAs,
} from '../../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const BIO = 'معلم لغة إنجليزية بخبرة عشر سنوات';
const ABOUT =
  'أدرّس الإنجليزية للكبار والصغار منذ عشر سنوات، وأركز على المحادثة اليومية والثقة في الكلام.';

const tutor = (): User =>
  makeUser({ id: 12, name: 'أحمد علي', role: Role.Tutor, verifiedPhone: false });

const metaOf = (overrides: Partial<TutorMeta> = {}): TutorMeta => ({
  bio: BIO,
  about: ABOUT,
  video: null,
  thumbnail: null,
  activated: false,
  noticePeriod: NOTICE_PERIOD_PLACEHOLDER_MINUTES,
  bypassOnboarding: false,
  onboarded: false,
  missingData: ['image', 'video', 'thumbnail', 'verified-phone'],
  ...overrides,
});

/** A promise with its resolve function, to hold an answer back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('/t/complete-profile', () => {
  it('loads the saved bio and about into the form, with a loading state first', async () => {
    const user = tutor();
    signInAs(server, user);
    const held = deferred<Response>();
    server.on('GET', '/user/tutor/meta', () => held.promise);
    renderApp('/t/complete-profile');

    expect(await screen.findByText('جارٍ تحميل ملفك التعريفي')).toBeTruthy();
    expect(screen.queryByLabelText('نبذة قصيرة عنك')).toBeNull();
    const textItem = screen.getByText('النبذة وفقرة «عن المعلم»').closest('li');
    expect(textItem?.textContent).toContain('(غير مكتمل)');

    held.resolve(json(metaOf()));
    const bio = (await screen.findByLabelText('نبذة قصيرة عنك')) as HTMLTextAreaElement;
    expect(bio.value).toBe(BIO);
    expect((screen.getByLabelText('عن المعلم') as HTMLTextAreaElement).value).toBe(ABOUT);
    expect((screen.getByLabelText('الاسم الكامل بالعربية') as HTMLInputElement).value).toBe(
      'أحمد علي',
    );
    expect(screen.queryByText('جارٍ تحميل ملفك التعريفي')).toBeNull();
    expect(textItem?.textContent).toContain('(مكتمل)');
  });

  it('starts empty without saved texts, checks them, and saves with PUT /user/{id}', async () => {
    const user = tutor();
    signInAs(server, user);
    let meta = metaOf({ bio: null, about: null, missingData: ['image', 'bio', 'about'] });
    server.on('GET', '/user/tutor/meta', () => json(meta));
    server.on('PUT', '/user/:id', (request) => {
      const body = request.body as { bio: string; about: string };
      meta = { ...meta, bio: body.bio, about: body.about, missingData: ['image'] };
      return json(user);
    });
    renderApp('/t/complete-profile');
    const ui = userEvent.setup();

    const bio = (await screen.findByLabelText('نبذة قصيرة عنك')) as HTMLTextAreaElement;
    expect(bio.value).toBe('');
    expect((screen.getByLabelText('عن المعلم') as HTMLTextAreaElement).value).toBe('');
    await ui.type(bio, BIO);
    await ui.type(screen.getByLabelText('عن المعلم'), ABOUT.replace('اليومية', 'daily'));
    await ui.click(screen.getByRole('button', { name: 'حفظ الملف التعريفي' }));
    expect(await screen.findByText(ERROR_MESSAGES['about-not-arabic'])).toBeTruthy();
    expect(server.callsTo('PUT', `/user/${user.id}`)).toHaveLength(0);

    const about = screen.getByLabelText('عن المعلم');
    await ui.clear(about);
    await ui.type(about, ABOUT);
    await ui.click(screen.getByRole('button', { name: 'حفظ الملف التعريفي' }));
    expect(await screen.findByText(UI_MESSAGES.profileUpdated)).toBeTruthy();
    const puts = server.callsTo('PUT', `/user/${user.id}`);
    expect(puts.at(-1)?.body).toEqual({ name: 'أحمد علي', bio: BIO, about: ABOUT });
    const textItem = screen.getByText('النبذة وفقرة «عن المعلم»').closest('li');
    await waitFor(() => expect(textItem?.textContent).toContain('(مكتمل)'));
  });

  it('offers a retry when the saved texts cannot be loaded', async () => {
    signInAs(server, tutor());
    let fail = true;
    server.on('GET', '/user/tutor/meta', () =>
      fail ? apiError(500, 'unexpected') : json(metaOf()),
    );
    renderApp('/t/complete-profile');
    const message = await screen.findByText(/تعذّر تحميل نبذتك/, undefined, { timeout: 5000 });
    const alert = message.closest('[role="alert"]') as HTMLElement;
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_MESSAGES.retry }));
    expect(((await screen.findByLabelText('نبذة قصيرة عنك')) as HTMLTextAreaElement).value).toBe(
      BIO,
    );
  });
});

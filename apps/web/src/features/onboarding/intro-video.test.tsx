import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NOTICE_PERIOD_PLACEHOLDER_MINUTES,
  ReviewStatus,
  Role,
  formatCairoDate,
} from '@talaqa/domain';
import type { IntroVideoView } from '@talaqa/domain';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';
import { INTRO_VIDEO_RULES_TEXT, introVideoRefusalText } from './IntroVideoStep';
import { onboardingOf } from './onboarding-fixtures';
import { readVideoDuration } from './video-duration';

// Issue 21 item 2 (record 312): the tutor's intro-video card on /t/onboarding. The duration
// reader is the only stand-in (jsdom plays no video); the byte and bounds checks are the
// domain's, and the upload goes through the real api-client over a scripted XMLHttpRequest.

vi.mock('./video-duration', () => ({ readVideoDuration: vi.fn() }));
const duration = vi.mocked(readVideoDuration);

const server = fakeApi(stubHealthyApi());

/** A scripted XMLHttpRequest: the test sends progress, an answer, or sees the abort. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: FormData | undefined;
  aborted = false;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: {
    onprogress:
      ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    onload: (() => void) | null;
  } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.last = undefined;
  duration.mockReset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(resetSession);

const TUTOR = makeUser({ id: 12, name: 'أحمد علي', role: Role.Tutor });

const video = (overrides: Partial<IntroVideoView> = {}): IntroVideoView => ({
  id: 3,
  tutorId: TUTOR.id,
  tutor: { id: TUTOR.id, name: TUTOR.name, email: TUTOR.email, image: null },
  status: ReviewStatus.Pending,
  durationSeconds: 40,
  video: 'a1b2.mp4',
  thumbnail: 'a1b2.jpg',
  videoUrl: '/api/v1/assets/media/a1b2.mp4?expires=1&signature=abcdefghijklmnop',
  thumbnailUrl: '/api/v1/assets/media/a1b2.jpg?expires=1&signature=abcdefghijklmnop',
  reason: null,
  reviewerId: null,
  reviewedAt: null,
  retryAfter: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The first bytes of an MP4 ("ftyp" at byte 4), padded to a file of `size` bytes. */
function mp4(name = 'intro.mp4', size = 2048): File {
  const bytes = new Uint8Array(size);
  bytes.set(
    [0, 0, 0, 0x18, ...'ftypmp42'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
  );
  return new File([bytes], name, { type: 'video/mp4' });
}

function openOnboarding(own: IntroVideoView | null) {
  signInAs(server, TUTOR);
  server.on('GET', '/user/tutor/meta', {
    bio: null,
    about: null,
    video: null,
    thumbnail: null,
    noticePeriod: NOTICE_PERIOD_PLACEHOLDER_MINUTES,
    missingData: [],
    activated: false,
    onboarded: false,
    bypassOnboarding: false,
  });
  server.on('GET', '/intro-video/list', json({ list: own ? [own] : [], total: own ? 1 : 0 }));
  server.on('GET', '/user/tutor/onboarding', json(onboardingOf(TUTOR.id)));
  renderApp('/t/onboarding');
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'الفيديو التعريفي' })).closest(
    '[data-intro-video-step]',
  ) as HTMLElement;

async function choose(file: File) {
  const user = userEvent.setup();
  const step = await card();
  await within(step).findByRole('button', { name: UI_MESSAGES.videoChoose });
  const input = step.querySelector('input[type=file]') as HTMLInputElement;
  await user.upload(input, file);
  return { user, step };
}

describe('the intro-video card on /t/onboarding', () => {
  it('explains the bounds and offers the upload when there is no video yet', async () => {
    openOnboarding(null);
    const step = await card();
    expect(await within(step).findByText(INTRO_VIDEO_RULES_TEXT)).toBeTruthy();
    expect(INTRO_VIDEO_RULES_TEXT).toContain('٣٠ ثانية');
    expect(INTRO_VIDEO_RULES_TEXT).toContain('١٢٠ ثانية');
    const input = step.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('video/mp4');
    expect(input.accept).toContain('video/webm');
    expect(input.accept).toContain('video/quicktime');
    expect(server.callsTo('GET', '/intro-video/list')).toHaveLength(1);
  });

  it('shows a pending video, playable from its signed link, and no upload', async () => {
    openOnboarding(video());
    const step = await card();
    expect(await within(step).findByText('بانتظار المراجعة')).toBeTruthy();
    const player = step.querySelector('video') as HTMLVideoElement;
    expect(player.getAttribute('src')).toMatch(
      /^http:\/\/[^/]+\/api\/v1\/assets\/media\/a1b2\.mp4\?expires=1&signature=abcdefghijklmnop$/,
    );
    expect(player.getAttribute('poster')).toMatch(/\/api\/v1\/assets\/media\/a1b2\.jpg\?/);
    expect(player.controls).toBe(true);
    expect(within(step).queryByRole('button', { name: UI_MESSAGES.videoChoose })).toBeNull();
  });

  it('shows an approved video', async () => {
    openOnboarding(
      video({
        status: ReviewStatus.Approved,
        reviewerId: 5,
        reviewedAt: '2026-11-21T10:00:00.000Z',
      }),
    );
    const step = await card();
    expect(await within(step).findByText('تمت الموافقة')).toBeTruthy();
    expect(step.querySelector('video')).not.toBeNull();
    expect(within(step).queryByRole('button', { name: UI_MESSAGES.videoChoose })).toBeNull();
  });

  it('shows a rejection with its reason and the date a new try is allowed, and no upload before', async () => {
    const retryAfter = '2027-02-21T22:00:00.000Z';
    openOnboarding(
      video({
        status: ReviewStatus.Rejected,
        reason: 'الصوت غير واضح في أغلب الفيديو',
        reviewerId: 5,
        reviewedAt: '2026-11-21T10:00:00.000Z',
        retryAfter,
      }),
    );
    const step = await card();
    expect(await within(step).findByText('مرفوض')).toBeTruthy();
    expect(within(step).getByText('الصوت غير واضح في أغلب الفيديو')).toBeTruthy();
    expect(
      within(step).getByText(
        `يمكنك رفع فيديو جديد ابتداءً من ${formatCairoDate(new Date(retryAfter))}.`,
      ),
    ).toBeTruthy();
    expect(within(step).queryByRole('button', { name: UI_MESSAGES.videoChoose })).toBeNull();
  });

  it('offers a new upload once the rejection period has passed', async () => {
    openOnboarding(
      video({
        status: ReviewStatus.Rejected,
        reason: 'الصوت غير واضح في أغلب الفيديو',
        reviewerId: 5,
        reviewedAt: '2026-01-21T10:00:00.000Z',
        retryAfter: '2026-04-20T22:00:00.000Z',
      }),
    );
    const step = await card();
    expect(
      await within(step).findByText('يمكنك الآن رفع فيديو جديد بعد مراعاة سبب الرفض.'),
    ).toBeTruthy();
    expect(within(step).getByRole('button', { name: UI_MESSAGES.videoChoose })).toBeTruthy();
  });

  it('uploads with the duration read on the device, shows progress, then the pending video', async () => {
    openOnboarding(null);
    duration.mockResolvedValue(40.2);
    const file = mp4();
    const { user, step } = await choose(file);
    expect(await within(step).findByText(/المدة ٤٠ ثانية/)).toBeTruthy();
    await user.click(within(step).getByRole('button', { name: UI_MESSAGES.videoUploadStart }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/v1\/intro-video\/with\/asset$/);
    expect(xhr.body!.get('duration')).toBe('40.2');
    expect((xhr.body!.get('video') as File).name).toBe('intro.mp4');

    act(() => xhr.progress(512, 2048));
    const bar = within(step).getByRole('progressbar', { name: UI_MESSAGES.videoUploading });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    act(() => xhr.progress(2048, 2048));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');

    act(() => xhr.answer(201, video()));
    expect(await within(step).findByText('بانتظار المراجعة')).toBeTruthy();
    expect(step.querySelector('video')).not.toBeNull();
    // The answer is the new state: no second read of the list.
    expect(server.callsTo('GET', '/intro-video/list')).toHaveLength(1);
  });

  it('cancels an upload in flight and lets the tutor send it again', async () => {
    openOnboarding(null);
    duration.mockResolvedValue(60);
    const { user, step } = await choose(mp4());
    await user.click(
      await within(step).findByRole('button', { name: UI_MESSAGES.videoUploadStart }),
    );
    const xhr = FakeXhr.last!;
    act(() => xhr.progress(100, 2048));
    await user.click(within(step).getByRole('button', { name: UI_MESSAGES.videoUploadCancel }));
    expect(xhr.aborted).toBe(true);
    expect(await within(step).findByText(UI_MESSAGES.videoUploadCanceled)).toBeTruthy();
    expect(within(step).queryByRole('progressbar')).toBeNull();
    expect(within(step).getByRole('button', { name: UI_MESSAGES.videoUploadStart })).toBeTruthy();
  });

  it.each([
    ['not a video by its bytes', 'invalid-video-type', 40],
    ['shorter than 30 seconds on the device', 'video-too-short', 12],
    ['longer than 120 seconds on the device', 'video-too-long', 150],
  ] as const)('refuses a file %s before sending it', async (_what, code, seconds) => {
    openOnboarding(null);
    duration.mockResolvedValue(seconds);
    const file =
      code === 'invalid-video-type'
        ? new File([new Uint8Array(64)], 'notes.mp4', { type: 'video/mp4' })
        : mp4();
    const { step } = await choose(file);
    expect(await within(step).findByRole('alert')).toHaveProperty(
      'textContent',
      introVideoRefusalText(code),
    );
    expect(introVideoRefusalText(code)).toContain(ERROR_MESSAGES[code]);
    expect(FakeXhr.last).toBeUndefined();
    expect(within(step).queryByRole('button', { name: UI_MESSAGES.videoUploadStart })).toBeNull();
  });

  it('refuses a file whose duration the browser cannot read', async () => {
    openOnboarding(null);
    duration.mockResolvedValue(null);
    const { step } = await choose(mp4());
    expect((await within(step).findByRole('alert')).textContent).toBe(
      UI_MESSAGES.videoDurationUnreadable,
    );
    expect(FakeXhr.last).toBeUndefined();
  });

  it.each([
    [400, 'short-video-dur'],
    [400, 'long-video-dur'],
    [413, 'large-file-size'],
    [400, 'invalid-video-type'],
    [409, 'intro-video-exists'],
    [422, 'illegal'],
    [429, 'too-many-requests'],
  ] as const)('shows the server’s %i %s in Arabic', async (status, code) => {
    openOnboarding(null);
    duration.mockResolvedValue(45);
    const { user, step } = await choose(mp4());
    await user.click(
      await within(step).findByRole('button', { name: UI_MESSAGES.videoUploadStart }),
    );
    act(() => FakeXhr.last!.answer(status, { code, message: code }));
    const alert = await within(step).findByRole('alert');
    expect(alert.textContent).toBe(introVideoRefusalText(code));
    if (code === 'illegal') expect(alert.textContent).toContain('بعد ٣ أشهر');
    else expect(alert.textContent).toContain(ERROR_MESSAGES[code]);
    // A refusal that says the state changed elsewhere reads the tutor's video again.
    const reads = server.callsTo('GET', '/intro-video/list').length;
    if (code === 'intro-video-exists' || code === 'illegal') {
      await waitFor(() => expect(server.callsTo('GET', '/intro-video/list').length).toBe(2));
    } else {
      expect(reads).toBe(1);
    }
  });
});

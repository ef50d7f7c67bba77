import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewStatus, Role } from '@talaqa/domain';
import type { IntroVideoView } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
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
import type { FakeRequest } from '../../testing/fake-api';
import { REVIEW_QUEUE_TITLE } from './IntroVideoReviewQueue';

// Issue 21 item 7 (record 312): the tutor managers' queue of intro videos on /interviews.

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const MANAGER = makeUser({ id: 40, name: 'منى حسن', role: Role.TutorManager });

const pending = (id: number, name: string): IntroVideoView => ({
  id,
  tutorId: 100 + id,
  tutor: { id: 100 + id, name, email: `tutor${id}@example.com`, image: null },
  status: ReviewStatus.Pending,
  durationSeconds: 45,
  video: `v${id}.mp4`,
  thumbnail: `v${id}.jpg`,
  videoUrl: `/api/v1/assets/media/v${id}.mp4?expires=1&signature=abcdefghijklmnop`,
  thumbnailUrl: `/api/v1/assets/media/v${id}.jpg?expires=1&signature=abcdefghijklmnop`,
  reason: null,
  reviewerId: null,
  reviewedAt: null,
  retryAfter: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/**
 * A review queue of the given videos on the fake server: GET answers the requested page of the
 * pending ones; PUT decides (or answers `refuse`) and takes the video out of the queue.
 */
function queueOf(videos: IntroVideoView[], refuse?: Response) {
  let waiting = [...videos];
  server.on('GET', '/intro-video/list', (request: FakeRequest) => {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('size') ?? 10);
    return json({ list: waiting.slice((page - 1) * size, page * size), total: waiting.length });
  });
  server.on('PUT', '/intro-video/:id', (request: FakeRequest, params) => {
    if (refuse) return refuse.clone();
    const id = Number(params.id);
    const found = waiting.find((video) => video.id === id)!;
    waiting = waiting.filter((video) => video.id !== id);
    const body = request.body as { status: ReviewStatus; reason?: string };
    return json({
      ...found,
      status: body.status,
      reason: body.reason ?? null,
      reviewerId: MANAGER.id,
      reviewedAt: '2026-11-26T10:00:00.000Z',
      retryAfter: body.status === ReviewStatus.Rejected ? '2027-02-25T22:00:00.000Z' : null,
    });
  });
}

async function openQueue() {
  signInAs(server, MANAGER);
  renderApp('/interviews');
  const heading = await screen.findByRole('heading', { name: REVIEW_QUEUE_TITLE });
  return heading.closest('[data-intro-video-queue]') as HTMLElement;
}

const itemOf = async (queue: HTMLElement, name: string) =>
  (await within(queue).findByText(name)).closest('li') as HTMLElement;

describe('the intro-video review queue on /interviews', () => {
  it('asks for the pending videos and shows each playable, oldest first as answered', async () => {
    queueOf([pending(1, 'أحمد علي'), pending(2, 'ليلى سمير')]);
    const queue = await openQueue();
    const first = await itemOf(queue, 'أحمد علي');
    expect(within(queue).getByText('ليلى سمير')).toBeTruthy();
    const player = first.querySelector('video') as HTMLVideoElement;
    expect(player.getAttribute('src')).toMatch(/\/api\/v1\/assets\/media\/v1\.mp4\?expires=1&/);
    expect(player.controls).toBe(true);
    const [read] = server.callsTo('GET', '/intro-video/list');
    expect(read!.query.get('status')).toBe(String(ReviewStatus.Pending));
    expect(read!.query.get('page')).toBe('1');
  });

  it('pages through the queue', async () => {
    queueOf([1, 2, 3, 4, 5, 6, 7].map((id) => pending(id, `معلم رقم ${id}`)));
    const user = userEvent.setup();
    const queue = await openQueue();
    await itemOf(queue, 'معلم رقم 1');
    expect(within(queue).queryByText('معلم رقم 6')).toBeNull();
    await user.click(within(queue).getByRole('button', { name: 'الصفحة التالية' }));
    expect(await within(queue).findByText('معلم رقم 6')).toBeTruthy();
    expect(within(queue).queryByText('معلم رقم 1')).toBeNull();
    expect(server.callsTo('GET', '/intro-video/list').at(-1)!.query.get('page')).toBe('2');
  });

  it('approves after a confirmation, and the video leaves the list', async () => {
    queueOf([pending(1, 'أحمد علي'), pending(2, 'ليلى سمير')]);
    const user = userEvent.setup();
    const queue = await openQueue();
    const item = await itemOf(queue, 'أحمد علي');
    await user.click(within(item).getByRole('button', { name: 'قبول الفيديو' }));
    const dialog = await screen.findByRole('dialog', { name: 'قبول الفيديو التعريفي' });
    expect(server.callsTo('PUT', '/intro-video/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'نعم، اقبل الفيديو' }));
    await waitFor(() => expect(within(queue).queryByText('أحمد علي')).toBeNull());
    const [decision] = server.callsTo('PUT', '/intro-video/1');
    expect(decision!.body).toEqual({ status: ReviewStatus.Approved });
    expect(within(queue).getByText('ليلى سمير')).toBeTruthy();
  });

  it('rejects with a reason checked by the domain’s schema, then a confirmation', async () => {
    queueOf([pending(1, 'أحمد علي')]);
    const user = userEvent.setup();
    const queue = await openQueue();
    const item = await itemOf(queue, 'أحمد علي');
    await user.click(within(item).getByRole('button', { name: 'رفض الفيديو' }));
    const dialog = await screen.findByRole('dialog', { name: 'رفض الفيديو التعريفي' });
    const reason = within(dialog).getByRole('textbox', { name: 'سبب الرفض' });

    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(within(dialog).getByText(ERROR_MESSAGES['review-reason-too-short'])).toBeTruthy();
    await user.type(reason, 'قصير');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(within(dialog).getByText(ERROR_MESSAGES['review-reason-too-short'])).toBeTruthy();

    await user.clear(reason);
    await user.click(reason);
    await user.paste('س'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(within(dialog).getByText(ERROR_MESSAGES['review-reason-too-long'])).toBeTruthy();
    expect(server.callsTo('PUT', '/intro-video/1')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, 'الصوت غير واضح، من فضلك سجّل في مكان هادئ');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(within(dialog).getByText('هل تريد رفض الفيديو بهذا السبب؟')).toBeTruthy();
    expect(server.callsTo('PUT', '/intro-video/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ارفض الفيديو' }));

    await waitFor(() => expect(within(queue).queryByText('أحمد علي')).toBeNull());
    expect(await within(queue).findByText('لا توجد فيديوهات بانتظار المراجعة')).toBeTruthy();
    const [decision] = server.callsTo('PUT', '/intro-video/1');
    expect(decision!.body).toEqual({
      status: ReviewStatus.Rejected,
      reason: 'الصوت غير واضح، من فضلك سجّل في مكان هادئ',
    });
  });

  it('says why a decision was refused and keeps the video', async () => {
    queueOf([pending(1, 'أحمد علي')], apiError(422, 'illegal'));
    const user = userEvent.setup();
    const queue = await openQueue();
    const item = await itemOf(queue, 'أحمد علي');
    await user.click(within(item).getByRole('button', { name: 'قبول الفيديو' }));
    const dialog = await screen.findByRole('dialog', { name: 'قبول الفيديو التعريفي' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، اقبل الفيديو' }));
    expect(await screen.findByText(ERROR_MESSAGES.illegal)).toBeTruthy();
    expect(within(queue).getByText('أحمد علي')).toBeTruthy();
  });

  it('is not shown to a tutor', async () => {
    signInAs(server, makeUser({ id: 12, role: Role.Tutor }));
    renderApp('/interviews');
    expect(await screen.findByRole('heading', { name: 'المقابلات' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: REVIEW_QUEUE_TITLE })).toBeNull();
    expect(server.callsTo('GET', '/intro-video/list')).toHaveLength(0);
  });
});

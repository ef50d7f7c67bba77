import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DemoSessionStatus,
  EnglishLevel,
  InterviewStatus,
  Role,
  formatCairoDateTime,
} from '@talaqa/domain';
import type { DemoSessionView, InterviewView, MeetingSessionView } from '@talaqa/domain';
import { ENGLISH_LEVEL_NAMES_AR, ERROR_MESSAGES } from '@talaqa/ui';
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
import { realtime } from '../../realtime-channel';
import { FakeConnection } from '../../testing/fake-peer-connection';
import type { FakeSocket } from '@talaqa/api-client/testing/fake-socket';
import { MANAGER_MEETINGS_TITLE } from './ManagerMeetings';

// Issue 21 items 3, 4, 7: the tutor manager's interviews and demo sessions on /interviews, and
// the meeting rooms /interview/{id} and /demo-session/{id} (record 317).

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

const server = fakeApi(stubHealthyApi());

const MANAGER = makeUser({ id: 40, name: 'منى حسن', role: Role.TutorManager });
const person = (id: number, name: string) => ({ id, name, image: null });

/** Thursday 26 November 2026, 12:00 Cairo (10:00 UTC). */
const NOW = '2026-11-26T10:00:00.000Z';
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};
const plus = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

function interview(id: number, name: string, startIn: number): InterviewView {
  return {
    id,
    status: InterviewStatus.Pending,
    start: plus(startIn),
    end: plus(startIn + 30),
    feedback: null,
    note: null,
    level: null,
    interviewerId: MANAGER.id,
    intervieweeId: 100 + id,
    interviewer: person(MANAGER.id, MANAGER.name),
    interviewee: person(100 + id, name),
    bookedAt: plus(-3000),
    closedAt: null,
  };
}

function demo(id: number, name: string, startIn: number): DemoSessionView {
  return {
    id,
    status: DemoSessionStatus.Pending,
    start: plus(startIn),
    end: plus(startIn + 30),
    tutorId: 200 + id,
    tutorManagerId: MANAGER.id,
    tutor: person(200 + id, name),
    tutorManager: person(MANAGER.id, MANAGER.name),
    feedback: null,
    note: null,
    bookedAt: plus(-3000),
    closedAt: null,
  };
}

/** The fake server's lists and PATCHes (answering `refuse` when given). */
function meetings(interviews: InterviewView[], demos: DemoSessionView[], refuse?: Response) {
  server.on('GET', '/interview/list', json({ list: interviews, total: interviews.length }));
  server.on('GET', '/demo-session/list', json({ list: demos, total: demos.length }));
  server.on('GET', '/intro-video/list', json({ list: [], total: 0 }));
  server.on('PATCH', '/interview', (request) => {
    if (refuse) return refuse.clone();
    const body = request.body as { id: number; status: InterviewStatus };
    const found = interviews.find((one) => one.id === body.id)!;
    return json({ ...found, ...body });
  });
  server.on('PATCH', '/demo-session', (request) => {
    if (refuse) return refuse.clone();
    const body = request.body as { id: number; status: DemoSessionStatus };
    const found = demos.find((one) => one.id === body.id)!;
    return json({ ...found, ...body });
  });
}

async function openList() {
  signInAs(server, MANAGER);
  renderApp('/interviews');
  const heading = await screen.findByRole('heading', { name: MANAGER_MEETINGS_TITLE });
  return heading.closest('[data-manager-meetings]') as HTMLElement;
}

const itemOf = async (list: HTMLElement, name: string) =>
  (await within(list).findByText(name)).closest('li') as HTMLElement;

beforeEach(() => at(NOW));
afterEach(() => {
  vi.useRealTimers();
  resetSession();
});

describe('the tutor manager’s meetings on /interviews', () => {
  it('lists pending interviews and demo sessions earliest first, with Cairo time, state and the open room’s link', async () => {
    meetings(
      [interview(1, 'أحمد علي', 5), interview(2, 'هدى سمير', 24 * 60)],
      [demo(3, 'كريم نبيل', 120)],
    );
    const list = await openList();
    const items = await within(list).findAllByRole('listitem');
    const names = ['أحمد علي', 'كريم نبيل', 'هدى سمير'];
    expect(items.map((item) => names.find((name) => item.textContent?.includes(name)))).toEqual([
      'أحمد علي',
      'كريم نبيل',
      'هدى سمير',
    ]);
    const soon = items[0]!;
    expect(within(soon).getByText('مقابلة')).toBeTruthy();
    expect(within(soon).getByText(formatCairoDateTime(new Date(plus(5))))).toBeTruthy();
    expect(within(soon).getByText('الغرفة مفتوحة')).toBeTruthy();
    expect(within(soon).getByRole('link', { name: 'ادخل الغرفة' }).getAttribute('href')).toBe(
      '/interview/1',
    );
    const later = items[1]!;
    expect(within(later).getByText('جلسة تجريبية')).toBeTruthy();
    expect(within(later).getByText('بانتظار الموعد أو القرار')).toBeTruthy();
    expect(within(later).queryByRole('link', { name: 'ادخل الغرفة' })).toBeNull();
    expect(within(later).getByRole('link', { name: 'التفاصيل' }).getAttribute('href')).toBe(
      '/demo-session/3',
    );
    // Not started: no decision yet, only cancel.
    expect(within(later).queryByRole('button', { name: 'تسجيل القرار' })).toBeNull();
    expect(within(later).getByRole('button', { name: 'إلغاء الموعد' })).toBeTruthy();
    const [asked] = server.callsTo('GET', '/interview/list');
    expect(asked!.query.get('status')).toBe(String(InterviewStatus.Pending));
  });

  it('cancels after a confirmation: CanceledByInterviewer, CanceledByTutorManager', async () => {
    meetings([interview(1, 'أحمد علي', 60)], [demo(3, 'كريم نبيل', 120)]);
    const user = userEvent.setup();
    const list = await openList();

    await user.click(
      within(await itemOf(list, 'أحمد علي')).getByRole('button', { name: 'إلغاء الموعد' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'إلغاء مقابلة' });
    expect(server.callsTo('PATCH', '/interview')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الموعد' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/interview')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/interview')[0]!.body).toEqual({
      id: 1,
      status: InterviewStatus.CanceledByInterviewer,
    });

    await user.click(
      within(await itemOf(list, 'كريم نبيل')).getByRole('button', { name: 'إلغاء الموعد' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'إلغاء جلسة تجريبية' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الموعد' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/demo-session')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/demo-session')[0]!.body).toEqual({
      id: 3,
      status: DemoSessionStatus.CanceledByTutorManager,
    });
  });

  it('decides an interview after its start: checks the form with the domain’s rules, then sends the decision', async () => {
    meetings([interview(1, 'أحمد علي', -20)], []);
    const user = userEvent.setup();
    const list = await openList();
    const item = await itemOf(list, 'أحمد علي');
    await user.click(within(item).getByRole('button', { name: 'تسجيل القرار' }));
    const dialog = await screen.findByRole('dialog', { name: 'قرار مقابلة: أحمد علي' });

    await user.click(within(dialog).getByRole('button', { name: 'حفظ القرار' }));
    expect(within(dialog).getAllByText(ERROR_MESSAGES.required)).toHaveLength(2); // verdict, level
    expect(within(dialog).getByText(ERROR_MESSAGES['interview-feedback-too-short'])).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'نجح' }));
    await user.type(within(dialog).getByLabelText(/^التقييم/), 'قصير');
    await user.type(within(dialog).getByLabelText(/^ملاحظة داخلية/), 'ab');
    await user.selectOptions(
      within(dialog).getByLabelText(/^مستوى الإنجليزية/),
      ENGLISH_LEVEL_NAMES_AR[EnglishLevel.UpperIntermediate],
    );
    await user.click(within(dialog).getByRole('button', { name: 'حفظ القرار' }));
    expect(within(dialog).getByText(ERROR_MESSAGES['interview-feedback-too-short'])).toBeTruthy();
    expect(within(dialog).getByText(ERROR_MESSAGES['interview-note-too-short'])).toBeTruthy();
    expect(server.callsTo('PATCH', '/interview')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^التقييم/), ' لكن النطق واضح والقواعد سليمة');
    await user.type(within(dialog).getByLabelText(/^ملاحظة داخلية/), 'c مناسب للمبتدئين');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ القرار' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/interview')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/interview')[0]!.body).toEqual({
      id: 1,
      status: InterviewStatus.Passed,
      feedback: 'قصير لكن النطق واضح والقواعد سليمة',
      note: 'abc مناسب للمبتدئين',
      level: EnglishLevel.UpperIntermediate,
    });
  });

  it('decides a demo session with feedback only (no level), and says why a refusal came', async () => {
    meetings([], [demo(3, 'كريم نبيل', -40)], apiError(422, 'illegal'));
    const user = userEvent.setup();
    const list = await openList();
    const item = await itemOf(list, 'كريم نبيل');
    await user.click(within(item).getByRole('button', { name: 'تسجيل القرار' }));
    const dialog = await screen.findByRole('dialog', { name: 'قرار جلسة تجريبية: كريم نبيل' });
    expect(within(dialog).queryByLabelText(/^مستوى الإنجليزية/)).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'لم ينجح' }));
    await user.type(
      within(dialog).getByLabelText(/^التقييم/),
      'الشرح سريع ولم يتحقق من فهم الطالب',
    );
    await user.click(within(dialog).getByRole('button', { name: 'حفظ القرار' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/demo-session')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/demo-session')[0]!.body).toEqual({
      id: 3,
      status: DemoSessionStatus.Rejected,
      feedback: 'الشرح سريع ولم يتحقق من فهم الطالب',
    });
    expect(await screen.findByText(ERROR_MESSAGES.illegal)).toBeTruthy();
  });

  it('is not shown to a tutor', async () => {
    signInAs(server, makeUser({ id: 12, role: Role.Tutor }));
    renderApp('/interviews');
    expect(await screen.findByRole('heading', { name: 'المقابلات', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: MANAGER_MEETINGS_TITLE })).toBeNull();
    // The tutor reads their own meetings (TutorMeetings), never a manager's list: no decide or
    // manager-side cancel is offered.
    expect(screen.queryByRole('button', { name: 'تسجيل القرار' })).toBeNull();
  });
});

function room(overrides: Partial<MeetingSessionView> = {}): MeetingSessionView {
  return {
    id: 5,
    kind: 'interview',
    tutorId: 105,
    managerId: MANAGER.id,
    members: [
      { id: 105, name: 'أحمد علي', image: null, role: Role.Tutor, present: false },
      { id: MANAGER.id, name: MANAGER.name, image: null, role: Role.TutorManager, present: false },
    ],
    start: plus(5),
    end: plus(35),
    opensAt: plus(-5),
    closesAt: plus(35),
    open: true,
    status: InterviewStatus.Pending,
    ...overrides,
  };
}

describe('/interview/{id} and /demo-session/{id}', () => {
  beforeEach(() => {
    vi.stubGlobal('RTCPeerConnection', class {});
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(() => new Promise(() => undefined)),
        enumerateDevices: vi.fn(async () => []),
      },
    });
  });
  afterEach(() => Reflect.deleteProperty(navigator, 'mediaDevices'));

  it('shows an open interview’s details and its ready screen, read from GET /session/interview/{id}', async () => {
    signInAs(server, MANAGER);
    server.on('GET', '/session/:kind/:id', (_request, params) =>
      params.kind === 'interview' && params.id === '5'
        ? json(room())
        : apiError(404, 'session-not-found'),
    );
    renderApp('/interview/5');
    expect(await screen.findByRole('heading', { name: 'المقابلة', level: 1 })).toBeTruthy();
    const facts = (await screen.findByText('مسؤول المقابلات')).closest('dl') as HTMLElement;
    expect(within(facts).getByText('أحمد علي')).toBeTruthy();
    expect(within(facts).getByText(MANAGER.name)).toBeTruthy();
    expect(screen.getByText(formatCairoDateTime(new Date(plus(5))))).toBeTruthy();
    expect(screen.getByText('بانتظار الموعد أو القرار')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'انضم إلى المقابلة' })).toBeTruthy();
  });

  it('joins the interview’s call with its kind in the session events', async () => {
    const track = (kind: 'video' | 'audio') => ({
      kind,
      enabled: true,
      stop: vi.fn(),
      getSettings: () => ({ deviceId: `${kind}-1` }),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    class FakeStream extends MediaStream {
      readonly tracks = [track('video'), track('audio')];
      override getTracks() {
        return this.tracks as unknown as MediaStreamTrack[];
      }
      override getVideoTracks() {
        return this.getTracks().filter((one) => one.kind === 'video');
      }
      override getAudioTracks() {
        return this.getTracks().filter((one) => one.kind === 'audio');
      }
    }
    vi.stubGlobal('RTCPeerConnection', FakeConnection);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => new FakeStream()),
        enumerateDevices: vi.fn(async () => []),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      },
    });
    signInAs(server, MANAGER);
    server.on('GET', '/session/interview/5', json(room()));
    server.on('GET', '/session/token', {
      iceServers: [{ urls: ['stun:turn.example:3478'] }],
      expiresAt: plus(60),
      ttl: 3600,
    });
    const socket = realtime().socket as unknown as FakeSocket;
    socket.emitted.length = 0;
    renderApp('/interview/5');
    const join = (await screen.findByRole('button', {
      name: 'انضم إلى المقابلة',
    })) as HTMLButtonElement;
    await waitFor(() => expect(join.disabled).toBe(false));
    await userEvent.setup().click(join);
    await waitFor(() =>
      expect(socket.sent('JoinSession')).toContainEqual({ sessionId: 5, kind: 'interview' }),
    );
  });

  it('says when a demo session’s room opens', async () => {
    signInAs(server, MANAGER);
    server.on(
      'GET',
      '/session/demo-session/6',
      json(
        room({
          id: 6,
          kind: 'demo-session',
          open: false,
          start: plus(120),
          opensAt: plus(110),
          end: plus(150),
          closesAt: plus(150),
        }),
      ),
    );
    renderApp('/demo-session/6');
    expect(await screen.findByRole('heading', { name: 'غرفة الجلسة التجريبية' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'انضم إلى الجلسة التجريبية' })).toBeNull();
  });

  it('says a decided demo session has no room', async () => {
    signInAs(server, MANAGER);
    server.on(
      'GET',
      '/session/demo-session/7',
      json(room({ id: 7, kind: 'demo-session', open: false, status: DemoSessionStatus.Passed })),
    );
    renderApp('/demo-session/7');
    expect(await screen.findByText('لا غرفة لهذا الموعد: ناجحة.')).toBeTruthy();
  });

  it('says a meeting that is not the caller’s was not found', async () => {
    signInAs(server, MANAGER);
    server.on('GET', '/session/:kind/:id', apiError(404, 'session-not-found'));
    renderApp('/interview/9');
    expect(await screen.findByText('لم نجد المقابلة')).toBeTruthy();
  });
});

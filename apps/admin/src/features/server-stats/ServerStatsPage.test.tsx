import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { SERVER_STATS_SILENT_AFTER_MS } from '@talaqa/domain';
import type { ServerStatsSample } from '@talaqa/domain';
import { SUPER_ADMIN, renderAdmin, resetSession, signInAs, stubApi } from '../../testing/fake-api';
import { fakeSockets } from '@talaqa/api-client/testing/fake-socket';
import type { FakeSocket } from '@talaqa/api-client/testing/fake-socket';
import {
  FORGET_AFTER_MS,
  HISTORY_LENGTH,
  isSilent,
  totals,
  withSample,
  withoutForgotten,
} from './instances';
import { uptimeText } from './ServerStatsPage';

vi.mock(
  'socket.io-client',
  async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule,
);

function makeSample(id: string, overrides: Partial<ServerStatsSample> = {}): ServerStatsSample {
  return {
    instance: {
      id,
      name: `api-${id}`,
      host: 'host-1',
      pid: 4242,
      version: 'abc123',
      node: 'v20.20.2',
      startedAt: '2026-11-26T20:00:00.000Z',
    },
    at: '2026-11-26T22:00:00.000Z',
    uptimeSeconds: 7_509,
    cpuPercent: 12.5,
    memory: {
      rssBytes: 150 * 1024 * 1024,
      heapUsedBytes: 60 * 1024 * 1024,
      heapTotalBytes: 90 * 1024 * 1024,
    },
    eventLoopDelayMs: { mean: 10.2, p99: 21.4, max: 40 },
    sockets: 7,
    requestsPerSecond: 3.5,
    database: { up: true, pool: { total: 4, idle: 3, waiting: 0, max: 20 } },
    redis: { up: true },
    jobs: { due: 2, scheduled: 9, givenUp: 0 },
    ...overrides,
  };
}

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPage(answer: 'ok' | 'unallowed' = 'ok'): Promise<FakeSocket> {
  renderAdmin('/server-stats');
  await screen.findByRole('heading', { level: 1, name: 'حالة الخوادم' });
  const socket = await waitFor(() => {
    const latest = fakeSockets.latest();
    if (!latest) throw new Error('no socket yet');
    return latest;
  });
  socket.answer('WatchServerStats', () => ({ result: answer }));
  // The first ask may have gone before the responder was set: a reconnection asks again.
  act(() => {
    socket.serverEmit('disconnect', 'transport close');
    socket.serverEmit('connect');
  });
  return socket;
}

describe('/server-stats', () => {
  it('asks to watch, then shows one card per instance as samples arrive', async () => {
    const socket = await openPage();
    await waitFor(() => expect(socket.sent('WatchServerStats')).toContainEqual({ watch: true }));
    expect(await screen.findByText('ننتظر أول قراءة من الخوادم')).toBeTruthy();
    act(() => {
      socket.serverEmit('ServerStats', makeSample('b'));
      socket.serverEmit('ServerStats', makeSample('a', { cpuPercent: 80, sockets: 3 }));
    });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'api-a',
      'api-b',
    ]);
    const first = cards[0];
    if (!first) throw new Error('no card');
    expect(within(first).getByText('٨٠٪')).toBeTruthy();
    expect(within(first).getByText('يعمل', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText(/خادمان يعملان، ١٠ اتصال مفتوح، ٧ طلب في الثانية/)).toBeTruthy();
    expect(screen.getByText('مباشر: قراءة كل ٥ ثوانٍ')).toBeTruthy();
  });

  it('stops watching when the admin leaves the page', async () => {
    const socket = await openPage();
    await waitFor(() => expect(socket.sent('WatchServerStats')).toContainEqual({ watch: true }));
    cleanup();
    expect(socket.sent('WatchServerStats').at(-1)).toEqual({ watch: false });
  });

  it('says so when the server refuses the watch', async () => {
    await openPage('unallowed');
    expect(await screen.findByText('هذه الصفحة للمشرفين فقط.')).toBeTruthy();
  });
});

describe('the instances kept by the page', () => {
  it('keeps the last minute of each instance', () => {
    let instances = withSample(new Map(), makeSample('a'), 0);
    for (let index = 1; index <= HISTORY_LENGTH + 3; index += 1) {
      instances = withSample(instances, makeSample('a', { cpuPercent: index }), index * 5_000);
    }
    const entry = instances.get('a');
    expect(entry?.history).toHaveLength(HISTORY_LENGTH);
    expect(entry?.latest.cpuPercent).toBe(HISTORY_LENGTH + 3);
  });

  it('marks an instance silent after three intervals and forgets it after a minute', () => {
    const instances = withSample(
      withSample(new Map(), makeSample('a'), 0),
      makeSample('b'),
      50_000,
    );
    const a = instances.get('a');
    if (!a) throw new Error('no entry');
    expect(isSilent(a, SERVER_STATS_SILENT_AFTER_MS - 1)).toBe(false);
    expect(isSilent(a, SERVER_STATS_SILENT_AFTER_MS)).toBe(true);
    expect(totals(instances, 50_000)).toMatchObject({ answering: 1, silent: 1, sockets: 7 });
    expect(withoutForgotten(instances, FORGET_AFTER_MS - 1)).toBe(instances);
    expect([...withoutForgotten(instances, FORGET_AFTER_MS).keys()]).toEqual(['b']);
  });

  it('writes the uptime as a clock, with days past a day', () => {
    expect(uptimeText(7_509)).toBe('٢:٠٥:٠٩');
    expect(uptimeText(2 * 86_400 + 3_600 * 3 + 60 * 5)).toBe('يومان و٣:٠٥');
  });
});

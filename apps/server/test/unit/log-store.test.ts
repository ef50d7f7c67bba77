import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogStore, storedLineOf } from '../../src/log-store';
import type { StoredLogLine } from '../../src/log-store';

/** Issue 23 item 6 (decision 350): the log store's bounded queue and its batches. */
const line = (n: number): StoredLogLine => ({
  time: new Date(1_800_000_000_000 + n),
  level: 30,
  message: `line ${n}`,
  line: `{"level":30,"time":${1_800_000_000_000 + n},"msg":"line ${n}"}`,
});

/** A writer that records its batches and answers when the test says. */
function controlledWriter() {
  const batches: StoredLogLine[][] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const write = (lines: StoredLogLine[]): Promise<void> => {
    batches.push(lines);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    return new Promise<void>((resolve, reject) => {
      pending.push({
        resolve: () => {
          inFlight -= 1;
          resolve();
        },
        reject: (error) => {
          inFlight -= 1;
          reject(error);
        },
      });
    });
  };
  return {
    write,
    batches,
    mostInFlight: () => mostInFlight,
    answer: async (outcome: 'ok' | Error = 'ok') => {
      const next = pending.shift();
      if (!next) throw new Error('no batch is waiting');
      if (outcome === 'ok') next.resolve();
      else next.reject(outcome);
      // Let the store see the answer.
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('the log store queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps lines logged before it has a database, and writes them once attached', async () => {
    const store = createLogStore({ batchLines: 100, flushMs: 1000 });
    for (let n = 0; n < 3; n += 1) store.push(line(n));
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.counts()).toEqual({ stored: 0, dropped: 0, queued: 3 });
    const writer = controlledWriter();
    store.attach(writer.write);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writer.batches.map((batch) => batch.map((each) => each.message))).toEqual([
      ['line 0', 'line 1', 'line 2'],
    ]);
    await writer.answer();
    expect(store.counts()).toEqual({ stored: 3, dropped: 0, queued: 0 });
  });

  it('writes every flush interval, and at once when a batch is full', async () => {
    const store = createLogStore({ batchLines: 4, flushMs: 1000 });
    const writer = controlledWriter();
    store.attach(writer.write);
    store.push(line(1));
    await vi.advanceTimersByTimeAsync(999);
    expect(writer.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writer.batches).toHaveLength(1);
    await writer.answer();
    for (let n = 0; n < 4; n += 1) store.push(line(n));
    // Full: written without waiting for the tick.
    expect(writer.batches).toHaveLength(2);
    expect(writer.batches[1]).toHaveLength(4);
    await writer.answer();
  });

  it('writes one batch at a time, and the next as soon as the one before is answered', async () => {
    const store = createLogStore({ batchLines: 2, flushMs: 1000, maxQueued: 100 });
    const writer = controlledWriter();
    store.attach(writer.write);
    for (let n = 0; n < 7; n += 1) store.push(line(n));
    expect(writer.batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(writer.batches).toHaveLength(1);
    await writer.answer();
    expect(writer.batches).toHaveLength(2);
    await writer.answer();
    expect(writer.batches).toHaveLength(3);
    await writer.answer();
    // One line is left: a batch of one waits for the tick.
    expect(writer.batches).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writer.batches.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    await writer.answer();
    expect(writer.mostInFlight()).toBe(1);
    expect(store.counts()).toEqual({ stored: 7, dropped: 0, queued: 0 });
  });

  it('drops (and counts) new lines past its bound while the database is slow', async () => {
    const report = vi.fn();
    const store = createLogStore({ batchLines: 5, flushMs: 1000, maxQueued: 10, report });
    const writer = controlledWriter();
    store.attach(writer.write);
    // The first batch hangs; the queue fills behind it.
    for (let n = 0; n < 30; n += 1) store.push(line(n));
    expect(writer.batches).toHaveLength(1);
    expect(store.counts()).toEqual({ stored: 0, dropped: 15, queued: 10 });
    // Told once, not once per line.
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]?.[0]).toBe('log store: dropping lines');
    await writer.answer();
    await writer.answer();
    await writer.answer();
    expect(store.counts()).toEqual({ stored: 15, dropped: 15, queued: 0 });
    // The oldest lines were kept, the newest dropped.
    expect(writer.batches.flat().map((each) => each.message)).toEqual(
      Array.from({ length: 15 }, (_, n) => `line ${n}`),
    );
    expect(report).toHaveBeenLastCalledWith('log store: writing again', { droppedLines: 15 });
  });

  it('drops (and counts) a batch the database refuses, and goes on with the next', async () => {
    const report = vi.fn();
    const store = createLogStore({ batchLines: 3, flushMs: 1000, report });
    const writer = controlledWriter();
    store.attach(writer.write);
    for (let n = 0; n < 3; n += 1) store.push(line(n));
    await writer.answer(new Error('connection refused'));
    expect(store.counts()).toEqual({ stored: 0, dropped: 3, queued: 0 });
    expect(report).toHaveBeenCalledWith('log store: dropping lines', {
      reason: 'the database refused a batch',
      error: 'connection refused',
    });
    for (let n = 3; n < 6; n += 1) store.push(line(n));
    await writer.answer();
    expect(store.counts()).toEqual({ stored: 3, dropped: 3, queued: 0 });
  });

  it('writes what waits on flush and on close, then keeps nothing more', async () => {
    const store = createLogStore({ batchLines: 2, flushMs: 1000 });
    const written: string[] = [];
    store.attach(async (lines) => {
      written.push(...lines.map((each) => each.message));
    });
    for (let n = 0; n < 5; n += 1) store.push(line(n));
    await store.flush();
    expect(written).toHaveLength(5);
    store.push(line(5));
    await store.close();
    expect(written).toHaveLength(6);
    store.push(line(6));
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toHaveLength(6);
    expect(store.counts()).toEqual({ stored: 6, dropped: 0, queued: 0 });
  });

  it('does not hold a close for a database that never answers', async () => {
    const store = createLogStore({ batchLines: 10, flushMs: 1000, closeWaitMs: 500 });
    const writer = controlledWriter();
    store.attach(writer.write);
    for (let n = 0; n < 3; n += 1) store.push(line(n));
    let closed = false;
    const closing = store.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    expect(closed).toBe(true);
  });
});

describe('the log store as a pino destination', () => {
  it('reads level, message and time from what pino hands it, redacted', async () => {
    const store = createLogStore();
    const kept: StoredLogLine[] = [];
    store.attach(async (lines) => {
      kept.push(...lines);
    });
    const log = pino(
      { level: 'info', redact: { paths: ['*.password'], censor: '[redacted]' } },
      pino.multistream([{ level: 'info', stream: store.stream }]),
    );
    log.warn({ body: { password: 'hunter2' } }, 'sign-in "failed"');
    log.debug('not kept');
    log.info({ count: 2 });
    await store.flush();
    await store.close();
    expect(kept.map(({ level, message }) => ({ level, message }))).toEqual([
      { level: 40, message: 'sign-in "failed"' },
      { level: 30, message: '' },
    ]);
    const [first] = kept;
    expect(first?.line).toContain('"password":"[redacted]"');
    expect(first?.line).not.toContain('hunter2');
    expect(first?.line.endsWith('\n')).toBe(false);
    expect(JSON.parse(first?.line ?? '')).toMatchObject({ time: first?.time.getTime() });
  });

  it('parses a line without pino metadata', () => {
    const at = new Date(1_800_000_000_123);
    const parsed = storedLineOf(
      `{"level":50,"time":${at.getTime()},"msg":"a \\"quoted\\" word"}\n`,
      {},
      () => new Date(0),
    );
    expect(parsed).toEqual({
      time: at,
      level: 50,
      message: 'a "quoted" word',
      line: `{"level":50,"time":${at.getTime()},"msg":"a \\"quoted\\" word"}`,
    });
    expect(storedLineOf('{"msg":"x"}', { lastLevel: 40, lastMsg: 'x' }, () => at)).toMatchObject({
      time: at,
      level: 40,
      message: 'x',
    });
  });
});

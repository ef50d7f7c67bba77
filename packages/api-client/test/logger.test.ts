import { REPORT_LOG_NAME_PATTERN } from '@talaqa/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTEXT_MAX_CHARS,
  MESSAGE_MAX_CHARS,
  captureConsole,
  captureWindowErrors,
  contextText,
  createClientLog,
  createApiClient,
  logFileName,
  redact,
} from '../src/index';
import { jwtFor } from './helpers';

const T0 = Date.UTC(2026, 10, 27, 2, 30, 0);

/** A console that keeps what it is told, so nothing reaches the test output. */
function quietConsole() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe('client log: a ring buffer of recent lines', () => {
  it('keeps the last `capacity` lines, oldest first, with time and level', () => {
    let now = T0;
    const log = createClientLog({ capacity: 3, now: () => now, console: quietConsole() });
    for (let index = 1; index <= 5; index += 1) {
      now = T0 + index * 1000;
      log.record('info', `line ${index}`);
    }
    expect(log.lines().map((line) => line.message)).toEqual(['line 3', 'line 4', 'line 5']);
    expect(log.lines()[0]).toEqual({
      at: new Date(T0 + 3000).toISOString(),
      level: 'info',
      message: 'line 3',
    });
    log.clear();
    expect(log.lines()).toEqual([]);
  });

  it('writes warn and error to the console as well, and record does not', () => {
    const target = quietConsole();
    const log = createClientLog({ now: () => T0, console: target });
    log.warn('slow answer', { ms: 900 });
    log.error('broken');
    log.record('debug', 'quiet');
    expect(target.warn).toHaveBeenCalledWith('slow answer', { ms: 900 });
    expect(target.error).toHaveBeenCalledWith('broken');
    expect(log.lines().map((line) => [line.level, line.message, line.context])).toEqual([
      ['warn', 'slow answer', '{"ms":900}'],
      ['error', 'broken', undefined],
      ['debug', 'quiet', undefined],
    ]);
  });

  it('cuts long messages and contexts, and survives cycles and errors in the context', () => {
    const log = createClientLog({ now: () => T0, console: quietConsole() });
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    log.record('error', 'x'.repeat(MESSAGE_MAX_CHARS * 2), cyclic);
    log.record('error', 'failed', new TypeError('boom'));
    const [long, failed] = log.lines();
    expect(long?.message).toHaveLength(MESSAGE_MAX_CHARS);
    expect(long?.context).toBe('{"name":"a","self":"[cycle]"}');
    expect(JSON.parse(failed?.context ?? '{}')).toMatchObject({
      name: 'TypeError',
      message: 'boom',
    });
    expect(contextText({ big: 'y'.repeat(CONTEXT_MAX_CHARS * 2) })).toHaveLength(CONTEXT_MAX_CHARS);
  });
});

describe('client log: no secrets', () => {
  it('redacts bearer tokens, JWTs, secret query parameters and password pairs', () => {
    const jwt = jwtFor(7);
    expect(redact(`Authorization: Bearer ${jwt}`)).toBe('Authorization: Bearer [redacted]');
    expect(redact(`token ${jwt} used`)).toBe('token [redacted] used');
    expect(redact('https://talaqa.eg/register/tutor?invite=AbCdEf123_-x&next=/a')).toBe(
      'https://talaqa.eg/register/tutor?invite=[redacted]&next=/a',
    );
    expect(redact('/assets/media/a.mp4?expires=1790000000&signature=deadbeef')).toBe(
      '/assets/media/a.mp4?expires=[redacted]&signature=[redacted]',
    );
    expect(redact('password=hunter22 user=ali')).toBe('password=[redacted] user=ali');
    expect(redact('{"email":"a@b.eg","password":"hunter22"}')).toBe(
      '{"email":"a@b.eg","password":"[redacted]"}',
    );
    expect(redact('refresh_token: abc.def')).toBe('refresh_token: [redacted]');
    expect(redact('lesson 12 booked at 10:00')).toBe('lesson 12 booked at 10:00');
  });

  it('drops secret keys of a context at any depth, and redacts what it keeps', () => {
    const log = createClientLog({ now: () => T0, console: quietConsole() });
    log.record('warn', `sign in with password=secret1 and Bearer ${jwtFor(3)}`, {
      email: 'a@b.eg',
      password: 'secret1',
      nested: { accessToken: 'abc', deviceToken: 'def', Authorization: 'Bearer x', page: 2 },
      url: '/reset?token=zzz',
    });
    const [line] = log.lines();
    expect(line?.message).toBe('sign in with password=[redacted] and Bearer [redacted]');
    expect(JSON.parse(line?.context ?? '{}')).toEqual({
      email: 'a@b.eg',
      password: '[redacted]',
      nested: {
        accessToken: '[redacted]',
        deviceToken: '[redacted]',
        Authorization: '[redacted]',
        page: 2,
      },
      url: '/reset?token=[redacted]',
    });
    expect(line?.message).not.toContain('secret1');
  });
});

describe('client log: the text file', () => {
  it('is named from the date and a random number', () => {
    expect(logFileName(T0, '04817233')).toBe('2026-11-27-04817233.txt');
    const name = logFileName(T0);
    expect(name).toMatch(/^2026-11-27-\d{8}\.txt$/);
    expect(name).toMatch(REPORT_LOG_NAME_PATTERN);
    // The server accepts the name the logger makes.
    const names = new Set(Array.from({ length: 20 }, () => logFileName(T0)));
    expect(names.size).toBeGreaterThan(1);
  });

  it('starts with the user agent and the redacted page address, then the lines', () => {
    const log = createClientLog({ now: () => T0, console: quietConsole() });
    log.record('error', '[realtime] connection failed: xhr poll error');
    log.record('warn', '[http] GET /lesson/12 answered 404 lesson-not-found', { id: 12 });
    const file = log.file({
      userAgent: 'Mozilla/5.0 Test',
      url: 'https://talaqa.eg/s/home?token=abc',
      random: '11',
    });
    expect(file.name).toBe('2026-11-27-11.txt');
    expect(file.text).toBe(
      [
        'user-agent: Mozilla/5.0 Test',
        'url: https://talaqa.eg/s/home?token=[redacted]',
        'saved: 2026-11-27T02:30:00.000Z',
        'lines: 2',
        '',
        '2026-11-27T02:30:00.000Z ERROR [realtime] connection failed: xhr poll error',
        '2026-11-27T02:30:00.000Z WARN [http] GET /lesson/12 answered 404 lesson-not-found {"id":12}',
        '',
      ].join('\n'),
    );
  });
});

describe('client log: what feeds it', () => {
  it('captureConsole keeps console.warn and console.error once, and puts them back', () => {
    const target = quietConsole();
    const originalWarn = target.warn;
    const log = createClientLog({ now: () => T0, console: target });
    const restore = captureConsole(log, target);
    target.error('Toast: empty error label, nothing shown');
    target.warn('[call] negotiation step failed:', new Error('no offer'));
    // The logger's own echo is not kept a second time.
    log.warn('[realtime] disconnected: transport close');
    restore();
    target.warn('after restore');
    expect(target.warn).toBe(originalWarn);
    expect(log.lines().map((line) => [line.level, line.message])).toEqual([
      ['error', 'Toast: empty error label, nothing shown'],
      ['warn', '[call] negotiation step failed: Error: no offer'],
      ['warn', '[realtime] disconnected: transport close'],
    ]);
    expect(originalWarn).toHaveBeenCalledWith('after restore');
  });

  it('captureWindowErrors keeps uncaught errors and unhandled rejections', () => {
    const log = createClientLog({ now: () => T0, console: quietConsole() });
    const target = new EventTarget();
    const emit = (type: string, fields: object) =>
      target.dispatchEvent(Object.assign(new Event(type), fields));
    const window = target as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>;
    const stop = captureWindowErrors(log, window);
    emit('error', { message: 'x is not defined', filename: '/a.js', lineno: 3, colno: 9 });
    emit('unhandledrejection', { reason: new Error('late failure') });
    stop();
    emit('error', { message: 'ignored' });
    expect(log.lines().map((line) => line.message)).toEqual([
      'uncaught: x is not defined',
      'unhandled rejection: Error: late failure',
    ]);
    expect(log.lines()[0]?.context).toContain('/a.js:3:9');
  });

  it('an HTTP failure is kept with its method, path (no query), status and code', async () => {
    const { clientLog } = await import('../src/logger');
    clientLog.clear();
    const fetchFn = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'lesson-not-found', message: 'x' }), { status: 404 }),
    );
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: fetchFn as typeof fetch });
    const { API } = await import('@talaqa/domain');
    await expect(
      api.call(API.invites.check, { body: { token: 'a'.repeat(43) } }),
    ).rejects.toMatchObject({ code: 'lesson-not-found' });
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = createApiClient({ baseUrl: 'http://api.test', fetch: failing as typeof fetch });
    await expect(offline.call(API.topics.list)).rejects.toBeTruthy();
    const lines = clientLog.lines().map((line) => [line.level, line.message]);
    expect(lines).toContainEqual([
      'warn',
      '[http] POST /invite/check answered 404 lesson-not-found',
    ]);
    expect(lines.some(([, message]) => message?.startsWith('[http] GET /topic'))).toBe(true);
    expect(JSON.stringify(clientLog.lines())).not.toContain('a'.repeat(43));
  });
});

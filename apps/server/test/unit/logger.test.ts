import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { lazyChildLogger, loggerOptions, urlWithoutSecrets } from '../../src/logger';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const lines = () =>
    chunks
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe('logger options', () => {
  const config = loadConfig(
    {
      APP_ENV: 'production',
      JWT_SECRET: 'q3V9mZ0rT8xK2bW6nY1cL4hF7sJ5dA0pG8eR3uI6oE4=',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      GOOGLE_CLIENT_ID: 'prod.apps.googleusercontent.com',
      FAWRY_MERCHANT_CODE: 'merchant',
      FAWRY_SECURITY_KEY: 'fawry-key',
      PAYMOB_SECRET_KEY: 'egy_sk_live_x',
      PAYMOB_PUBLIC_KEY: 'egy_pk_live_x',
      PAYMOB_HMAC_SECRET: 'hmac',
      PAYMOB_INTEGRATION_IDS: '1',
      TURN_SECRET: 'a-production-turn-secret-of-ours',
    },
    '/repo',
  );

  it('writes JSON at the configured level', () => {
    expect(loggerOptions(config)).toMatchObject({ level: 'info', transport: undefined });
  });

  it('redacts credentials in headers and secret fields', () => {
    const { stream, lines } = capture();
    const log = pino(loggerOptions(config), stream);
    log.info({
      req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1', host: 'x' } },
      password: 'hunter2',
      body: { token: 't0k3n', email: 'a@b.co' },
      deep: { user: { secret: 's3cr3t' } },
    });
    const [line] = lines();
    const text = JSON.stringify(line);
    for (const secret of ['Bearer abc', 'sid=1', 'hunter2', 't0k3n', 's3cr3t']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('a@b.co');
    expect(text).toContain('[redacted]');
  });

  it("masks a calendar feed's token in a request's address", () => {
    const { stream, lines } = capture();
    const log = pino(loggerOptions(config), stream);
    log.info({
      req: { method: 'GET', url: '/api/v1/calendar/s3cr3t-t0k3n.ics?x=1', ip: '1.2.3.4' },
    });
    log.info({ req: { method: 'GET', url: '/api/v1/calendar/feed' } });
    const [feed, other] = lines();
    expect(feed?.req).toEqual({
      method: 'GET',
      url: '/api/v1/calendar/[redacted].ics?x=1',
      remoteAddress: '1.2.3.4',
    });
    expect(JSON.stringify(feed)).not.toContain('s3cr3t');
    expect(other?.req).toMatchObject({ url: '/api/v1/calendar/feed' });
  });

  it('masks query parameters named like secrets, and only those', () => {
    expect(
      urlWithoutSecrets(
        '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.challenge=123&hub.verify_token=v3r1fy',
      ),
    ).toBe(
      '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.challenge=123&hub.verify_token=[redacted]',
    );
    expect(urlWithoutSecrets('/x?code=abc&state=s&page=2&access_token=t&api_key=k')).toBe(
      '/x?code=[redacted]&state=s&page=2&access_token=[redacted]&api_key=[redacted]',
    );
    expect(urlWithoutSecrets('/api/v1/user/tutor/list/onboarded?page=1&topic=3')).toBe(
      '/api/v1/user/tutor/list/onboarded?page=1&topic=3',
    );
  });
});

describe('lazyChildLogger', () => {
  it('makes no child while nothing is logged at an enabled level', () => {
    const { stream, lines } = capture();
    const parent = pino({ level: 'warn' }, stream);
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { reqId: 'r-1' }, {});
    log.info('incoming request');
    log.debug({ detail: 1 }, 'detail');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
    log.warn({ tutorId: 7 }, 'tutors page not cached');
    log.error('boom');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines()).toMatchObject([
      { reqId: 'r-1', tutorId: 7, msg: 'tutors page not cached', level: 40 },
      { reqId: 'r-1', msg: 'boom', level: 50 },
    ]);
  });

  it('follows a level set on it, and makes its own children with the bindings', () => {
    const { stream, lines } = capture();
    const parent = pino({ level: 'warn' }, stream);
    const log = lazyChildLogger(parent, { reqId: 'r-2' }, {});
    log.level = 'debug';
    log.debug('now shown');
    log.child({ module: 'x' }).info('nested');
    expect(lines()).toMatchObject([
      { reqId: 'r-2', msg: 'now shown' },
      { reqId: 'r-2', module: 'x', msg: 'nested' },
    ]);
  });

  it('gives a route with its own level a real child at once', () => {
    const parent = pino({ level: 'warn' }, capture().stream);
    const child = vi.spyOn(parent, 'child');
    lazyChildLogger(parent, { reqId: 'r-3' }, { level: 'error' });
    expect(child).toHaveBeenCalledWith({ reqId: 'r-3' }, { level: 'error' });
  });
});

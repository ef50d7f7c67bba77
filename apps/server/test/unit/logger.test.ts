import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { loggerOptions } from '../../src/logger';

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
      JWT_SECRET: 'k'.repeat(32),
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      GOOGLE_CLIENT_ID: 'prod.apps.googleusercontent.com',
      FAWRY_MERCHANT_CODE: 'merchant',
      FAWRY_SECURITY_KEY: 'fawry-key',
      PAYMOB_SECRET_KEY: 'egy_sk_live_x',
      PAYMOB_PUBLIC_KEY: 'egy_pk_live_x',
      PAYMOB_HMAC_SECRET: 'hmac',
      PAYMOB_INTEGRATION_IDS: '1',
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
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, LOCAL_TURN_SECRET } from '../../src/config';
import { turnCredential } from '../../src/modules/session';

/**
 * TURN REST API credentials (decision 288): what coturn's `use-auth-secret` recomputes. The
 * vector was made with `printf %s 1800000000:42 | openssl dgst -sha1 -hmac <secret> -binary |
 * base64`, so the test does not merely repeat the code's own computation.
 */
describe('TURN credentials', () => {
  it('are `<expiry>:<user id>` and base64(HMAC-SHA1(secret, username))', () => {
    expect(turnCredential(LOCAL_TURN_SECRET, 42, 1_800_000_000)).toEqual({
      username: '1800000000:42',
      credential: 'QneLcT/8asy8oiPDuV8LjOz5Yl8=',
    });
  });

  it('change with the secret, the user and the expiry', () => {
    const base = turnCredential('a secret of sixteen+', 7, 1_800_000_000);
    expect(turnCredential('another secret here', 7, 1_800_000_000).credential).not.toBe(
      base.credential,
    );
    expect(turnCredential('a secret of sixteen+', 8, 1_800_000_000).credential).not.toBe(
      base.credential,
    );
    expect(base.credential).toBe(
      createHmac('sha1', 'a secret of sixteen+').update('1800000000:7').digest('base64'),
    );
  });
});

describe('ICE configuration', () => {
  it('defaults to the local coturn and reads TURN_URLS, STUN_URLS, TURN_SECRET, TTL', () => {
    const local = loadConfig({ APP_ENV: 'local' });
    expect(local.ice).toEqual({
      stunUrls: ['stun:127.0.0.1:3478'],
      turnUrls: ['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp'],
      turnSecret: LOCAL_TURN_SECRET,
      turnTtlSeconds: 3600,
    });
    const set = loadConfig({
      APP_ENV: 'local',
      TURN_URLS: 'turns:turn.example.com:5349?transport=tcp, turn:turn.example.com:3478',
      STUN_URLS: '',
      TURN_SECRET: 'x'.repeat(40),
      TURN_TTL_SECONDS: '600',
    });
    expect(set.ice).toEqual({
      stunUrls: ['stun:127.0.0.1:3478'],
      turnUrls: ['turns:turn.example.com:5349?transport=tcp', 'turn:turn.example.com:3478'],
      turnSecret: 'x'.repeat(40),
      turnTtlSeconds: 600,
    });
    expect(() => loadConfig({ APP_ENV: 'local', TURN_SECRET: 'short' })).toThrow(/TURN_SECRET/);
    expect(() => loadConfig({ APP_ENV: 'local', TURN_TTL_SECONDS: '10' })).toThrow(
      /TURN_TTL_SECONDS/,
    );
  });
});

import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors';
import { bearerToken, signAccessToken, verifyAccessToken } from '../../src/modules/auth/tokens';

const settings = { jwtSecret: 's'.repeat(40), accessTokenTtl: 3600 };
const now = () => Math.floor(Date.now() / 1000);

async function rejection(token: string): Promise<unknown> {
  return verifyAccessToken(token, settings).then(
    () => undefined,
    (error: unknown) => error,
  );
}

function sign(payload: Record<string, unknown>, secret = settings.jwtSecret): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now())
    .setExpirationTime(now() + 60)
    .sign(new TextEncoder().encode(secret));
}

describe('access tokens', () => {
  it('round-trips the user id with iat and exp', async () => {
    const issuedAt = now();
    const token = await signAccessToken(42, settings, issuedAt);
    expect(await verifyAccessToken(token, settings)).toEqual({
      id: 42,
      iat: issuedAt,
      exp: issuedAt + 3600,
    });
  });

  it('rejects an expired token as unauthenticated', async () => {
    const token = await signAccessToken(42, settings, now() - 7200);
    const error = await rejection(token);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('unauthenticated');
    expect((error as AppError).status).toBe(401);
  });

  it('rejects a tampered payload', async () => {
    const [header, , signature] = (await signAccessToken(42, settings)).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ id: 1, iat: now(), exp: now() + 60 }),
    ).toString('base64url');
    expect(await rejection(`${header}.${forgedPayload}.${signature}`)).toBeInstanceOf(AppError);
  });

  it('rejects another secret', async () => {
    expect(await rejection(await sign({ id: 42 }, 'o'.repeat(40)))).toBeInstanceOf(AppError);
  });

  it('rejects a token without a usable id', async () => {
    for (const payload of [{}, { id: '42' }, { id: 0 }, { id: 1.5 }]) {
      expect(await rejection(await sign(payload))).toBeInstanceOf(AppError);
    }
  });

  it('rejects the "none" algorithm and garbage', async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ id: 1, iat: now(), exp: now() + 60 }),
    ).toString('base64url')}.`;
    expect(await rejection(none)).toBeInstanceOf(AppError);
    expect(await rejection('not.a.jwt')).toBeInstanceOf(AppError);
  });
});

describe('bearerToken', () => {
  it('takes the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

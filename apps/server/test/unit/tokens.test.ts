import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors';
import { DEVICE_TOKEN_MAX_AGE_SECONDS, SESSION_MAX_AGE_SECONDS } from '@talaqa/domain';
import {
  bearerToken,
  signAccessToken,
  signDeviceToken,
  signPurposeToken,
  verifyAccessToken,
  verifyDeviceToken,
  verifyPurposeToken,
} from '../../src/security/tokens';

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
  it('round-trips the user id with iat and exp, and the session claims', async () => {
    const issuedAt = now();
    const token = await signAccessToken(42, settings, issuedAt, { version: 3 });
    expect(await verifyAccessToken(token, settings)).toEqual({
      id: 42,
      iat: issuedAt,
      exp: issuedAt + 3600,
      sessionVersion: 3,
      authTime: issuedAt,
    });
  });

  it('keeps a given sign-in time and never expires past its 30 days', async () => {
    const signedIn = now() - SESSION_MAX_AGE_SECONDS + 600;
    const token = await signAccessToken(42, settings, now(), { version: 0, authTime: signedIn });
    expect(await verifyAccessToken(token, settings)).toMatchObject({
      authTime: signedIn,
      exp: signedIn + SESSION_MAX_AGE_SECONDS,
    });
  });

  it('rejects a token that is not of type access (a purpose token, or none)', async () => {
    const reset = await signPurposeToken(
      { id: 42, purpose: 'forget-password', codeId: 7 },
      settings,
      600,
    );
    expect(await rejection(reset)).toBeInstanceOf(AppError);
    expect(await rejection(await sign({ id: 42, sv: 0, auth_time: now() }))).toBeInstanceOf(
      AppError,
    );
    expect(
      await rejection(await sign({ id: 42, typ: 'forget-password', sv: 0, auth_time: now() })),
    ).toBeInstanceOf(AppError);
  });

  it('rejects an access token without session claims', async () => {
    for (const payload of [
      { id: 42, typ: 'access' },
      { id: 42, typ: 'access', sv: 0 },
      { id: 42, typ: 'access', sv: -1, auth_time: now() },
      { id: 42, typ: 'access', sv: 0, auth_time: '1' },
    ]) {
      expect(await rejection(await sign(payload))).toBeInstanceOf(AppError);
    }
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
    const session = { typ: 'access', sv: 0, auth_time: now() };
    expect(await verifyAccessToken(await sign({ id: 42, ...session }), settings)).toMatchObject({
      id: 42,
    });
    for (const payload of [{}, { id: '42' }, { id: 0 }, { id: 1.5 }]) {
      expect(await rejection(await sign({ ...payload, ...session }))).toBeInstanceOf(AppError);
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

describe('purpose tokens', () => {
  it('are taken for their own purpose only, never an access token', async () => {
    const reset = await signPurposeToken(
      { id: 42, purpose: 'forget-password', codeId: 7 },
      settings,
      600,
    );
    expect(await verifyPurposeToken(reset, 'forget-password', settings)).toEqual({
      id: 42,
      purpose: 'forget-password',
      codeId: 7,
    });
    const refused = (token: string, purpose: 'forget-password' | 'verify-email') =>
      verifyPurposeToken(token, purpose, settings).then(
        () => undefined,
        (error: unknown) => (error as AppError).code,
      );
    expect(await refused(reset, 'verify-email')).toBe('expired-verification-code');
    const access = await signAccessToken(42, settings);
    expect(await refused(access, 'forget-password')).toBe('expired-verification-code');
  });
});

describe('device tokens', () => {
  const account = { id: 42, email: ' Owner@Example.com ' };

  it('name the account (id and lower-cased e-mail) and a random device id, for 180 days', async () => {
    const issuedAt = now();
    const token = await signDeviceToken(account, settings, issuedAt);
    const device = await verifyDeviceToken(token, settings);
    expect(device).toMatchObject({ id: 42, email: 'owner@example.com' });
    expect(device?.jti).toMatch(/^[0-9a-f-]{36}$/);
    const again = await verifyDeviceToken(await signDeviceToken(account, settings), settings);
    expect(again?.jti).not.toBe(device?.jti);
    const [, payload = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ typ: 'device', exp: issuedAt + DEVICE_TOKEN_MAX_AGE_SECONDS });
  });

  it('are never an access or a purpose token, and neither of those is a device token', async () => {
    const device = await signDeviceToken(account, settings);
    expect(await rejection(device)).toBeInstanceOf(AppError);
    const reset = verifyPurposeToken(device, 'forget-password', settings);
    await expect(reset).rejects.toMatchObject({ code: 'expired-verification-code' });
    expect(await verifyDeviceToken(await signAccessToken(42, settings), settings)).toBeUndefined();
    const purpose = await signPurposeToken(
      { id: 42, purpose: 'forget-password', codeId: 7 },
      settings,
      600,
    );
    expect(await verifyDeviceToken(purpose, settings)).toBeUndefined();
  });

  it('answer nothing (no error) when expired, forged or malformed', async () => {
    const old = now() - DEVICE_TOKEN_MAX_AGE_SECONDS - 60;
    expect(await verifyDeviceToken(await signDeviceToken(account, settings, old), settings)).toBe(
      undefined,
    );
    const forged = await signDeviceToken(account, { jwtSecret: 'o'.repeat(40) });
    expect(await verifyDeviceToken(forged, settings)).toBeUndefined();
    for (const payload of [
      { id: 42, typ: 'device', email: 'a@example.com' },
      { id: 42, typ: 'device', email: 'a@example.com', jti: 'short' },
      { id: 0, typ: 'device', email: 'a@example.com', jti: crypto.randomUUID() },
      { id: 42, typ: 'device', jti: crypto.randomUUID() },
    ]) {
      expect(await verifyDeviceToken(await sign(payload), settings)).toBeUndefined();
    }
    expect(await verifyDeviceToken('not.a.jwt', settings)).toBeUndefined();
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

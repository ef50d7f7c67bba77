import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors';
import {
  createGoogleIdTokenVerifier,
  GoogleSignInError,
  simulatedSubject,
  startGoogleSimulator,
} from '../../src/integrations/google';
import type {
  GoogleIdTokenVerifier,
  GoogleSignInFailure,
  GoogleSimulator,
} from '../../src/integrations/google';

const CLIENT_ID = 'talaqa-test.apps.googleusercontent.com';
const now = (): number => Math.floor(Date.now() / 1000);
/** Every sign-in carries a nonce (issue 15); the tokens below carry this one unless told. */
const NONCE = 'n-test';

let simulator: GoogleSimulator;
let verifier: GoogleIdTokenVerifier;

beforeAll(async () => {
  simulator = await startGoogleSimulator({ port: 0, clientIds: [CLIENT_ID] });
  verifier = createGoogleIdTokenVerifier({ jwksUrl: simulator.jwksUrl, clientId: CLIENT_ID });
});

afterAll(async () => {
  await simulator.close();
});

/** A simulator token carrying the test nonce unless `claims` says otherwise. */
const sign = (claims: Parameters<GoogleSimulator['signIdToken']>[0] = {}): Promise<string> =>
  simulator.signIdToken({ nonce: NONCE, ...claims });

/** The reason a verification failed with, or a test failure if it did not fail that way. */
async function reasonOf(
  attempt: Promise<unknown>,
): Promise<GoogleSignInFailure | 'accepted' | 'other'> {
  try {
    await attempt;
    return 'accepted';
  } catch (error) {
    return error instanceof GoogleSignInError ? error.reason : 'other';
  }
}

/** A port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Google ID token verifier', () => {
  it('accepts a simulator-signed token and returns the identity', async () => {
    const token = await sign({
      email: 'sara.google@example.com',
      name: 'سارة محمود',
      picture: 'https://example.com/sara.png',
      nonce: 'n-123',
    });
    expect(await verifier.verify(token, { nonce: 'n-123' })).toEqual({
      subject: simulatedSubject('sara.google@example.com'),
      email: 'sara.google@example.com',
      emailVerified: true,
      name: 'سارة محمود',
      picture: 'https://example.com/sara.png',
    });
  });

  it('accepts the legacy issuer, a string email_verified, and absent name and picture', async () => {
    const token = await sign({
      iss: 'accounts.google.com',
      sub: '109876543210987654321',
      email: 'x@example.com',
      email_verified: 'true',
      name: undefined,
    });
    expect(await verifier.verify(token, { nonce: NONCE })).toEqual({
      subject: '109876543210987654321',
      email: 'x@example.com',
      emailVerified: true,
      name: null,
      picture: null,
    });
  });

  it('reports an unverified email as such', async () => {
    const token = await sign({ email_verified: false });
    expect((await verifier.verify(token, { nonce: NONCE })).emailVerified).toBe(false);
  });

  it('rejects a token for another client', async () => {
    const token = await sign({ aud: 'someone-else.apps.googleusercontent.com' });
    expect(await reasonOf(verifier.verify(token, { nonce: NONCE }))).toBe('wrong-audience');
  });

  it('rejects several audiences when the authorized party is another client', async () => {
    const token = await sign({ aud: [CLIENT_ID, 'other'], azp: 'other' });
    expect(await reasonOf(verifier.verify(token, { nonce: NONCE }))).toBe('wrong-audience');
  });

  it('rejects a token from another issuer', async () => {
    const token = await sign({ iss: 'https://evil.example.com' });
    expect(await reasonOf(verifier.verify(token, { nonce: NONCE }))).toBe('wrong-issuer');
  });

  it('rejects an expired token, tolerating a few seconds of clock skew', async () => {
    const expired = await sign({ iat: now() - 7200, exp: now() - 60 });
    expect(await reasonOf(verifier.verify(expired, { nonce: NONCE }))).toBe('expired');
    const justExpired = await sign({ iat: now() - 3600, exp: now() - 2 });
    expect(await reasonOf(verifier.verify(justExpired, { nonce: NONCE }))).toBe('accepted');
  });

  it('rejects a token issued in the future', async () => {
    const token = await sign({ iat: now() + 600 });
    expect(await reasonOf(verifier.verify(token, { nonce: NONCE }))).toBe('expired');
  });

  it('rejects a token signed by another key under the same kid', async () => {
    const genuine = await sign();
    const { kid } = decodeProtectedHeader(genuine);
    expect(kid).toBe(simulator.keyId);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: '1',
      email: 'victim@example.com',
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect(await reasonOf(verifier.verify(forged, { nonce: NONCE }))).toBe('invalid-signature');
  });

  it('rejects a token whose signature was altered', async () => {
    const token = await sign();
    const [header, payload, signature = ''] = token.split('.');
    const altered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(
      await reasonOf(verifier.verify(`${header}.${payload}.${altered}`, { nonce: NONCE })),
    ).toBe('invalid-signature');
  });

  it('rejects a key id that is not published and any algorithm but RS256', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const unknownKid = await new SignJWT({ aud: CLIENT_ID, iss: 'https://accounts.google.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'not-published' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect(await reasonOf(verifier.verify(unknownKid, { nonce: NONCE }))).toBe('invalid-signature');
    const hmac = await new SignJWT({ aud: CLIENT_ID, iss: 'https://accounts.google.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('s'.repeat(32)));
    expect(await reasonOf(verifier.verify(hmac, { nonce: NONCE }))).toBe('invalid-signature');
  });

  it('rejects a nonce that differs or is missing when one is expected', async () => {
    const token = await sign({ nonce: 'n-1' });
    expect(await reasonOf(verifier.verify(token, { nonce: 'n-2' }))).toBe('nonce-mismatch');
    const without = await simulator.signIdToken();
    expect(await reasonOf(verifier.verify(without, { nonce: 'n-1' }))).toBe('nonce-mismatch');
    // A nonce is required: an empty one matches nothing, not even a token without one.
    expect(await reasonOf(verifier.verify(without, { nonce: '' }))).toBe('nonce-mismatch');
    expect(await reasonOf(verifier.verify(await sign({ nonce: '' }), { nonce: '' }))).toBe(
      'nonce-mismatch',
    );
  });

  it('rejects a token without an email', async () => {
    const token = await sign({ email: undefined });
    expect(await reasonOf(verifier.verify(token, { nonce: NONCE }))).toBe('no-email');
    const blank = await sign({ email: '  ' });
    expect(await reasonOf(verifier.verify(blank, { nonce: NONCE }))).toBe('no-email');
  });

  it('rejects malformed tokens and tokens missing required claims', async () => {
    for (const garbage of ['', 'not-a-jwt', 'a.b.c', `${'x'.repeat(10)}..`]) {
      expect(await reasonOf(verifier.verify(garbage, { nonce: NONCE }))).toBe('malformed');
    }
    const noSubject = await sign({ sub: undefined });
    expect(await reasonOf(verifier.verify(noSubject, { nonce: NONCE }))).toBe('malformed');
    const noExpiry = await sign({ exp: undefined });
    expect(await reasonOf(verifier.verify(noExpiry, { nonce: NONCE }))).toBe('malformed');
  });

  it('reports an unreachable or broken key set as jwks-unavailable', async () => {
    const down = createGoogleIdTokenVerifier({
      jwksUrl: `http://127.0.0.1:${await closedPort()}/oauth2/v3/certs`,
      clientId: CLIENT_ID,
    });
    const token = await sign();
    expect(await reasonOf(down.verify(token, { nonce: NONCE }))).toBe('jwks-unavailable');
    const notFound = createGoogleIdTokenVerifier({
      jwksUrl: `${simulator.url}/no-such-keys`,
      clientId: CLIENT_ID,
    });
    expect(await reasonOf(notFound.verify(token, { nonce: NONCE }))).toBe('jwks-unavailable');
  });

  it('fails with API errors the error handler answers', async () => {
    const token = await sign({ iat: now() - 7200, exp: now() - 60 });
    const refusal = await verifier.verify(token, { nonce: NONCE }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'unauthenticated', status: 401, reason: 'expired' });
    const outage = new GoogleSignInError('jwks-unavailable');
    expect([outage.code, outage.status]).toEqual(['service-unavailable', 503]);
  });
});

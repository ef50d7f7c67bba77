import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGoogleIdTokenVerifier,
  simulatedSubject,
  startGoogleSimulator,
} from '../../src/integrations/google';
import type { GoogleSimulator } from '../../src/integrations/google';

const CLIENT_ID = 'talaqa-web.apps.googleusercontent.com';
const REDIRECT_URI = 'http://localhost:4100/auth/google/callback';

let simulator: GoogleSimulator;

beforeAll(async () => {
  simulator = await startGoogleSimulator({ port: 0, host: '127.0.0.1', clientIds: [CLIENT_ID] });
});

afterAll(async () => {
  await simulator.close();
});

const authRequest = (overrides: Record<string, string | undefined> = {}): URLSearchParams => {
  const params = new URLSearchParams();
  const fields: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: 'nonce-abc',
    state: 'state-xyz',
    prompt: 'select_account',
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) params.set(key, value);
  return params;
};

const openAuthPage = (overrides: Record<string, string | undefined> = {}): Promise<Response> =>
  fetch(`${simulator.authUrl}?${authRequest(overrides).toString()}`, { redirect: 'manual' });

const post = (path: string, form: URLSearchParams): Promise<Response> =>
  fetch(`${simulator.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });

/** The redirect target of a 302, split into the URL without fragment and the fragment's fields. */
function fragmentOf(response: Response): { base: string; params: URLSearchParams } {
  expect(response.status).toBe(302);
  const location = response.headers.get('location') ?? '';
  const [base = '', fragment = ''] = location.split('#');
  return { base, params: new URLSearchParams(fragment) };
}

describe('Google simulator: discovery and keys', () => {
  it('publishes a discovery document with Google issuer and its own endpoints', async () => {
    const response = await fetch(`${simulator.url}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      issuer: 'https://accounts.google.com',
      authorization_endpoint: simulator.authUrl,
      jwks_uri: simulator.jwksUrl,
      response_types_supported: ['id_token'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  });

  it('publishes the public RS256 key with kid, alg and use', async () => {
    const response = await fetch(simulator.jwksUrl);
    const body = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({
      kty: 'RSA',
      kid: simulator.keyId,
      alg: 'RS256',
      use: 'sig',
    });
    expect(body.keys[0]).not.toHaveProperty('d');
  });

  it('refuses to listen anywhere but loopback', async () => {
    await expect(startGoogleSimulator({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});

describe('Google simulator: authorization endpoint', () => {
  it('renders an Arabic right-to-left account chooser with the input escaped', async () => {
    const response = await openAuthPage({ state: '"><script>alert(1)</script>' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="ar-EG" dir="rtl">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>تسجيل الدخول بحساب Google (محاكي محلي)</title>');
    expect(html).toContain('سارة محمود');
    expect(html).toContain('sara.google@example.com');
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('action="/o/oauth2/v2/auth/approve"');
  });

  it('redirects to redirect_uri#id_token=…&state=… with a token the verifier accepts', async () => {
    const form = authRequest();
    form.delete('prompt');
    form.set('email', 'sara.google@example.com');
    form.set('name', 'سارة محمود');
    const { base, params } = fragmentOf(await post('/o/oauth2/v2/auth/approve', form));
    expect(base).toBe(REDIRECT_URI);
    expect([...params.keys()]).toEqual(['id_token', 'state']);
    expect(params.get('state')).toBe('state-xyz');
    const verifier = createGoogleIdTokenVerifier({
      jwksUrl: simulator.jwksUrl,
      clientId: CLIENT_ID,
    });
    const identity = await verifier.verify(params.get('id_token') ?? '', { nonce: 'nonce-abc' });
    expect(identity).toEqual({
      subject: simulatedSubject('sara.google@example.com'),
      email: 'sara.google@example.com',
      emailVerified: true,
      name: 'سارة محمود',
      picture: null,
    });
    await expect(
      verifier.verify(params.get('id_token') ?? '', { nonce: 'another' }),
    ).rejects.toMatchObject({ reason: 'nonce-mismatch' });
  });

  it('signs in a typed account, verified or not, and keeps its subject stable', async () => {
    const form = authRequest({ state: undefined });
    form.set('email', 'new.person@example.com');
    form.set('name', '');
    form.append('email_verified', 'false');
    const { params } = fragmentOf(await post('/o/oauth2/v2/auth/approve', form));
    expect(params.has('state')).toBe(false);
    const verifier = createGoogleIdTokenVerifier({
      jwksUrl: simulator.jwksUrl,
      clientId: CLIENT_ID,
    });
    const identity = await verifier.verify(params.get('id_token') ?? '', { nonce: 'nonce-abc' });
    expect(identity).toMatchObject({
      subject: simulatedSubject('new.person@example.com'),
      email: 'new.person@example.com',
      emailVerified: false,
      name: 'new.person',
    });
  });

  it('returns access_denied when the person cancels', async () => {
    const { base, params } = fragmentOf(await post('/o/oauth2/v2/auth/deny', authRequest()));
    expect(base).toBe(REDIRECT_URI);
    expect(Object.fromEntries(params)).toEqual({ error: 'access_denied', state: 'state-xyz' });
  });

  it('answers prompt=none with interaction_required', async () => {
    const { params } = fragmentOf(await openAuthPage({ prompt: 'none' }));
    expect(params.get('error')).toBe('interaction_required');
  });

  it.each([
    [
      'a non-loopback redirect_uri',
      { redirect_uri: 'https://evil.example.com/cb' },
      'redirect_uri',
    ],
    ['a redirect_uri with a fragment', { redirect_uri: `${REDIRECT_URI}#x` }, 'redirect_uri'],
    ['a javascript: redirect_uri', { redirect_uri: 'javascript:alert(1)' }, 'redirect_uri'],
    ['response_type=code', { response_type: 'code' }, 'response_type'],
    ['an unknown client_id', { client_id: 'unknown.apps.googleusercontent.com' }, 'client_id'],
    ['a missing nonce', { nonce: undefined }, 'nonce'],
    ['a scope without openid', { scope: 'email' }, 'scope'],
  ])('shows an Arabic 400 page for %s', async (_label, overrides, parameter) => {
    const response = await openAuthPage(overrides);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<html lang="ar-EG" dir="rtl">');
    expect(html).toContain('تعذّر إكمال طلب تسجيل الدخول');
    expect(html).toContain(`<code>${parameter}</code>`);
  });

  it('checks the request again on approval', async () => {
    const form = authRequest({ redirect_uri: 'https://evil.example.com/cb' });
    form.set('email', 'sara.google@example.com');
    const response = await post('/o/oauth2/v2/auth/approve', form);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const badEmail = authRequest();
    badEmail.set('email', 'not an email');
    expect((await post('/o/oauth2/v2/auth/approve', badEmail)).status).toBe(400);
  });
});

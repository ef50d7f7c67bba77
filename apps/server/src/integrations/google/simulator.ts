import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JWK, JWTPayload } from 'jose';
import { escapeHtml } from '../email/html';
import { sendSimulatorPage, simulatorPage } from '../simulator-page';
import { GOOGLE_ISSUERS } from './verify';

/**
 * A local stand-in for Google's OpenID Connect endpoints, for the implicit `id_token` flow the
 * web app uses. It speaks the production protocol: the browser is sent to the authorization
 * endpoint, the person picks an account, and the browser comes back to
 * `redirect_uri#id_token=<jwt>&state=<state>`. Tokens are RS256, published in a JWKS and issued
 * as `https://accounts.google.com`, so the server's production verifier checks them unchanged;
 * only the JWKS URL differs.
 */

/** What Google sends, so the production verifier accepts simulator tokens unchanged. */
export const SIMULATOR_ISSUER = GOOGLE_ISSUERS[0] ?? 'https://accounts.google.com';
/** The client id the simulator accepts when it is not given a list (and the default `aud`). */
export const SIMULATOR_CLIENT_ID = 'talaqa-local.apps.googleusercontent.com';

export const SIMULATOR_PATHS = {
  discovery: '/.well-known/openid-configuration',
  jwks: '/oauth2/v3/certs',
  authorize: '/o/oauth2/v2/auth',
  approve: '/o/oauth2/v2/auth/approve',
  deny: '/o/oauth2/v2/auth/deny',
} as const;

export interface DemoGoogleAccount {
  email: string;
  name: string;
}

/** Shown on the account chooser; any other address can be typed in. */
export const DEMO_GOOGLE_ACCOUNTS: readonly DemoGoogleAccount[] = [
  { email: 'sara.google@example.com', name: 'سارة محمود' },
  { email: 'ahmed.google@example.com', name: 'أحمد عبد الله' },
  { email: 'mona.google@example.com', name: 'منى السيد' },
  { email: 'youssef.google@example.com', name: 'يوسف حسن' },
];

/** The claims of a Google ID token that the application reads or the verifier checks. */
export interface GoogleIdTokenClaims {
  iss: string;
  aud: string | string[];
  azp: string;
  sub: string;
  email: string;
  /** A boolean today; older tokens carried the string. */
  email_verified: boolean | 'true' | 'false';
  name: string;
  picture: string;
  iat: number;
  exp: number;
  nonce: string;
}

/**
 * Claims for `signIdToken`: each one overrides the default, and an explicit `undefined` leaves
 * the claim out (e.g. `{ email: undefined }` for a token without an email).
 */
export type SimulatedClaims = { [K in keyof GoogleIdTokenClaims]?: GoogleIdTokenClaims[K] } & {
  [claim: string]: unknown;
};

export interface GoogleSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** A loopback address; anything else is refused (the simulator signs tokens for anyone). */
  host?: string;
  /** Accepted `client_id`s; without a list, any client id is accepted. */
  clientIds?: readonly string[];
  /** Request logging; silent when not given. */
  logger?: FastifyBaseLogger;
}

export interface GoogleSimulator {
  /** Origin, e.g. http://127.0.0.1:4540 */
  url: string;
  /** The authorization endpoint: where the web app sends the browser (GOOGLE_AUTH_URL). */
  authUrl: string;
  /** Where the verifier reads the keys (GOOGLE_JWKS_URL). */
  jwksUrl: string;
  issuer: string;
  /** `kid` of the signing key, which is new at every start. */
  keyId: string;
  /** Mints an ID token as Google would; defaults are the first demo account, valid for 1 h. */
  signIdToken(claims?: SimulatedClaims): Promise<string>;
  close(): Promise<void>;
}

export class GoogleSimulatorError extends Error {
  override name = 'GoogleSimulatorError';
}

const TOKEN_LIFETIME_SEC = 3600;
const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_LENGTH = 100;
const FORM_BODY_LIMIT = 16 * 1024;

const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' ||
  host === '::1' ||
  host === '[::1]' ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/** Google's subject is a decimal string of about 21 digits; here it is stable per email. */
export function simulatedSubject(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `1${BigInt(`0x${digest}`).toString().slice(0, 20)}`;
}

// ---------------------------------------------------------------------------------------------
// The authorization request

interface AuthRequest {
  clientId: string;
  redirectUri: string;
  responseType: string;
  scope: string;
  nonce: string;
  state: string | undefined;
  prompt: string | undefined;
}

interface Problem {
  parameter: string;
  message: string;
  value?: string | undefined;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** One value of a query or form field; a repeated field counts as absent, as at Google. */
function field(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** http(s) on this machine, no credentials and no fragment (RFC 6749 section 3.1.2). */
function isLoopbackRedirect(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    isLoopbackHost(url.hostname) &&
    url.username === '' &&
    url.password === '' &&
    !value.includes('#')
  );
}

const MISSING = 'معامل مطلوب غير موجود أو مكرر';

function parseAuthRequest(
  source: unknown,
  clientIds: readonly string[] | undefined,
): Parsed<AuthRequest> {
  const fail = (parameter: string, message: string, value?: string): Parsed<AuthRequest> => ({
    ok: false,
    problem: { parameter, message, value },
  });
  const clientId = field(source, 'client_id');
  const redirectUri = field(source, 'redirect_uri');
  const responseType = field(source, 'response_type');
  const scope = field(source, 'scope');
  const nonce = field(source, 'nonce');
  if (!clientId) return fail('client_id', MISSING);
  if (clientIds && !clientIds.includes(clientId)) {
    return fail('client_id', 'معرّف العميل غير مسجّل في المحاكي', clientId);
  }
  if (!redirectUri) return fail('redirect_uri', MISSING);
  if (!isLoopbackRedirect(redirectUri)) {
    return fail(
      'redirect_uri',
      'عنوان العودة يجب أن يكون http أو https على هذا الجهاز (localhost أو 127.0.0.1) ودون جزء #',
      redirectUri,
    );
  }
  if (responseType !== 'id_token') {
    return fail('response_type', 'نوع الاستجابة المدعوم هو id_token فقط', responseType);
  }
  if (!scope?.split(' ').includes('openid')) {
    return fail('scope', 'النطاق يجب أن يتضمن openid', scope);
  }
  if (!nonce) return fail('nonce', 'المعامل nonce مطلوب مع response_type=id_token');
  return {
    ok: true,
    value: {
      clientId,
      redirectUri,
      responseType,
      scope,
      nonce,
      state: field(source, 'state'),
      prompt: field(source, 'prompt'),
    },
  };
}

interface ChosenAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseAccount(source: unknown): Parsed<ChosenAccount> {
  const email = field(source, 'email')?.trim() ?? '';
  if (!EMAIL.test(email) || email.length > MAX_EMAIL_LENGTH) {
    return {
      ok: false,
      problem: { parameter: 'email', message: 'البريد الإلكتروني غير صالح', value: email },
    };
  }
  const name = field(source, 'name')?.trim().slice(0, MAX_NAME_LENGTH) ?? '';
  const verified = field(source, 'email_verified');
  return {
    ok: true,
    value: {
      email,
      // Google always has a display name; an empty one becomes the email's local part.
      name: name || (email.split('@')[0] ?? email),
      emailVerified: verified === undefined || verified === 'true' || verified === 'on',
    },
  };
}

/** `redirect_uri#<params>`: the implicit flow returns its answer in the fragment. */
function fragmentRedirect(
  request: AuthRequest,
  params: Record<string, string | undefined>,
): string {
  const target = new URL(request.redirectUri);
  const fragment = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...params, state: request.state })) {
    if (value !== undefined) fragment.set(key, value);
  }
  target.hash = fragment.toString();
  return target.href;
}

// ---------------------------------------------------------------------------------------------
// Pages

const TITLE = 'تسجيل الدخول بحساب Google (محاكي محلي)';

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#f1f3f4;color:#202124;line-height:1.6}
  main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #dadce0;border-radius:12px}
  h1{font-size:1.4rem;margin:0 0 .25rem}
  .note{margin:0 0 1rem;color:#5f6368;font-size:.9rem}
  ul{list-style:none;margin:0 0 1.5rem;padding:0}
  li+li{border-top:1px solid #e8eaed}
  .account{display:flex;gap:.75rem;align-items:center;width:100%;padding:.75rem .5rem;background:none;border:0;font:inherit;text-align:start;cursor:pointer}
  .account:hover{background:#f8f9fa}
  .avatar{flex:none;display:grid;place-items:center;width:2.5rem;height:2.5rem;border-radius:50%;background:#1a73e8;color:#fff;font-weight:bold}
  .who{display:flex;flex-direction:column}
  .email{color:#5f6368;font-size:.9rem}
  fieldset{border:1px solid #dadce0;border-radius:8px;padding:1rem;margin:0 0 1rem}
  label{display:block;margin:.5rem 0 .25rem}
  input[type=email],input[type=text]{width:100%;padding:.5rem;border:1px solid #80868b;border-radius:4px;font:inherit}
  .check{display:flex;gap:.5rem;align-items:center}
  .primary,.secondary{padding:.5rem 1.25rem;border-radius:4px;font:inherit;cursor:pointer}
  .primary{margin-top:1rem;background:#1a73e8;color:#fff;border:0}
  .secondary{background:#fff;color:#1a73e8;border:1px solid #dadce0}
  :focus-visible{outline:3px solid #174ea6;outline-offset:2px}
  code{direction:ltr;unicode-bidi:isolate}
  .error{color:#b3261e}
`;

const page = (title: string, body: string): string => simulatorPage({ title, style: STYLE, body });

/** The authorization request travels through the account forms unchanged, and is checked again. */
function hiddenFields(request: AuthRequest): string {
  const fields: Record<string, string | undefined> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: request.responseType,
    scope: request.scope,
    nonce: request.nonce,
    state: request.state,
  };
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
}

function accountButton(request: AuthRequest, account: DemoGoogleAccount): string {
  const initial = Array.from(account.name)[0] ?? '؟';
  return `<li><form method="post" action="${SIMULATOR_PATHS.approve}">${hiddenFields(request)}
<input type="hidden" name="email" value="${escapeHtml(account.email)}">
<input type="hidden" name="name" value="${escapeHtml(account.name)}">
<button type="submit" class="account"><span class="avatar" aria-hidden="true">${escapeHtml(initial)}</span>
<span class="who"><span>${escapeHtml(account.name)}</span><bdi class="email" dir="ltr">${escapeHtml(account.email)}</bdi></span></button>
</form></li>`;
}

function chooserPage(request: AuthRequest): string {
  const destination = new URL(request.redirectUri).origin;
  return page(
    TITLE,
    `<h1>${escapeHtml(TITLE)}</h1>
<p class="note">هذه صفحة تجريبية على جهازك ولا تتصل بـ Google. اختر حسابًا للمتابعة إلى <bdi dir="ltr">${escapeHtml(destination)}</bdi>.</p>
<h2 class="note">الحسابات التجريبية</h2>
<ul>
${DEMO_GOOGLE_ACCOUNTS.map((account) => accountButton(request, account)).join('\n')}
</ul>
<form method="post" action="${SIMULATOR_PATHS.approve}">${hiddenFields(request)}
<fieldset>
<legend>حساب آخر</legend>
<label for="email">البريد الإلكتروني</label>
<input id="email" name="email" type="email" dir="ltr" required maxlength="${MAX_EMAIL_LENGTH}" autocomplete="email">
<label for="name">الاسم</label>
<input id="name" name="name" type="text" maxlength="${MAX_NAME_LENGTH}" autocomplete="name">
<input type="hidden" name="email_verified" value="false">
<label class="check"><input name="email_verified" type="checkbox" value="true" checked> البريد الإلكتروني موثَّق لدى Google</label>
<button type="submit" class="primary">متابعة</button>
</fieldset>
</form>
<form method="post" action="${SIMULATOR_PATHS.deny}">${hiddenFields(request)}
<button type="submit" class="secondary">إلغاء</button>
</form>`,
  );
}

function errorPage(problem: Problem): string {
  const received =
    problem.value === undefined
      ? ''
      : `<p>القيمة المستلمة: <bdi dir="ltr"><code>${escapeHtml(problem.value)}</code></bdi></p>`;
  return page(
    'خطأ في طلب تسجيل الدخول (محاكي Google المحلي)',
    `<h1 class="error">تعذّر إكمال طلب تسجيل الدخول</h1>
<p role="alert">${escapeHtml(problem.message)}: <code>${escapeHtml(problem.parameter)}</code></p>
${received}
<p class="note">الخطأ 400 (invalid_request). راجع الرابط الذي أرسل إليه التطبيق المتصفح.</p>`,
  );
}

const redirectTo = (reply: FastifyReply, location: string): FastifyReply =>
  reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(location, 302);

// ---------------------------------------------------------------------------------------------
// The server

const originOf = (host: string, port: number): string =>
  `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

const withoutUndefined = (claims: Record<string, unknown>): JWTPayload =>
  Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));

/** Starts the simulator on loopback and resolves once it listens. */
export async function startGoogleSimulator({
  port,
  host = '127.0.0.1',
  clientIds,
  logger,
}: GoogleSimulatorOptions): Promise<GoogleSimulator> {
  if (!isLoopbackHost(host)) {
    throw new GoogleSimulatorError(`The Google simulator only listens on loopback, not ${host}`);
  }
  const keyId = randomBytes(20).toString('hex');
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  const defaultAudience = clientIds?.[0] ?? SIMULATOR_CLIENT_ID;

  const signIdToken = (claims: SimulatedClaims = {}): Promise<string> => {
    const account = DEMO_GOOGLE_ACCOUNTS[0];
    const iat = claims.iat ?? Math.floor(Date.now() / 1000);
    const merged: Record<string, unknown> = {
      iss: SIMULATOR_ISSUER,
      aud: defaultAudience,
      email: account?.email,
      email_verified: true,
      name: account?.name,
      ...claims,
      iat,
    };
    if (!('exp' in claims)) merged.exp = iat + TOKEN_LIFETIME_SEC;
    if (!('azp' in claims) && typeof merged.aud === 'string') merged.azp = merged.aud;
    if (!('sub' in claims)) merged.sub = simulatedSubject(String(merged.email ?? 'no-email'));
    return new SignJWT(withoutUndefined(merged))
      .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' })
      .sign(privateKey);
  };

  const app = logger ? Fastify({ loggerInstance: logger }) : Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  let origin = '';
  app.get(SIMULATOR_PATHS.discovery, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send({
      issuer: SIMULATOR_ISSUER,
      authorization_endpoint: `${origin}${SIMULATOR_PATHS.authorize}`,
      jwks_uri: `${origin}${SIMULATOR_PATHS.jwks}`,
      response_types_supported: ['id_token'],
      response_modes_supported: ['fragment'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'iat',
        'iss',
        'name',
        'picture',
        'sub',
        'nonce',
      ],
    }),
  );

  app.get(SIMULATOR_PATHS.jwks, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ keys: [publicJwk] }),
  );

  app.get(SIMULATOR_PATHS.authorize, async (request, reply) => {
    const parsed = parseAuthRequest(request.query, clientIds);
    if (!parsed.ok) return sendSimulatorPage(reply, 400, errorPage(parsed.problem));
    // Choosing an account always needs the person, so "no interaction" cannot be honoured.
    if (parsed.value.prompt === 'none') {
      return redirectTo(reply, fragmentRedirect(parsed.value, { error: 'interaction_required' }));
    }
    return sendSimulatorPage(reply, 200, chooserPage(parsed.value));
  });

  app.post(SIMULATOR_PATHS.approve, async (request, reply) => {
    const parsed = parseAuthRequest(request.body, clientIds);
    if (!parsed.ok) return sendSimulatorPage(reply, 400, errorPage(parsed.problem));
    const account = parseAccount(request.body);
    if (!account.ok) return sendSimulatorPage(reply, 400, errorPage(account.problem));
    const idToken = await signIdToken({
      aud: parsed.value.clientId,
      sub: simulatedSubject(account.value.email),
      email: account.value.email,
      email_verified: account.value.emailVerified,
      name: account.value.name,
      nonce: parsed.value.nonce,
    });
    return redirectTo(reply, fragmentRedirect(parsed.value, { id_token: idToken }));
  });

  app.post(SIMULATOR_PATHS.deny, async (request, reply) => {
    const parsed = parseAuthRequest(request.body, clientIds);
    if (!parsed.ok) return sendSimulatorPage(reply, 400, errorPage(parsed.problem));
    return redirectTo(reply, fragmentRedirect(parsed.value, { error: 'access_denied' }));
  });

  await app.listen({ port, host });
  origin = originOf(host, (app.server.address() as AddressInfo).port);
  return {
    url: origin,
    authUrl: `${origin}${SIMULATOR_PATHS.authorize}`,
    jwksUrl: `${origin}${SIMULATOR_PATHS.jwks}`,
    issuer: SIMULATOR_ISSUER,
    keyId,
    signIdToken,
    close: () => app.close(),
  };
}

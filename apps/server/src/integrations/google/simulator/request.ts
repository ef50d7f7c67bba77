/**
 * The authorization request of the implicit `id_token` flow, checked as Google checks it (on
 * loopback only), the account the person chose, and the answer in the redirect's fragment.
 */

export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' ||
  host === '::1' ||
  host === '[::1]' ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

export interface AuthRequest {
  clientId: string;
  redirectUri: string;
  responseType: string;
  scope: string;
  nonce: string;
  state: string | undefined;
  prompt: string | undefined;
}

export interface Problem {
  parameter: string;
  message: string;
  value?: string | undefined;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: Problem };

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

export function parseAuthRequest(
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

export function parseAccount(source: unknown): Parsed<ChosenAccount> {
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
export function fragmentRedirect(
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

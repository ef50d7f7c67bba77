import { randomUUID } from 'node:crypto';
import type { Role, User } from '@talaqa/domain';
import { signAccessToken } from '../../src/security/tokens';
import { createUser } from '../../src/modules/accounts';
import type { TestServer } from './helpers';

/** What a route answered: the status and the parsed JSON body (`{}` when there is none). */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface ApiOptions {
  /** Sent as `authorization: Bearer …`. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart instead of `body`. */
  form?: FormData;
  headers?: Record<string, string>;
}

/** Calls `/api/v1{path}` on the test server over real HTTP. */
export async function callApi<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/**
 * `callApi` on a test file's server, looked up at each call (the server starts in `beforeAll`):
 * `const api = apiOn(() => server);`.
 */
export function apiOn(server: () => TestServer) {
  return <T = Record<string, unknown>>(method: string, path: string, options?: ApiOptions) =>
    callApi<T>(server(), method, path, options);
}

/** Who calls: a user's id and access token. */
export interface Caller {
  id: number;
  token: string;
}

/** An API call as `caller` (none: anonymous), with an optional JSON body. */
export const call = <T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  caller: Caller | null,
  body?: unknown,
): Promise<Answer<T>> => callApi<T>(server, method, path, { token: caller?.token, body });

export interface SignedInUser extends Caller {
  user: User;
}

let users = 0;

/** A user of `role` written straight to the database, with an access token of theirs. */
export async function signedInUser(
  server: TestServer,
  role: Role,
  fields: { name?: string; password?: string | null; emailVerified?: boolean } = {},
): Promise<SignedInUser> {
  users += 1;
  const user = await createUser(server.app.database.db, {
    name: 'Test User',
    email: `user${users}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'password1',
    role,
    ...fields,
  });
  return { user, id: user.id, token: await signAccessToken(user.id, server.config) };
}

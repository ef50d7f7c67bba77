/**
 * Session types of spec section 3. `@talaqa/domain` declares the same `AuthTokenPayload` and
 * `StoredAuthToken` in src/entities.ts, but its index does not export them yet; once it does,
 * these can become re-exports of the domain types (the shapes are identical).
 */

/** The two kinds of Authorization the client can send (spec section 6). */
export type AuthTokenType = 'Bearer' | 'Basic';

/** The auth token as kept in storage: a type plus a value (spec section 3). */
export interface StoredAuthToken {
  type: AuthTokenType;
  /** Bearer: the JWT itself. Basic: base64 of `username:password` (UTF-8). */
  value: string;
}

/** The payload of the bearer JWT: user id, issued-at and expiry, both in unix seconds. */
export interface AuthTokenPayload {
  id: number;
  iat: number;
  exp: number;
}

/** The user object kept client-side under the current-user key: at least an id. */
export interface StoredUser {
  id: number;
  [key: string]: unknown;
}

import { createHmac } from 'node:crypto';
import type { SessionToken } from '@talaqa/domain';
import type { Config } from '../../config';

/**
 * TURN credentials in the TURN REST API scheme coturn checks with `use-auth-secret` and
 * `static-auth-secret` (docs/decisions/288-turn-credentials.md): the username is
 * `<expiry unix time>:<user id>`, the credential base64(HMAC-SHA1(secret, username)). coturn
 * recomputes the HMAC with the secret it shares and refuses a username whose time has passed, so
 * nothing is stored and any instance can hand them out.
 */
export function turnCredential(
  secret: string,
  userId: number,
  expiresAtSeconds: number,
): { username: string; credential: string } {
  const username = `${expiresAtSeconds}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** GET /session/token: STUN, and TURN with credentials valid for the configured time. */
export function sessionToken(ice: Config['ice'], userId: number, now: Date): SessionToken {
  const expires = Math.floor(now.getTime() / 1000) + ice.turnTtlSeconds;
  const { username, credential } = turnCredential(ice.turnSecret, userId, expires);
  const iceServers: SessionToken['iceServers'] = [];
  if (ice.stunUrls.length > 0) iceServers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length > 0) iceServers.push({ urls: ice.turnUrls, username, credential });
  return {
    iceServers,
    expiresAt: new Date(expires * 1000).toISOString(),
    ttl: ice.turnTtlSeconds,
  };
}

/**
 * The realtime channel, apart from api.ts (which the app's shell imports): only the pages and
 * hooks that listen import this module, so socket.io-client and the realtime contract load with
 * them, not on the first load (decision 306). Import it from here: a re-export through api.ts
 * would bring socket.io-client back into the shell.
 */
import { createRealtime } from '@talaqa/api-client';
import type { Realtime } from '@talaqa/api-client';
import { API_BASE_URL, api } from './api';

let channel: Realtime | null = null;

/**
 * The app's one realtime channel, created closed on first use; a feature calls `connect()` when
 * it needs events. The token is read at every connection. When the session's token changes
 * (sign-in as someone else, logout) an open channel reconnects with the new one, so it never
 * keeps receiving the previous person's events; without a token it stays closed. A channel the
 * server ended (see `endedByServer`) reconnects with a new token too.
 */
export function realtime(): Realtime {
  if (channel) return channel;
  const created = createRealtime({
    url: API_BASE_URL,
    getToken: () => api.tokens.bearerToken(),
    autoConnect: false,
    // Every payload is read through the realtime contract outside production, as answers are.
    validatePayloads: import.meta.env.MODE !== 'production',
  });
  let token = api.tokens.bearerToken();
  api.tokens.subscribe(() => {
    const next = api.tokens.bearerToken();
    if (next === token) return;
    token = next;
    // A channel the server closed (its session ended by a password change or sign-out-all)
    // opens again with this device's fresh token; one the app closed stays closed.
    if (created.state === 'closed' && !created.endedByServer) return;
    created.close();
    if (next) created.connect();
  });
  channel = created;
  return created;
}

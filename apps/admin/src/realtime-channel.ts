/**
 * The admin's realtime channel, apart from api.ts (which the dashboard's shell imports): only the
 * pages that listen import this module, so socket.io-client and the realtime contract load with
 * them, not on the first load (as the main app does, decision 306). An admin's socket joins the
 * `AdminInvoices` room when it connects (decision 319).
 */
import { createRealtime } from '@talaqa/api-client';
import type { Realtime } from '@talaqa/api-client';
import { API_BASE_URL, api } from './api';

let channel: Realtime | null = null;

/**
 * The dashboard's one realtime channel, created closed on first use; a page calls `connect()`
 * when it needs events. The token is read at every connection. When the session's token changes
 * (sign-in as another admin, sign-out) an open channel reconnects with the new one, so it never
 * keeps receiving the previous admin's events; without a token it stays closed.
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
    if (created.state === 'closed' && !created.endedByServer) return;
    created.close();
    if (next) created.connect();
  });
  channel = created;
  return created;
}

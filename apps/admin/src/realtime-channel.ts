/**
 * The admin's realtime channel, apart from api.ts (which the dashboard's shell imports): only the
 * pages that listen import this module, so socket.io-client and the realtime contract load with
 * them, not on the first load (as the main app does, decision 306). An admin's socket joins the
 * `AdminInvoices` room when it connects (decision 319).
 */
import { createSessionRealtime } from '@talaqa/api-client';
import type { Realtime } from '@talaqa/api-client';
import { API_BASE_URL, api } from './api';

let channel: Realtime | null = null;

/** The dashboard's one channel, created closed on first use; a page calls `connect()` to listen. */
export function realtime(): Realtime {
  channel ??= createSessionRealtime({
    url: API_BASE_URL,
    tokens: api.tokens,
    validatePayloads: import.meta.env.MODE !== 'production',
  });
  return channel;
}

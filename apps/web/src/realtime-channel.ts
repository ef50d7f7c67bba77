/**
 * The realtime channel, apart from api.ts (which the app's shell imports): only the pages and
 * hooks that listen import this module, so socket.io-client and the realtime contract load with
 * them, not on the first load (decision 306). Import it from here: a re-export through api.ts
 * would bring socket.io-client back into the shell.
 */
import { createSessionRealtime } from '@talaqa/api-client';
import type { Realtime } from '@talaqa/api-client';
import { API_BASE_URL, api } from './api';

let channel: Realtime | null = null;

/** The app's one channel, created closed on first use; a feature calls `connect()` to listen. */
export function realtime(): Realtime {
  channel ??= createSessionRealtime({
    url: API_BASE_URL,
    tokens: api.tokens,
    validatePayloads: import.meta.env.MODE !== 'production',
  });
  return channel;
}

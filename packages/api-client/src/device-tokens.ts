/**
 * Device tokens (issue 15, OWASP's "device cookie"): a sign-in answers one for the account, and
 * the browser sends it back with its next password sign-in to that e-mail, so its tries are
 * counted for this device alone and nobody else at the same address can hold it back. The map
 * e-mail -> token lives in `localStorage` under its own key and is NOT cleared at sign-out (that
 * is the point); the most recently used DEVICE_TOKENS_KEPT accounts are kept.
 */
import { DEVICE_TOKENS_KEPT, STORAGE_KEYS } from '@talaqa/domain';
import { browserStorage, createMemoryStorage, safeGet, safeSet } from './storage';

export interface DeviceTokenStore {
  /** The token kept for this e-mail (any case, surrounding spaces ignored), if any. */
  get(email: string): string | undefined;
  /** Keeps `token` for this e-mail, as the most recent; the oldest beyond the cap go. */
  save(email: string, token: string): void;
}

const keyOf = (email: string): string => email.trim().toLowerCase();

/** The stored entries, oldest first; anything unreadable counts as none. */
function read(storage: Storage): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(safeGet(storage, STORAGE_KEYS.deviceTokens) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is [string, string] =>
        Array.isArray(entry) &&
        entry.length === 2 &&
        typeof entry[0] === 'string' &&
        typeof entry[1] === 'string',
    );
  } catch {
    return [];
  }
}

export function createDeviceTokenStore(
  options: { storage?: Storage | null; kept?: number } = {},
): DeviceTokenStore {
  const storage =
    options.storage ??
    (options.storage === undefined ? browserStorage('localStorage') : null) ??
    createMemoryStorage();
  const kept = options.kept ?? DEVICE_TOKENS_KEPT;
  return {
    get(email) {
      const key = keyOf(email);
      return read(storage).find(([entry]) => entry === key)?.[1];
    },
    save(email, token) {
      const key = keyOf(email);
      if (!key || !token) return;
      const entries = read(storage).filter(([entry]) => entry !== key);
      entries.push([key, token]);
      safeSet(storage, STORAGE_KEYS.deviceTokens, JSON.stringify(entries.slice(-kept)));
    },
  };
}

/** Storage helpers: an in-memory `Storage` and safe access to the browser's storages. */

/** A `Storage` that lives in memory: the fallback when web storage is unavailable, and for tests. */
export function createMemoryStorage(initial?: Record<string, string>): Storage {
  const data = new Map<string, string>(Object.entries(initial ?? {}));
  const storage = {
    get length() {
      return data.size;
    },
    clear() {
      data.clear();
    },
    getItem(key: string) {
      return data.get(key) ?? null;
    },
    key(index: number) {
      return [...data.keys()][index] ?? null;
    },
    removeItem(key: string) {
      data.delete(key);
    },
    setItem(key: string, value: string) {
      data.set(key, String(value));
    },
  };
  return storage as Storage;
}

/**
 * The browser's `localStorage` or `sessionStorage` when it exists and works; `null` otherwise
 * (Node, sandboxed iframes and some private modes throw on access or on write).
 */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const storage = (globalThis as Record<string, unknown>)[kind] as Storage | undefined;
    if (!storage || typeof storage.getItem !== 'function') return null;
    const probe = '__talaqa_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function safeSet(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    console.warn(`[api-client] could not persist "${key}"`, error);
  }
}

export function safeRemove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: the in-memory copy is the source of truth at runtime.
  }
}

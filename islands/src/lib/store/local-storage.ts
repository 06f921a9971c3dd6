// JSON kept in localStorage. Storage may be missing (server rendering), refused (privacy
// settings) or full: a read then finds nothing and a write keeps the value on this page only.

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The JSON value stored under `key`, or null when there is none or it cannot be read. */
export function readStoredJson(key: string): unknown {
  try {
    const raw = localStorageOrNull()?.getItem(key) ?? null;
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; null removes it. */
export function writeStoredJson(key: string, value: unknown): void {
  try {
    if (value === null) localStorageOrNull()?.removeItem(key);
    else localStorageOrNull()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the value holds on this page only.
  }
}

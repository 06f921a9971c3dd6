import { logWarning } from './log.ts';

// Spec section 9: a failed chunk load reloads the page at most once per path per 10 s.
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_KEY_PREFIX = 'islands:chunk-reload:';

export interface ChunkReloadEnv {
  /** sessionStorage; null where it is unavailable (then the page is never reloaded). */
  readonly storage: Storage | null;
  readonly path: string;
  readonly now: () => number;
  readonly reload: () => void;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function browserChunkReloadEnv(): ChunkReloadEnv {
  return {
    storage: sessionStorageOrNull(),
    path: window.location.pathname,
    now: () => Date.now(),
    reload: () => window.location.reload(),
  };
}

/**
 * Reloads the page after a chunk failed to load, which usually means a new build replaced
 * the chunks: the new page links the new ones. Returns whether it reloaded. The last reload
 * time per path is kept in sessionStorage so a chunk that really is broken cannot loop.
 */
export function reloadAfterChunkFailure(error: unknown, env: ChunkReloadEnv): boolean {
  const key = CHUNK_RELOAD_KEY_PREFIX + env.path;
  const now = env.now();
  let lastReload = Number.NaN;
  try {
    lastReload = Number(env.storage?.getItem(key) ?? Number.NaN);
  } catch {
    // Treated as never reloaded.
  }
  const mayReload = env.storage !== null && !(now - lastReload < CHUNK_RELOAD_GUARD_MS);
  if (!mayReload) {
    logWarning('a code chunk failed to load', error);
    return false;
  }
  try {
    env.storage?.setItem(key, String(now));
  } catch {
    // Without a record the guard cannot work: do not risk a reload loop.
    logWarning('a code chunk failed to load', error);
    return false;
  }
  env.reload();
  return true;
}

/** Loads a chunk; on failure reloads the page (guarded) and resolves to null. */
export async function loadChunk<Module>(
  load: () => Promise<Module>,
  env: ChunkReloadEnv = browserChunkReloadEnv(),
): Promise<Module | null> {
  try {
    return await load();
  } catch (error) {
    reloadAfterChunkFailure(error, env);
    return null;
  }
}

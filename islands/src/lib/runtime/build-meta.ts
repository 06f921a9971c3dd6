import { isSlowConnection } from './connection.ts';
import { logWarning } from './log.ts';
import { whenPageLoaded } from './page-loaded.ts';

// Spec section 9: the manifest is fetched about 1 s after load, unless the connection is slow.
export const BUILD_META_DELAY_MS = 1000;

/** `/builds/meta/{id}.json`: the route rules and the prerendered paths of a build. */
export interface BuildMeta {
  readonly id: string;
  readonly timestamp: number;
  readonly matcher: unknown;
  readonly prerendered: readonly string[];
}

let currentBuildMeta: BuildMeta | null = null;

/** The current build's meta once fetched, else null. */
export function getBuildMeta(): BuildMeta | null {
  return currentBuildMeta;
}

export function buildMetaUrl(buildId: string): string {
  return `/builds/meta/${encodeURIComponent(buildId)}.json`;
}

/** Fetches the build meta; a failure is only logged (spec section 8) and gives null. */
export async function fetchBuildMeta(buildId: string, fetchImpl: typeof fetch = fetch): Promise<BuildMeta | null> {
  try {
    const response = await fetchImpl(buildMetaUrl(buildId), { credentials: 'same-origin' });
    if (!response.ok) {
      logWarning(`build manifest: HTTP ${response.status}`);
      return null;
    }
    const meta = (await response.json()) as BuildMeta;
    currentBuildMeta = meta;
    return meta;
  } catch (error) {
    logWarning('build manifest could not be fetched', error);
    return null;
  }
}

/** Fetches the build meta about 1 s after `load`; skipped (null) on a very slow connection. */
export async function fetchBuildMetaAfterLoad(
  buildId: string,
  win: Window & typeof globalThis = window,
  fetchImpl: typeof fetch = (...args) => win.fetch(...args),
): Promise<BuildMeta | null> {
  await whenPageLoaded(win);
  await new Promise<void>((resolve) => win.setTimeout(resolve, BUILD_META_DELAY_MS));
  if (isSlowConnection(win.navigator)) return null;
  return fetchBuildMeta(buildId, fetchImpl);
}

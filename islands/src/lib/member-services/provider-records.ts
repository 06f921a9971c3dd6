// The member's provider applications as the API lists them, and those this page sends: read by
// the lists of them, apart from the form's code, so that drawing a list before React loads
// (draw-viewer.ts) fetches no more than it needs.
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas } from '../api/types.ts';
import { logWarning } from '../runtime/log.ts';
import { fetchAllPages, fetchQuietly, MEMBER_PATHS } from './calls.ts';

export type ProviderApplication = ApiSchemas['ProviderView'];

/** `GET /api/service/providers/`: the member's own applications. */
export function fetchProviderApplications(): Promise<ActionResult<ProviderApplication[]>> {
  return fetchQuietly('the provider applications', () => fetchAllPages<ProviderApplication>(MEMBER_PATHS.providers));
}

type AppliedListener = (application: ProviderApplication) => void;
const appliedListeners = new Set<AppliedListener>();

/**
 * Calls `listener` with each application this page sends: the form and the list of the
 * member's applications are islands of their own. Returns the way to stop.
 */
export function onProviderApplied(listener: AppliedListener): () => void {
  appliedListeners.add(listener);
  return () => appliedListeners.delete(listener);
}

/** Tells the listeners of an application sent; one that throws cannot make it a failure. */
export function announceProviderApplied(application: ProviderApplication): void {
  for (const listener of appliedListeners) {
    try {
      listener(application);
    } catch (error) {
      logWarning('a listener of provider applications failed', error);
    }
  }
}

/** Forgets who listens (for the tests). */
export function resetProviderRecords(): void {
  appliedListeners.clear();
}

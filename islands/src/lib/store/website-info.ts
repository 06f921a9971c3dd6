// The website info store (spec section 3): default contact values, and the first item of
// `GET /api/website-info/`, loaded by the runtime at startup (spec section 1). Not persisted.
import { apiRequest } from '../api/client.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas } from '../api/types.ts';
import { logWarning } from '../runtime/log.ts';
import { initialWebsiteInfo, type WebsiteInfo } from './app-state.ts';
import { appStore } from './app-store.ts';

export const WEBSITE_INFO_PATH = '/api/website-info/';

/**
 * `GET /api/website-info/`: its first item becomes `websiteInfo` (the defaults stay when the
 * list is empty). A failure is only logged (spec section 8).
 */
export async function fetchWebsiteInfo(): Promise<ActionResult<WebsiteInfo | null>> {
  try {
    const page = await apiRequest<ApiSchemas['Paginated_WebsiteInfoView']>('GET', WEBSITE_INFO_PATH, { expect: 200 });
    const first = Array.isArray(page?.results) ? (page.results[0] ?? null) : null;
    appStore.setState((state) => ({ websiteInfo: { ...state.websiteInfo, websiteInfo: first } }));
    return { success: true, data: first };
  } catch (error) {
    logWarning('could not load the website info', error);
    return { success: false, error };
  }
}

/** Back to the defaults (for the tests). */
export function resetWebsiteInfo(): void {
  appStore.setState({ websiteInfo: initialWebsiteInfo });
}

// What the member's marketplace actions share: the paths, reading every page of a list, and
// running a change under the full-screen loader.
import { apiRequest } from '../api/client.ts';
import { logWarning } from '../runtime/log.ts';
import { setLoading } from '../store/loading.ts';

export const MEMBER_PATHS = {
  bookings: '/api/service/booking/',
  booking: (id: number) => `/api/service/booking/${encodeURIComponent(String(id))}/`,
  providers: '/api/service/providers/',
  provider: (id: number) => `/api/service/providers/${encodeURIComponent(String(id))}/`,
  services: '/api/service/',
  service: (id: number) => `/api/service/${encodeURIComponent(String(id))}/`,
  bookmarks: '/api/bookmarks/',
  bookmark: (id: number) => `/api/bookmarks/${encodeURIComponent(String(id))}/`,
  unreadMessages: '/api/messages/unread/',
} as const;

/** The API's largest page (api-contract: Conventions). */
export const PAGE_SIZE = 100;
/** A stop for a list that never ends (a server fault): 50 pages of 100. */
const MAX_PAGES = 50;

interface Page<Item> {
  readonly count?: number;
  readonly next?: string | null;
  readonly results?: readonly Item[];
}

/** Every item of a paginated list: pages of 100 until `next` is null. */
export async function fetchAllPages<Item>(path: string, query: Record<string, string> = {}): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const params = new URLSearchParams({ ...query, page: String(page), page_size: String(PAGE_SIZE) });
    const answer = await apiRequest<Page<Item> | null>('GET', `${path}?${params}`, { expect: 200 });
    const results = Array.isArray(answer?.results) ? answer.results : [];
    items.push(...results);
    if (results.length === 0 || answer?.next === null || answer?.next === undefined) break;
  }
  return items;
}

/** Runs a read: the answer on success; a failure is only logged (spec section 8). */
export async function fetchQuietly<Data>(
  what: string,
  call: () => Promise<Data>,
): Promise<{ readonly success: true; readonly data: Data } | { readonly success: false; readonly error: unknown }> {
  try {
    return { success: true, data: await call() };
  } catch (error) {
    logWarning(`could not load ${what}`, error);
    return { success: false, error };
  }
}

/** Runs a change under the full-screen loader (spec section 4). */
export async function withLoader<Result>(call: () => Promise<Result>): Promise<Result> {
  setLoading(true);
  try {
    return await call();
  } finally {
    setLoading(false);
  }
}

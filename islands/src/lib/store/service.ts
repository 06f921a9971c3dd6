// The service store (spec section 3): persisted in localStorage under `service`, restored on
// every page by the runtime, which also loads the service categories at startup (spec section
// 1). This module is part of the runtime's code on every page, so it stays small: the other
// marketplace calls live in src/lib/marketplace/ and load with their islands only.
import { readStoredJson, writeStoredJson } from './local-storage.ts';
import { apiRequest } from '../api/client.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas } from '../api/types.ts';
import { logWarning } from '../runtime/log.ts';
import { initialServiceStore, type Category, type ServiceStore } from './app-state.ts';
import { appStore } from './app-store.ts';

export const SERVICE_STORAGE_KEY = 'service';
/** Every category in one page: the list is paginated (20 by default) and a catalogue has a few dozen. */
export const CATEGORIES_PATH = '/api/service/categories/?page_size=100';

const FIELDS = Object.keys(initialServiceStore) as (keyof ServiceStore)[];
const LIST_FIELDS = ['categories', 'services', 'applications', 'notifications', 'jobs'] as const;
const RECORD_FIELDS = ['currentService', 'currentBooking', 'currentJob'] as const;
/** What belongs to the signed-in member: dropped when the session ends, not to show the next one. */
const MEMBER_FIELDS = ['applications', 'currentBooking', 'notifications'] as const satisfies readonly (keyof ServiceStore)[];

const currentStore = (): ServiceStore => appStore.getState().service;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The stored service store, or null when there is none or it is unreadable. A field of the
 * wrong kind (a list that is not one, a record that is not an object) keeps its initial value.
 */
export function readStoredServiceStore(): ServiceStore | null {
  const value = readStoredJson(SERVICE_STORAGE_KEY);
  if (!isRecord(value)) return null;
  const restored: Record<string, unknown> = { ...initialServiceStore };
  for (const field of LIST_FIELDS) {
    const list = value[field];
    if (Array.isArray(list)) restored[field] = list.filter(isRecord);
  }
  for (const field of RECORD_FIELDS) {
    const record = value[field];
    if (isRecord(record)) restored[field] = record;
  }
  return restored as unknown as ServiceStore;
}

function writeStoredServiceStore(store: ServiceStore): void {
  writeStoredJson(SERVICE_STORAGE_KEY, store);
}

/** Merges `patch` into the service store and writes localStorage when anything changed. */
export function setServiceStore(patch: Partial<ServiceStore>): void {
  const before = currentStore();
  const after = { ...before, ...patch };
  if (!FIELDS.some((field) => !Object.is(before[field], after[field]))) return;
  appStore.setState({ service: after });
  writeStoredServiceStore(after);
}

/** `GET /api/service/categories/` into `categories`. A failure is only logged (spec section 8). */
export async function fetchCategories(): Promise<ActionResult<readonly Category[]>> {
  try {
    const page = await apiRequest<ApiSchemas['Paginated_CategoryView']>('GET', CATEGORIES_PATH, { expect: 200 });
    const categories = Array.isArray(page?.results) ? page.results : [];
    setServiceStore({ categories });
    return { success: true, data: categories };
  } catch (error) {
    logWarning('could not load the service categories', error);
    return { success: false, error };
  }
}

// ---------- restore, sign-out, and other tabs ----------

let restored = false;
let unsubscribe: (() => void) | null = null;

/** Another tab changed the store: follow it (without calling the API). */
function onStorage(event: StorageEvent): void {
  if (event.key !== SERVICE_STORAGE_KEY && event.key !== null) return;
  appStore.setState({ service: readStoredServiceStore() ?? initialServiceStore });
}

/** The session ended (logout, a refused refresh, another tab): the member's records go with it. */
function watchSignOut(): () => void {
  let signedIn = appStore.getState().session.accessToken !== null;
  return appStore.subscribe(() => {
    const now = appStore.getState().session.accessToken !== null;
    if (signedIn && !now) clearMemberRecords();
    signedIn = now;
  });
}

function clearMemberRecords(): void {
  const cleared: Record<string, unknown> = {};
  for (const field of MEMBER_FIELDS) cleared[field] = initialServiceStore[field];
  setServiceStore(cleared as Partial<ServiceStore>);
}

/**
 * Restores the persisted service store, once per page, after the session (a visitor without
 * one gets no member records) and before hydration (the islands' server snapshot stays the
 * initial store). Returns whether anything was stored.
 */
export function restoreServiceStore(): boolean {
  if (restored || typeof window === 'undefined') return false;
  restored = true;
  const stored = readStoredServiceStore();
  if (stored !== null) appStore.setState({ service: stored });
  if (stored !== null && appStore.getState().session.accessToken === null) clearMemberRecords();
  window.addEventListener('storage', onStorage);
  unsubscribe = watchSignOut();
  return stored !== null;
}

/** Back to a fresh page: nothing restored, nothing watched (for the tests). */
export function resetServiceModule(): void {
  restored = false;
  unsubscribe?.();
  unsubscribe = null;
  if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  appStore.setState({ service: initialServiceStore });
}

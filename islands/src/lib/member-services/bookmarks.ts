// Bookmarks: a visitor's live in this browser (localStorage `bookmarks`), a signed-in member's
// on the server (`/api/bookmarks/`). On login the visitor's are saved to the account (the API
// saves each once, so merging twice is harmless) and then cleared here. One small store per
// page, shared by every bookmark island on it (the toggles and the /bookmarks list).
import { readStoredJson, writeStoredJson } from '../store/local-storage.ts';
import { BOOKMARKS_STORAGE_KEY } from './bookmark-storage.ts';
import { apiRequest } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas } from '../api/types.ts';
import { logWarning } from '../runtime/log.ts';
import { appStore } from '../store/app-store.ts';
import { fetchAllPages, MEMBER_PATHS } from './calls.ts';
import { idOf } from './record-id.ts';

export type Bookmark = ApiSchemas['BookmarkView'];
export type BookmarkKind = 'service' | 'job';

export interface BookmarkTarget {
  readonly kind: BookmarkKind;
  readonly id: number;
}

/** A visitor's bookmark, as this browser keeps it. */
export interface LocalBookmark extends BookmarkTarget {
  readonly title: string;
  /** The site path of its page. */
  readonly link: string;
  /** ISO 8601. */
  readonly saved_at: string;
}

export interface MemberBookmarks {
  readonly status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Newest first. */
  readonly items: readonly Bookmark[];
}

/** A member's bookmarks before anything is asked (and a visitor's account list: none). */
export const NOT_LOADED: MemberBookmarks = Object.freeze({ status: 'idle', items: Object.freeze([]) });

/** The page of a service or a job. */
export function linkOf(target: BookmarkTarget): string {
  return target.kind === 'service' ? `/services/details?id=${target.id}` : `/apply?id=${target.id}`;
}

// ---------- the visitor's, in localStorage ----------

function readLocal(): LocalBookmark[] {
  const value = readStoredJson(BOOKMARKS_STORAGE_KEY);
  if (!Array.isArray(value)) return [];
  const list: LocalBookmark[] = [];
  for (const item of value as unknown[]) {
    if (item === null || typeof item !== 'object') continue;
    const { kind, title, saved_at } = item as Record<string, unknown>;
    const id = idOf((item as Record<string, unknown>).id);
    if ((kind !== 'service' && kind !== 'job') || id === null) continue;
    if (list.some((other) => other.kind === kind && other.id === id)) continue;
    const target = { kind, id } as const;
    list.push({ ...target, title: typeof title === 'string' ? title : '', link: linkOf(target), saved_at: typeof saved_at === 'string' ? saved_at : '' });
  }
  return list;
}

let local: readonly LocalBookmark[] | null = null;
let member: MemberBookmarks = NOT_LOADED;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function writeLocal(list: readonly LocalBookmark[]): void {
  writeStoredJson(BOOKMARKS_STORAGE_KEY, list.length === 0 ? null : list);
  local = list;
  emit();
}

/** The visitor's bookmarks, newest first (the same list until it changes). */
export function localBookmarks(): readonly LocalBookmark[] {
  if (local === null) local = readLocal();
  return local;
}

function onStorage(event: StorageEvent): void {
  if (event.key !== BOOKMARKS_STORAGE_KEY && event.key !== null) return;
  local = null;
  emit();
}

/** Calls `listener` whenever a bookmark list changes (this page, or another tab's localStorage). */
export function subscribeBookmarks(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

// ---------- the member's, on the server ----------

const signedIn = (): boolean => appStore.getState().session.accessToken !== null;

export function memberBookmarks(): MemberBookmarks {
  return member;
}

function setMember(next: MemberBookmarks): void {
  member = next;
  emit();
}

let loading: Promise<void> | null = null;

/** `GET /api/bookmarks/` (every page), once per page; a failure is only logged. */
export function loadMemberBookmarks(options: { readonly force?: boolean } = {}): Promise<void> {
  if (loading !== null) return loading;
  if (member.status === 'ready' && options.force !== true) return Promise.resolve();
  setMember({ status: 'loading', items: member.items });
  loading = (async () => {
    // Whatever this browser kept while signed out goes to the account first.
    if (localBookmarks().length > 0) await mergeVisitorBookmarks();
    try {
      setMember({ status: 'ready', items: await fetchAllPages<Bookmark>(MEMBER_PATHS.bookmarks) });
    } catch (error) {
      logWarning('could not load the bookmarks', error);
      setMember({ status: 'failed', items: member.items });
    }
  })().finally(() => {
    loading = null;
  });
  return loading;
}

const matches = (bookmark: Bookmark, target: BookmarkTarget): boolean =>
  target.kind === 'service' ? bookmark.service === target.id : bookmark.job === target.id;

/** Whether the target is saved: in the account when signed in, else in this browser. */
export function isBookmarked(target: BookmarkTarget, member: MemberBookmarks, local: readonly LocalBookmark[], isMember: boolean): boolean {
  return isMember ? member.items.some((bookmark) => matches(bookmark, target)) : local.some((item) => item.kind === target.kind && item.id === target.id);
}

const bodyOf = (target: BookmarkTarget) => (target.kind === 'service' ? { service: target.id } : { job: target.id });

/** Saves the target: `POST /api/bookmarks/` for a member (201 new, 200 already saved), else in this browser. */
export async function saveBookmark(target: BookmarkTarget, title: string): Promise<ActionResult<null>> {
  if (!signedIn()) {
    const rest = localBookmarks().filter((item) => !(item.kind === target.kind && item.id === target.id));
    writeLocal([{ ...target, title, link: linkOf(target), saved_at: new Date().toISOString() }, ...rest]);
    return { success: true, data: null };
  }
  try {
    const saved = await apiRequest<Bookmark>('POST', MEMBER_PATHS.bookmarks, { json: bodyOf(target) });
    setMember({ status: member.status, items: [saved, ...member.items.filter((item) => item.id !== saved.id)] });
    return { success: true, data: null };
  } catch (error) {
    logWarning('could not save the bookmark', error);
    return { success: false, error };
  }
}

/** Removes the target: `DELETE /api/bookmarks/{id}/` for a member (a bookmark already gone counts as removed), else from this browser. */
export async function removeBookmark(target: BookmarkTarget): Promise<ActionResult<null>> {
  if (!signedIn()) {
    writeLocal(localBookmarks().filter((item) => !(item.kind === target.kind && item.id === target.id)));
    return { success: true, data: null };
  }
  const saved = member.items.filter((item) => matches(item, target));
  try {
    for (const bookmark of saved) {
      try {
        await apiRequest('DELETE', MEMBER_PATHS.bookmark(bookmark.id), { expect: 204 });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
  } catch (error) {
    logWarning('could not remove the bookmark', error);
    return { success: false, error };
  }
  setMember({ status: member.status, items: member.items.filter((item) => !matches(item, target)) });
  return { success: true, data: null };
}

/** Whether a refused save will be refused again (the service or job is gone), so the local copy can go. */
const refusedForGood = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 408 && error.status !== 429;

let merging: Promise<number> | null = null;

/**
 * After login: `POST /api/bookmarks/` for each bookmark this browser kept, then clears them
 * here. One that got no answer (offline, a server fault) stays, to be merged next time.
 * Resolves how many the account took.
 */
export function mergeVisitorBookmarks(): Promise<number> {
  if (merging !== null) return merging;
  merging = (async () => {
    const pending = localBookmarks();
    if (pending.length === 0 || !signedIn()) return 0;
    let merged = 0;
    const kept: LocalBookmark[] = [];
    // Oldest first, so that the account's newest-first order matches the visitor's.
    for (const item of [...pending].reverse()) {
      try {
        await apiRequest<Bookmark>('POST', MEMBER_PATHS.bookmarks, { json: bodyOf(item) });
        merged += 1;
      } catch (error) {
        logWarning(`could not merge the bookmark of ${item.link}`, error);
        if (!refusedForGood(error)) kept.unshift(item);
      }
    }
    // Saved in the meantime on this page (another island) stays too.
    const added = localBookmarks().filter((item) => !pending.includes(item));
    writeLocal([...added, ...kept]);
    if (merged > 0 && member.status === 'ready') setMember({ status: 'idle', items: member.items });
    return merged;
  })().finally(() => {
    merging = null;
  });
  return merging;
}

/** Back to a fresh page (for the tests). */
export function resetBookmarksModule(): void {
  local = null;
  member = NOT_LOADED;
  loading = null;
  merging = null;
}

// What an island's markup shows of the person viewing the page. The server knows nobody, so its
// markup shows a visitor with nothing saved. Before React owns an island that waits for the
// first interaction, the runtime draws the viewer's own state into that markup (their session,
// their bookmarks, their provider applications: see draw-viewer.ts) and records here what it
// drew; React then hydrates that island with the same state, so the markup and the first
// render agree.
import type { LocalBookmark, MemberBookmarks } from '../member-services/bookmarks.ts';
import { NOT_LOADED } from '../member-services/bookmarks.ts';
import { APPLICATIONS_NOT_LOADED, type MemberProviderApplications } from '../member-services/provider-application-state.ts';
import { initialSession, type AuthSession } from '../store/app-state.ts';

export interface ViewerState {
  readonly session: AuthSession;
  /** The member's bookmarks as loaded so far (not loaded for a visitor). */
  readonly memberBookmarks: MemberBookmarks;
  /** The bookmarks this browser keeps for a visitor. */
  readonly localBookmarks: readonly LocalBookmark[];
  /** The member's provider applications as loaded so far (not loaded for a visitor). */
  readonly providerApplications: MemberProviderApplications;
}

/** What the server's markup shows: a visitor, nothing saved. */
export const SERVER_VIEWER: ViewerState = Object.freeze({
  session: initialSession,
  memberBookmarks: NOT_LOADED,
  localBookmarks: Object.freeze([]),
  providerApplications: APPLICATIONS_NOT_LOADED,
});

const drawn = new WeakMap<Element, ViewerState>();
const claimed = new WeakSet<Element>();

/** Whether React has taken the island: its markup must not be drawn on any more. */
export function isClaimed(island: Element): boolean {
  return claimed.has(island);
}

/** Records that `island`'s markup now shows `viewer`. */
export function recordDrawn(island: Element, viewer: ViewerState): void {
  if (!claimed.has(island)) drawn.set(island, viewer);
}

/** Hands the island to React: what its markup shows, never drawn on again. */
export function claimViewerState(island: Element): ViewerState {
  claimed.add(island);
  return drawn.get(island) ?? SERVER_VIEWER;
}

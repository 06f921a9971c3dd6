// Before React owns an island that waits for the viewer's first interaction (or, a member's
// list, to be scrolled to), its server markup shows a visitor with nothing saved. This draws
// the viewer's own state on it instead, without React: a member's enabled form and button (audience.ts), the bookmarks saved by a member or
// kept by a visitor (bookmark-look.ts). Each island drawn records what it shows
// (viewer-state.ts), and hydrates with it. It draws again whenever the session or the
// bookmarks change, until React takes the island.
import { drawAudience } from '../member-services/audience.ts';
import { bookmarkLook, bookmarkTargetOf, drawBookmarkLook } from '../member-services/bookmark-look.ts';
import { loadMemberBookmarks, localBookmarks, memberBookmarks, NOT_LOADED, subscribeBookmarks } from '../member-services/bookmarks.ts';
import { appStore } from '../store/app-store.ts';
import type { IslandElement } from './island-elements.ts';
import { isClaimed, recordDrawn, SERVER_VIEWER, type ViewerState } from './viewer-state.ts';

const BOOKMARK_TOGGLE = 'bookmark-toggle';

const isSignedIn = (viewer: ViewerState): boolean => viewer.session.accessToken !== null;

/** What an island shows of the viewer besides its parts' audience, by island name. */
const DRAWERS: Readonly<Record<string, (island: IslandElement, viewer: ViewerState) => void>> = {
  [BOOKMARK_TOGGLE]: (island, viewer) => {
    const target = bookmarkTargetOf(island.props);
    if (target === null) return;
    drawBookmarkLook(island.element, bookmarkLook(target, { signedIn: isSignedIn(viewer), member: viewer.memberBookmarks, local: viewer.localBookmarks }));
  },
};

let waiting: IslandElement[] = [];
let shown: ViewerState = SERVER_VIEWER;
let unsubscribe: (() => void) | null = null;

function currentViewer(): ViewerState {
  const session = appStore.getState().session;
  const memberList = session.accessToken === null ? NOT_LOADED : memberBookmarks();
  const local = localBookmarks();
  // The same viewer as drawn: nothing to draw again.
  const unchanged =
    isSignedIn(shown) === (session.accessToken !== null) &&
    shown.memberBookmarks === memberList &&
    (shown.localBookmarks === local || (shown.localBookmarks.length === 0 && local.length === 0));
  return unchanged ? shown : { session, memberBookmarks: memberList, localBookmarks: local };
}

function draw(force: boolean): void {
  const viewer = currentViewer();
  if (viewer === shown && !force) return;
  shown = viewer;
  waiting = waiting.filter((island) => !isClaimed(island.element));
  const signedIn = isSignedIn(viewer);
  for (const island of waiting) {
    drawAudience(island.element, signedIn);
    DRAWERS[island.name]?.(island, viewer);
    recordDrawn(island.element, viewer);
  }
  if (signedIn && viewer.memberBookmarks.status === 'idle' && waiting.some((island) => island.name === BOOKMARK_TOGGLE)) {
    void loadMemberBookmarks();
  }
  if (waiting.length === 0) stopWatching();
}

function stopWatching(): void {
  unsubscribe?.();
  unsubscribe = null;
}

/**
 * Draws the viewer on `islands` (those that wait: hydrate-islands.ts) now, and again whenever
 * the session or the bookmarks change, until React takes each.
 */
export function drawViewer(islands: readonly IslandElement[]): void {
  if (islands.length === 0) return;
  waiting = [...waiting, ...islands];
  if (unsubscribe === null) {
    const onChange = (): void => draw(false);
    const stopStore = appStore.subscribe(onChange);
    const stopBookmarks = subscribeBookmarks(onChange);
    unsubscribe = () => {
      stopStore();
      stopBookmarks();
    };
  }
  // The new islands show the server's visitor, whatever was drawn on the others.
  draw(true);
}

/** Back to a fresh page (for the tests). */
export function resetDrawViewer(): void {
  stopWatching();
  waiting = [];
  shown = SERVER_VIEWER;
}

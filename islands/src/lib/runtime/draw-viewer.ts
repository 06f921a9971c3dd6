// Before React owns an island that waits for the viewer's first interaction, its server markup
// shows a visitor with nothing saved. This draws the viewer's own state on it instead, without
// React: a member's enabled form and button (audience.ts), the bookmarks saved by a member or
// kept by a visitor (bookmark-look.ts), a member's provider applications
// (provider-application-look.ts). Each island drawn records what it shows (viewer-state.ts), and
// hydrates with it. It draws again whenever the session, the bookmarks or the applications
// change, until React takes the island.
import { drawAudience } from '../member-services/audience.ts';
import { bookmarkLook, bookmarkTargetOf, drawBookmarkLook } from '../member-services/bookmark-look.ts';
import { loadMemberBookmarks, localBookmarks, memberBookmarks, NOT_LOADED, subscribeBookmarks } from '../member-services/bookmarks.ts';
import { loadMemberProviderApplications, memberProviderApplications, subscribeProviderApplications } from '../member-services/provider-application-list.ts';
import { drawProviderApplications } from '../member-services/provider-application-look.ts';
import { APPLICATIONS_NOT_LOADED } from '../member-services/provider-application-state.ts';
import { appStore } from '../store/app-store.ts';
import type { IslandElement } from './island-elements.ts';
import { isClaimed, recordDrawn, SERVER_VIEWER, type ViewerState } from './viewer-state.ts';

const BOOKMARK_TOGGLE = 'bookmark-toggle';
const PROVIDER_APPLICATIONS = 'provider-applications';

const isSignedIn = (viewer: ViewerState): boolean => viewer.session.accessToken !== null;

/** What an island shows of the viewer besides its parts' audience, by island name. */
const DRAWERS: Readonly<Record<string, (island: IslandElement, viewer: ViewerState) => void>> = {
  [BOOKMARK_TOGGLE]: (island, viewer) => {
    const target = bookmarkTargetOf(island.props);
    if (target === null) return;
    drawBookmarkLook(island.element, bookmarkLook(target, { signedIn: isSignedIn(viewer), member: viewer.memberBookmarks, local: viewer.localBookmarks }));
  },
  [PROVIDER_APPLICATIONS]: (island, viewer) => drawProviderApplications(island.element, viewer.providerApplications),
};

let waiting: IslandElement[] = [];
let shown: ViewerState = SERVER_VIEWER;
let unsubscribe: (() => void) | null = null;

/** Whether an island of `name` waits to be drawn. */
const isWaiting = (name: string): boolean => waiting.some((island) => island.name === name);

function currentViewer(): ViewerState {
  const session = appStore.getState().session;
  const signedIn = session.accessToken !== null;
  const memberList = signedIn ? memberBookmarks() : NOT_LOADED;
  const local = localBookmarks();
  const applications = signedIn ? memberProviderApplications() : APPLICATIONS_NOT_LOADED;
  // The same viewer as drawn: nothing to draw again.
  const unchanged =
    isSignedIn(shown) === signedIn &&
    shown.memberBookmarks === memberList &&
    (shown.localBookmarks === local || (shown.localBookmarks.length === 0 && local.length === 0)) &&
    shown.providerApplications === applications;
  return unchanged ? shown : { session, memberBookmarks: memberList, localBookmarks: local, providerApplications: applications };
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
  if (signedIn && viewer.memberBookmarks.status === 'idle' && isWaiting(BOOKMARK_TOGGLE)) void loadMemberBookmarks();
  if (signedIn && viewer.providerApplications.status === 'idle' && isWaiting(PROVIDER_APPLICATIONS)) void loadMemberProviderApplications();
  if (waiting.length === 0) stopWatching();
}

function stopWatching(): void {
  unsubscribe?.();
  unsubscribe = null;
}

/**
 * Draws the viewer on `islands` (those that wait: hydrate-islands.ts) now, and again whenever
 * the session, the bookmarks or the applications change, until React takes each.
 */
export function drawViewer(islands: readonly IslandElement[]): void {
  if (islands.length === 0) return;
  waiting = [...waiting, ...islands];
  if (unsubscribe === null) {
    const onChange = (): void => draw(false);
    const stopStore = appStore.subscribe(onChange);
    const stopBookmarks = subscribeBookmarks(onChange);
    const stopApplications = subscribeProviderApplications(onChange);
    unsubscribe = () => {
      stopStore();
      stopBookmarks();
      stopApplications();
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

import type { IslandLoader } from 'virtual:island-loaders';
import { appStore } from '../store/app-store.ts';
import { keepsVisitorBookmarks } from '../member-services/bookmark-storage.ts';
import { loadChunk, type ChunkReloadEnv } from './chunk-reload.ts';
import { holdEarlyInput } from './early-input.ts';
import { hydrateIsland } from './hydrate-island.ts';
import { findIslandElements, type HydrationStrategy, type IslandElement } from './island-elements.ts';
import { scheduleHydration } from './hydration-schedule.ts';
import { logWarning } from './log.ts';

// Roots already scheduled: running the runtime twice must not hydrate an island twice.
const scheduledRoots = new WeakSet<HTMLElement>();

/** When `island` hydrates for this viewer: a signed-in member may have an island's own strategy. */
function strategyFor(island: IslandElement): HydrationStrategy {
  return island.memberStrategy !== null && appStore.getState().session.accessToken !== null ? island.memberStrategy : island.strategy;
}

/**
 * Whether the viewer's own state is drawn on `island` until it hydrates: one that waits for an
 * interaction, and one a member's view of which waits to be scrolled to (its member part shown
 * as they sign in). Not one that hydrates at idle for a member: it shows them more than the
 * drawing knows (their records).
 */
function isDrawn(island: IslandElement): boolean {
  return island.memberStrategy === null ? island.strategy === 'interaction' : island.memberStrategy === 'visible';
}

/** An island scheduled as a visitor's, and how and what to start once the viewer signs in. */
interface MemberLater {
  readonly element: HTMLElement;
  readonly strategy: HydrationStrategy;
  readonly start: () => void;
}

/**
 * Schedules `start` by each island's member strategy once the viewer signs in (in another tab,
 * say) if it was scheduled as a visitor's: a member's records must not wait for a press on
 * markup that shows none.
 */
function scheduleForMemberLater(waiting: readonly MemberLater[]): void {
  if (waiting.length === 0) return;
  const stop = appStore.subscribe(() => {
    if (appStore.getState().session.accessToken === null) return;
    stop();
    for (const { element, strategy, start } of waiting) scheduleHydration(element, strategy, start);
  });
}

/**
 * Whether the viewer has a state of their own to draw (a session, or bookmarks this browser
 * keeps): only then is the drawing's code loaded, so a first visit fetches none of it.
 */
const hasOwnState = (): boolean => appStore.getState().session.accessToken !== null || keepsVisitorBookmarks();

/**
 * Schedules every island in `root` for hydration by its own strategy; those that wait (isDrawn)
 * show the viewer's own state meanwhile (draw-viewer.ts). Returns how many.
 */
export function hydrateIslands(
  root: ParentNode,
  loaders: Readonly<Record<string, IslandLoader>>,
  reloadEnv?: ChunkReloadEnv,
): number {
  let scheduled = 0;
  const drawn: IslandElement[] = [];
  const memberLater: MemberLater[] = [];
  for (const island of findIslandElements(root)) {
    if (scheduledRoots.has(island.element)) continue;
    scheduledRoots.add(island.element);
    scheduled += 1;
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      hydrateIsland(island, loaders, reloadEnv, () => earlyInput.release(true))
        .catch((error: unknown) => {
          logWarning(`island "${island.name}" failed to hydrate`, error);
          return null;
        })
        .then((hydrated) => {
          if (hydrated === null) earlyInput.release(false);
        });
    };
    const earlyInput = holdEarlyInput(island.element, start);
    const strategy = strategyFor(island);
    if (isDrawn(island)) drawn.push(island);
    scheduleHydration(island.element, strategy, start);
    if (island.memberStrategy !== null && strategy !== island.memberStrategy) memberLater.push({ element: island.element, strategy: island.memberStrategy, start });
  }
  scheduleForMemberLater(memberLater);
  if (drawn.length > 0 && hasOwnState()) {
    void loadChunk(() => import('./draw-viewer.ts'), reloadEnv).then((module) => module?.drawViewer(drawn));
  }
  return scheduled;
}

import type { IslandLoader } from 'virtual:island-loaders';
import { appStore } from '../store/app-store.ts';
import { keepsVisitorBookmarks } from '../member-services/bookmark-storage.ts';
import { loadChunk, type ChunkReloadEnv } from './chunk-reload.ts';
import { holdEarlyInput } from './early-input.ts';
import { hydrateIsland } from './hydrate-island.ts';
import { findIslandElements, type IslandElement } from './island-elements.ts';
import { scheduleHydration } from './hydration-schedule.ts';
import { logWarning } from './log.ts';

// Roots already scheduled: running the runtime twice must not hydrate an island twice.
const scheduledRoots = new WeakSet<HTMLElement>();

/**
 * Whether the viewer has a state of their own to draw (a session, or bookmarks this browser
 * keeps): only then is the drawing's code loaded, so a first visit fetches none of it.
 */
const hasOwnState = (): boolean => appStore.getState().session.accessToken !== null || keepsVisitorBookmarks();

/** Calls `draw` once the viewer signs in (in another tab, say): the islands then show a member. */
function drawOnSignIn(draw: () => void): void {
  const stop = appStore.subscribe(() => {
    if (appStore.getState().session.accessToken === null) return;
    stop();
    draw();
  });
}

// Islands whose hydration has begun: React, not the drawing, shows the viewer on them.
const startedRoots = new WeakSet<HTMLElement>();

/**
 * Schedules every island in `root` for hydration by its own strategy; those that wait for an
 * interaction show the viewer's own state meanwhile (draw-viewer.ts). Returns how many.
 */
export function hydrateIslands(
  root: ParentNode,
  loaders: Readonly<Record<string, IslandLoader>>,
  reloadEnv?: ChunkReloadEnv,
): number {
  let scheduled = 0;
  const drawn: IslandElement[] = [];
  for (const island of findIslandElements(root)) {
    if (scheduledRoots.has(island.element)) continue;
    scheduledRoots.add(island.element);
    scheduled += 1;
    const start = (): void => {
      if (startedRoots.has(island.element)) return;
      startedRoots.add(island.element);
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
    if (island.strategy === 'interaction') drawn.push(island);
    scheduleHydration(island.element, island.strategy, start);
  }
  if (drawn.length > 0) {
    const draw = (): void => {
      const waiting = drawn.filter((island) => !startedRoots.has(island.element));
      if (waiting.length > 0) void loadChunk(() => import('./draw-viewer.ts'), reloadEnv).then((module) => module?.drawViewer(waiting));
    };
    if (hasOwnState()) draw();
    else drawOnSignIn(draw);
  }
  return scheduled;
}

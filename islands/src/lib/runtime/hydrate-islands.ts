import type { IslandLoader } from 'virtual:island-loaders';
import { appStore } from '../store/app-store.ts';
import type { ChunkReloadEnv } from './chunk-reload.ts';
import { holdEarlyInput } from './early-input.ts';
import { hydrateIsland } from './hydrate-island.ts';
import { findIslandElements, type HydrationStrategy } from './island-elements.ts';
import { scheduleHydration } from './hydration-schedule.ts';
import { logWarning } from './log.ts';

// Roots already scheduled: running the runtime twice must not hydrate an island twice.
const scheduledRoots = new WeakSet<HTMLElement>();

/**
 * An island that waits for the visitor's first interaction hydrates when idle for a signed-in
 * member instead: it may show their own state (their bookmarks, their details), which its
 * server markup cannot.
 */
function strategyFor(strategy: HydrationStrategy): HydrationStrategy {
  return strategy === 'interaction' && appStore.getState().session.accessToken !== null ? 'idle' : strategy;
}

/** Schedules every island in `root` for hydration by its own strategy. Returns how many. */
export function hydrateIslands(
  root: ParentNode,
  loaders: Readonly<Record<string, IslandLoader>>,
  reloadEnv?: ChunkReloadEnv,
): number {
  let scheduled = 0;
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
    scheduleHydration(island.element, strategyFor(island.strategy), start);
  }
  return scheduled;
}

import type { IslandLoader } from 'virtual:island-loaders';
import type { ChunkReloadEnv } from './chunk-reload.ts';
import { hydrateIsland } from './hydrate-island.ts';
import { findIslandElements } from './island-elements.ts';
import { scheduleHydration } from './hydration-schedule.ts';
import { logWarning } from './log.ts';

// Roots already scheduled: running the runtime twice must not hydrate an island twice.
const scheduledRoots = new WeakSet<HTMLElement>();

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
    scheduleHydration(island.element, island.strategy, () => {
      hydrateIsland(island, loaders, reloadEnv).catch((error: unknown) => {
        logWarning(`island "${island.name}" failed to hydrate`, error);
      });
    });
  }
  return scheduled;
}

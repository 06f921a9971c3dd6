import type { Root } from 'react-dom/client';
import type { IslandLoader } from 'virtual:island-loaders';
import { browserChunkReloadEnv, loadChunk, type ChunkReloadEnv } from './chunk-reload.ts';
import type { IslandElement } from './island-elements.ts';
import { logWarning } from './log.ts';

/**
 * Loads the island's chunk and hydrates its server markup in place; null if it could not.
 * `onHydrated` runs once React owns the markup.
 */
export async function hydrateIsland(
  island: IslandElement,
  loaders: Readonly<Record<string, IslandLoader>>,
  reloadEnv: ChunkReloadEnv = browserChunkReloadEnv(),
  onHydrated?: () => void,
): Promise<Root | null> {
  const loader = Object.prototype.hasOwnProperty.call(loaders, island.name) ? loaders[island.name] : undefined;
  if (!loader) {
    logWarning(`unknown island "${island.name}"; left as server markup`);
    return null;
  }
  const module = await loadChunk(loader, reloadEnv);
  if (module === null) return null;
  const react = await loadChunk(() => import('./react-hydration.ts'), reloadEnv);
  if (react === null) return null;
  return react.hydrateWithReact(island, module.default, onHydrated);
}

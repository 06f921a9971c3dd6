// Types of the island registries that build.mjs generates from the folders under src/islands/ (see
// islandRegistrySource there; vitest.config.ts serves them to the tests).

declare module 'virtual:island-components' {
  import type { ComponentType } from 'react';

  /** Every island by name, imported statically: for the server bundle. */
  export const islandComponents: Readonly<Record<string, ComponentType<Record<string, unknown>>>>;

  /** The islands that declare `export const clientOnly = true`: they render nothing on the server. */
  export const clientOnlyIslands: readonly string[];

  /** The islands that declare `export const serverTemplate`, with what they declare. */
  export const islandTemplates: Readonly<Record<string, import('./lib/server/server-template.ts').ServerTemplate>>;
}

declare module 'virtual:island-loaders' {
  import type { ComponentType } from 'react';

  export interface IslandModule {
    default: ComponentType<Record<string, unknown>>;
  }

  export type IslandLoader = () => Promise<IslandModule>;

  /** Every island by name, imported dynamically (one chunk each): for the browser. */
  export const islandLoaders: Readonly<Record<string, IslandLoader>>;
}

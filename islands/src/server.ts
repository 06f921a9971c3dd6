// Entry of the server bundle (dist/server.js): an IIFE that the Rust server evaluates in
// QuickJS. The polyfills must be imported first.
import './lib/server/polyfills.ts';
import { clientOnlyIslands, islandComponents, islandTemplates } from 'virtual:island-components';
import { renderIslandWith } from './lib/server/render-island.ts';

/** `renderIsland(name, propsJson, idPrefix)`: the island's HTML; throws on an unknown name. */
function renderIsland(name: string, propsJson: string, idPrefix: string): string {
  return renderIslandWith(islandComponents, name, propsJson, idPrefix);
}

(globalThis as { renderIsland?: typeof renderIsland }).renderIsland = renderIsland;
// Read once by the server, which then leaves these islands empty without calling renderIsland.
(globalThis as { clientOnlyIslands?: readonly string[] }).clientOnlyIslands = clientOnlyIslands;
// Read once by the server, which renders these islands once per shape and fills their props in.
(globalThis as { islandTemplates?: typeof islandTemplates }).islandTemplates = islandTemplates;

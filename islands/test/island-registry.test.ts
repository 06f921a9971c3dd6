// @vitest-environment node
// The island registries are generated from the folders under src/ (build.mjs): these check
// that every island folder, and nothing else, can be rendered and loaded by its name.
import { existsSync, readdirSync } from 'node:fs';
import { islandComponents } from 'virtual:island-components';
import { islandLoaders } from 'virtual:island-loaders';
import { describe, expect, it } from 'vitest';
import { islandNames } from '../build.mjs';
import { loadServerBundle } from './server-bundle.ts';

const srcDir = new URL('../src/', import.meta.url);
const folders = readdirSync(srcDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const hasIndex = (folder: string): boolean => existsSync(new URL(`${folder}/index.tsx`, srcDir));
// Shared code, not an island: a folder without an index.tsx.
const NOT_AN_ISLAND = 'store';

describe('the islands', () => {
  it('are the folders under src/ with an index.tsx, and no other', () => {
    expect(folders).toContain(NOT_AN_ISLAND);
    expect(hasIndex(NOT_AN_ISLAND)).toBe(false);
    expect(folders.filter(hasIndex).length).toBeGreaterThan(0);
    for (const folder of folders) expect(islandNames().includes(folder), folder).toBe(hasIndex(folder));
  });

  it('are each rendered by name by the server bundle', () => {
    const renderIsland = loadServerBundle();
    for (const name of islandNames()) expect(() => renderIsland(name, '{}', `${name}-0-`), name).not.toThrow();
    expect(() => renderIsland(NOT_AN_ISLAND, '{}', 'x-0-')).toThrow(`Unknown island: ${NOT_AN_ISLAND}`);
  });

  it('are each loaded by name in the browser, as the component the server renders', async () => {
    expect(Object.keys(islandLoaders).sort()).toEqual(islandNames());
    expect(Object.keys(islandComponents).sort()).toEqual(islandNames());
    for (const name of islandNames()) {
      const module = await islandLoaders[name]!();
      expect(typeof module.default, name).toBe('function');
      expect(module.default, name).toBe(islandComponents[name]);
    }
  });
});

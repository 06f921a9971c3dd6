// @vitest-environment node
// The island registries are generated from the folders under src/islands/ (build.mjs): these
// check that every island folder, and nothing else, can be rendered and loaded by its name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { islandComponents } from 'virtual:island-components';
import { islandLoaders } from 'virtual:island-loaders';
import { describe, expect, it } from 'vitest';
import { islandNames } from '../build.mjs';
import { loadServerBundle } from './server-bundle.ts';

const srcDir = new URL('../src/', import.meta.url);
const foldersIn = (dir: URL): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const hasIndex = (dir: URL, folder: string): boolean => existsSync(new URL(`${folder}/index.tsx`, dir));
const islandsDir = new URL('islands/', srcDir);
const libDir = new URL('lib/', srcDir);
// Shared code, not an island: a folder under src/lib/.
const NOT_AN_ISLAND = 'store';

describe('the islands', () => {
  it('are the folders under src/islands/, each with an index.tsx; shared code is under src/lib/', () => {
    expect(foldersIn(srcDir)).toEqual(['islands', 'lib']);
    expect(foldersIn(islandsDir).length).toBeGreaterThan(0);
    expect(islandNames()).toEqual(foldersIn(islandsDir));
    for (const folder of foldersIn(islandsDir)) expect(hasIndex(islandsDir, folder), folder).toBe(true);
    expect(foldersIn(libDir)).toContain(NOT_AN_ISLAND);
    // An index.tsx under lib/ would be an island in the wrong place: the build would miss it.
    for (const folder of foldersIn(libDir)) expect(hasIndex(libDir, folder), `lib/${folder}`).toBe(false);
  });

  it('import shared code from src/lib/, never one another; src/lib/ imports no island', () => {
    const sources = (dir: URL): URL[] =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => new URL(file, dir));
    const imports = (file: URL): string[] => [...readFileSync(file, 'utf8').matchAll(/(?:from|import\(?|vi\.mock\()\s*'(\.[^']*)'/g)].map((match) => match[1]!);
    // The island a file belongs to, if any.
    const islandOf = (url: URL): string | undefined =>
      url.href.startsWith(islandsDir.href) ? url.href.slice(islandsDir.href.length).split('/')[0] : undefined;
    for (const file of sources(islandsDir)) {
      for (const specifier of imports(file)) {
        const target = islandOf(new URL(specifier, file));
        expect(target === undefined || target === islandOf(file), `${file.pathname} imports ${specifier}`).toBe(true);
      }
    }
    for (const file of sources(libDir)) {
      for (const specifier of imports(file)) expect(islandOf(new URL(specifier, file)), `${file.pathname} imports ${specifier}`).toBeUndefined();
    }
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

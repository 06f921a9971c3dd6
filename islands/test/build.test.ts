// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIslands, islandNames, type BuildResult } from '../build.mjs';

/** The chunk `file` in `assets` and every chunk it imports statically, transitively: what loading it fetches. */
async function withStaticImports(assets: string, file: string): Promise<Map<string, string>> {
  const loaded = new Map<string, string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (loaded.has(next)) continue;
    const code = await readFile(path.join(assets, next), 'utf8');
    loaded.set(next, code);
    pending.push(...[...code.matchAll(/(?:from|import)"\.\/([^"]+\.js)"/g)].map((match) => match[1]!));
  }
  return loaded;
}

describe('build.mjs', () => {
  let workDir: string;
  let outDir: string;
  let result: BuildResult;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'islands-build-'));
    outDir = path.join(workDir, 'dist');
    result = await buildIslands({ outDir });
  }, 60_000);

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  const fileOfUrl = (url: string): string => path.join(outDir, 'assets', url.replace(/^\/assets\//, ''));

  it('writes manifest.json in the agreed format', async () => {
    const manifest: unknown = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8'));
    expect(manifest).toEqual(result.manifest);
    expect(Object.keys(result.manifest)).toEqual(['runtime', 'stylesheet', 'back_office_stylesheet', 'islands', 'hash']);
    expect(result.manifest.runtime).toMatch(/^\/assets\/runtime-[A-Z0-9]+\.js$/);
    expect(result.manifest.stylesheet).toMatch(/^\/assets\/site-[A-Z0-9]+\.css$/);
    expect(result.manifest.back_office_stylesheet).toMatch(/^\/assets\/back-office-[A-Z0-9]+\.css$/);
    expect(Object.keys(result.manifest.islands).sort()).toEqual(islandNames());
    for (const [name, url] of Object.entries(result.manifest.islands)) {
      expect(url).toMatch(new RegExp(`^/assets/${name}-[A-Z0-9]+\\.js$`));
    }
    expect(result.manifest.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('emits every file the manifest names', async () => {
    const urls = [result.manifest.runtime, result.manifest.stylesheet, result.manifest.back_office_stylesheet, ...Object.values(result.manifest.islands)];
    for (const url of urls) expect((await readFile(fileOfUrl(url))).length).toBeGreaterThan(0);
  });

  it('hashes every emitted file into the manifest hash', async () => {
    const files = [...(await readdir(path.join(outDir, 'assets'))).map((file) => `assets/${file}`), 'server.js'].sort();
    const hash = createHash('sha256');
    for (const file of files) {
      hash.update(file);
      hash.update('\0');
      hash.update(await readFile(path.join(outDir, file)));
      hash.update('\0');
    }
    expect(hash.digest('hex')).toBe(result.manifest.hash);
  });

  it('writes a brotli and a gzip copy of every script and stylesheet', async () => {
    const assets = await readdir(path.join(outDir, 'assets'));
    const sources = assets.filter((file) => file.endsWith('.js') || file.endsWith('.css'));
    expect(sources.length).toBeGreaterThan(4);
    for (const file of sources) {
      const bytes = await readFile(path.join(outDir, 'assets', file));
      // Buffer.equals, not toEqual: a deep comparison byte by byte took seconds on a busy machine.
      expect(brotliDecompressSync(await readFile(path.join(outDir, 'assets', `${file}.br`))).equals(bytes), `${file}.br`).toBe(true);
      expect(gunzipSync(await readFile(path.join(outDir, 'assets', `${file}.gz`))).equals(bytes), `${file}.gz`).toBe(true);
    }
  });

  it('makes the runtime load each island chunk by dynamic import (one chunk per island)', async () => {
    const runtime = await readFile(fileOfUrl(result.manifest.runtime), 'utf8');
    for (const url of Object.values(result.manifest.islands)) {
      expect(runtime).toContain(`import("./${path.basename(url)}")`);
    }
    // Minified, production React, ES modules.
    expect(runtime).not.toContain('development');
    expect(runtime).toMatch(/export\s*\{|import\s*[{*"]/);
  });

  it('compiles the site stylesheet with the islands styles, and the back office apart', async () => {
    const css = await readFile(fileOfUrl(result.manifest.stylesheet), 'utf8');
    expect(css).toContain('.isl-toast');
    expect(css).toContain('.isl-back-to-top');
    expect(css).not.toContain('@import');
    const backOffice = await readFile(fileOfUrl(result.manifest.back_office_stylesheet), 'utf8');
    expect(backOffice).toContain('.admin');
    expect(css).not.toContain(backOffice.slice(0, 40));
  });

  it('keeps React out of the runtime and of the drawing of a viewer: it is loaded when the first island hydrates', async () => {
    // Any React build carries this in its element type symbols.
    const react = 'react.transitional.element';
    const runtime = await readFile(fileOfUrl(result.manifest.runtime), 'utf8');
    // The drawing (runtime/draw-viewer.ts) is a chunk the runtime imports when it runs: the one
    // that draws a member's applications.
    const islands = new Set(Object.values(result.manifest.islands).map((url) => path.basename(url)));
    const loadedLater = [...runtime.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((match) => match[1]!).filter((file) => !islands.has(file));
    const assets = path.join(outDir, 'assets');
    const drawings = [];
    for (const file of loadedLater) {
      const loaded = await withStaticImports(assets, file);
      if ([...loaded.values()].some((code) => code.includes('section.isl-provider__applications'))) drawings.push(loaded);
    }
    expect(drawings).toHaveLength(1);
    for (const loaded of [await withStaticImports(assets, path.basename(result.manifest.runtime)), drawings[0]!]) {
      for (const [file, code] of loaded) expect(code, file).not.toContain(react);
    }
    const allChunks = await Promise.all((await readdir(path.join(outDir, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => readFile(path.join(outDir, 'assets', f), 'utf8')));
    expect(allChunks.some((code) => code.includes(react))).toBe(true);
  });

  it('writes a server.js that defines renderIsland', async () => {
    const code = await readFile(path.join(outDir, 'server.js'), 'utf8');
    const context = vm.createContext({});
    vm.runInContext(code, context);
    expect(typeof (context as { renderIsland?: unknown }).renderIsland).toBe('function');
    expect(code).not.toMatch(/require\(|from"node:/);
  });

  it('reports gzip sizes of every asset', () => {
    expect(Object.keys(result.sizes).some((file) => file.startsWith('runtime-'))).toBe(true);
    for (const { raw, gzip } of Object.values(result.sizes)) expect(gzip).toBeLessThanOrEqual(raw + 32);
  });
});

// Builds islands/dist (see the README of this folder):
//   dist/assets/    browser ES module chunks + the site stylesheet, content-hashed names
//   dist/manifest.json
//   dist/server.js  one IIFE for QuickJS that defines globalThis.renderIsland
// `node build.mjs` builds; the test set-up imports the option builders from here so that the
// tests exercise the very bundles that ship.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const islandsDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.join(islandsDir, 'src');
/** The islands, one folder each; shared code is under src/lib/, the two bundle entries in src/. */
const islandFoldersDir = path.join(srcDir, 'islands');
const styleDir = path.join(islandsDir, '..', 'style');
const PRODUCTION = { 'process.env.NODE_ENV': '"production"' };
const ASSETS_URL = '/assets/';

/** The path of an island's component module (its default export). */
function islandFile(name) {
  return path.join(islandFoldersDir, name, 'index.tsx');
}

/** An island is a folder under src/islands/ with an index.tsx; its folder name is its name. */
export function islandNames() {
  return readdirSync(islandFoldersDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(islandFile(entry.name)))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The islands that render nothing on the server, as they declare with `export const
 * clientOnly = true;` in their index.tsx: the server bundle lists them, and the server leaves
 * their place empty without running React for them.
 */
export function clientOnlyIslandNames() {
  return islandNames().filter((name) => /^export const clientOnly = true;$/m.test(readFileSync(islandFile(name), 'utf8')));
}

/**
 * The islands whose server markup holds some props only as text, as they declare with `export
 * const serverTemplate: ServerTemplate = { service: 'id', title: 'text' };` in their index.tsx
 * (an id: a positive whole number, written as its digits; a text: a non-empty string, escaped):
 * the server renders such an island once per shape and fills those props in, instead of
 * running React for every card. A declaration it cannot read stops the build.
 */
export function serverTemplates() {
  const templates = {};
  for (const name of islandNames()) {
    const source = readFileSync(islandFile(name), 'utf8');
    const declared = /^export const serverTemplate\b.*$/m.exec(source);
    if (!declared) continue;
    const body = /^export const serverTemplate: ServerTemplate = \{((?: \w+: '(?:id|text)',?)+) \};$/.exec(declared[0]);
    if (!body) throw new Error(`${islandFile(name)}: write serverTemplate on one line as { prop: 'id' | 'text', ... }`);
    templates[name] = Object.fromEntries([...body[1].matchAll(/(\w+): '(id|text)'/g)].map((pair) => [pair[1], pair[2]]));
  }
  return templates;
}

/** Import ids of the generated island registries (a typo gets an error, not a missing module). */
export const ISLAND_REGISTRY = /^virtual:island-/;

/**
 * Source of the island registry `virtual:island-components` or `virtual:island-loaders`: one
 * entry per islandNames(), so that adding a folder is all it takes to add an island.
 */
export function islandRegistrySource(id) {
  // Absolute paths: a virtual module has no folder for relative ones to start from.
  const islands = islandNames().map((name) => [JSON.stringify(name), JSON.stringify(islandFile(name))]);
  switch (id) {
    // The server bundle imports every island statically: renderIsland may be asked for any.
    case 'virtual:island-components':
      return [
        ...islands.map(([, file], index) => `import island${index} from ${file};`),
        `export const islandComponents = {${islands.map(([name], index) => `${name}: island${index}`).join(', ')}};`,
        `export const clientOnlyIslands = ${JSON.stringify(clientOnlyIslandNames())};`,
        `export const islandTemplates = ${JSON.stringify(serverTemplates())};`,
      ].join('\n');
    // The browser imports each island dynamically, so esbuild splits one chunk per island and
    // a page downloads only the islands it has.
    case 'virtual:island-loaders':
      return `export const islandLoaders = {${islands.map(([name, file]) => `${name}: () => import(${file})`).join(', ')}};`;
    default:
      throw new Error(`no island registry ${id}`);
  }
}

/** Serves the island registries to esbuild (vitest.config.ts does the same for the tests). */
const islandRegistryPlugin = {
  name: 'island-registry',
  setup(build) {
    build.onResolve({ filter: ISLAND_REGISTRY }, (args) => ({ path: args.path, namespace: 'island-registry' }));
    build.onLoad({ filter: /.*/, namespace: 'island-registry' }, (args) => ({
      contents: islandRegistrySource(args.path),
      loader: 'js',
      // Without a resolveDir, esbuild resolves no import of a module outside the file system.
      resolveDir: srcDir,
    }));
  },
};

/** The browser build: the runtime and one entry per island, sharing chunks (React, the store). */
export function browserBuildOptions(outdir) {
  const entryPoints = { runtime: path.join(srcDir, 'runtime.ts') };
  for (const name of islandNames()) entryPoints[name] = islandFile(name);
  return {
    absWorkingDir: islandsDir,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    define: PRODUCTION,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    plugins: [islandRegistryPlugin],
    logLevel: 'warning',
  };
}

/** The server bundle: react-dom/server (browser build: no Node streams) and every island. */
export function serverBuildOptions(outfile) {
  return {
    absWorkingDir: islandsDir,
    entryPoints: [path.join(srcDir, 'server.ts')],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2020',
    minify: true,
    define: PRODUCTION,
    plugins: [islandRegistryPlugin],
    logLevel: 'warning',
  };
}

const STYLE_FILE_LOADERS = Object.fromEntries(
  ['.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif', '.woff', '.woff2', '.ttf', '.otf'].map((ext) => [ext, 'file']),
);

/** Root-relative url(/images/...) in CSS stay as written: the server serves those paths. */
const rootRelativeUrlsStayExternal = {
  name: 'root-relative-urls-stay-external',
  setup(build) {
    build.onResolve({ filter: /^\// }, (args) => (args.kind === 'url-token' ? { path: args.path, external: true } : undefined));
  },
};

/**
 * The stylesheets: the site's from ../style/main.css (the server puts it inline in every page,
 * so no request blocks the first paint), and the back office's, linked by its pages alone.
 */
export function stylesheetBuildOptions(outdir) {
  return {
    entryPoints: { site: path.join(styleDir, 'main.css'), 'back-office': path.join(styleDir, 'back-office.css') },
    absWorkingDir: islandsDir,
    outdir,
    bundle: true,
    minify: true,
    // Browsers of the ES2020 era: lowers CSS nesting and the like where needed.
    target: ['chrome90', 'edge90', 'firefox90', 'safari14'],
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    loader: STYLE_FILE_LOADERS,
    plugins: [rootRelativeUrlsStayExternal],
    metafile: true,
    logLevel: 'warning',
  };
}

/** The server bundle as text, without writing it (for the tests). */
export async function buildServerBundleText() {
  const result = await esbuild.build({ ...serverBuildOptions('server.js'), write: false });
  return result.outputFiles[0].text;
}

/** Output path (relative to the working dir) of the entry whose source is `entrySource`. */
function outputOfEntry(metafile, entrySource) {
  const wanted = path.relative(islandsDir, entrySource).split(path.sep).join('/');
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (info.entryPoint === wanted && !output.endsWith('.map')) return output;
  }
  throw new Error(`no output for entry ${wanted}`);
}

function assetUrl(outputPath) {
  return ASSETS_URL + path.basename(outputPath);
}

/** Hex SHA-256 of every emitted file (name and bytes, in name order): changes with any of them. */
async function digestOf(dir, files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(file);
    hash.update('\0');
    hash.update(await readFile(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** gzip -9 sizes of the JavaScript in dist/assets, for the build report. */
async function gzipSizes(assetsDir) {
  const sizes = {};
  for (const file of (await readdir(assetsDir)).sort()) {
    if (!file.endsWith('.js') && !file.endsWith('.css')) continue;
    const bytes = await readFile(path.join(assetsDir, file));
    sizes[file] = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  }
  return sizes;
}

/**
 * Writes `.br` and `.gz` beside each script and stylesheet: the server sends them as they are
 * (compressed once here at the strongest level, never per request).
 */
async function precompress(assetsDir) {
  for (const file of await readdir(assetsDir)) {
    if (!file.endsWith('.js') && !file.endsWith('.css')) continue;
    const bytes = await readFile(path.join(assetsDir, file));
    await writeFile(path.join(assetsDir, `${file}.gz`), gzipSync(bytes, { level: 9 }));
    await writeFile(
      path.join(assetsDir, `${file}.br`),
      brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    );
  }
}

/**
 * Builds everything into a fresh folder next to `outDir`, then swaps it in, so a reader
 * never sees half a build. Returns the manifest and the sizes.
 */
export async function buildIslands({ outDir = path.join(islandsDir, 'dist') } = {}) {
  const stagingDir = `${outDir}.staging-${process.pid}`;
  const assetsDir = path.join(stagingDir, 'assets');
  await rm(stagingDir, { recursive: true, force: true });
  try {
    const browser = await esbuild.build(browserBuildOptions(assetsDir));
    const style = await esbuild.build(stylesheetBuildOptions(assetsDir));
    await esbuild.build(serverBuildOptions(path.join(stagingDir, 'server.js')));

    const islands = {};
    for (const name of islandNames()) {
      islands[name] = assetUrl(outputOfEntry(browser.metafile, islandFile(name)));
    }
    const stylesheetOf = (entry) => {
      const output = outputOfEntry(style.metafile, path.join(styleDir, entry));
      if (!output.endsWith('.css')) throw new Error(`the stylesheet build made no .css file of ${entry}`);
      return output;
    };

    await precompress(assetsDir);
    const assetFiles = (await readdir(assetsDir)).map((file) => `assets/${file}`);
    const manifest = {
      runtime: assetUrl(outputOfEntry(browser.metafile, path.join(srcDir, 'runtime.ts'))),
      stylesheet: assetUrl(stylesheetOf('main.css')),
      back_office_stylesheet: assetUrl(stylesheetOf('back-office.css')),
      islands,
      hash: await digestOf(stagingDir, [...assetFiles, 'server.js']),
    };
    await writeFile(path.join(stagingDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const sizes = await gzipSizes(assetsDir);

    await rm(outDir, { recursive: true, force: true });
    await rename(stagingDir, outDir);
    return { manifest, sizes };
  } catch (error) {
    await rm(stagingDir, { recursive: true, force: true });
    throw error;
  }
}

function printReport({ manifest, sizes }) {
  const width = Math.max(...Object.keys(sizes).map((file) => file.length));
  console.log('islands/dist/assets (bytes, gzip -9):');
  for (const [file, { raw, gzip }] of Object.entries(sizes)) {
    console.log(`  ${file.padEnd(width)}  ${String(raw).padStart(7)}  ${String(gzip).padStart(6)} gz`);
  }
  console.log(`manifest hash ${manifest.hash}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildIslands().then(printReport, (error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

// The test harness: starts the real server (or uses BASE_URL), launches Debian's Chromium
// through playwright-core, and opens pages while recording console errors, page errors and
// hydration warnings.
//
// Environment:
//   BASE_URL       test an already running server (nothing is started or stopped)
//   SERVER_BIN     the server binary, relative to the repo root (default target/debug/server)
//   CHROMIUM_PATH  the Chromium executable (default /usr/bin/chromium)
//   DATA_DIR       with BASE_URL: that server's data directory (where it writes mail)

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Generous: the test machine is slow and may be compiling at the same time. */
export const SERVER_START_TIMEOUT_MS = 60_000;
export const NAVIGATION_TIMEOUT_MS = 60_000;
export const HYDRATION_TIMEOUT_MS = 30_000;
/** A whole test: a page that navigates away under a check must fail it, not hang the run. */
export const TEST_TIMEOUT_MS = 180_000;

export const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A TCP port nobody listens on right now: listen on port 0, read it, close. */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

// Servers still running, killed if the test process exits without stopping them.
const runningServers = new Set();
process.on('exit', () => {
  for (const child of runningServers) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of runningServers) child.kill('SIGKILL');
    process.exit(130);
  });
}

/** The server binary the tests run (and ask for its route table, or to make a staff account). */
export function serverBin() {
  const bin = resolve(REPO_ROOT, process.env.SERVER_BIN || 'target/debug/server');
  if (!existsSync(bin)) {
    throw new Error(`server binary ${bin} is missing: build it with \`cargo build -p server\` (or set SERVER_BIN)`);
  }
  return bin;
}

/** The site's route table as the server declares it: `[{path, access}]`, in the spec's order. */
export function routeTable() {
  return JSON.parse(execFileSync(serverBin(), ['routes'], { encoding: 'utf8' }));
}

/**
 * Starts the server on a free port with a fresh data directory, waits for
 * `GET /builds/latest.json` to answer 200, and returns `{ baseUrl, dataDir, stop, log }`.
 * `env` adds to the server's environment (e.g. `{ JOB_ALERTS_EVERY_SECONDS: '1' }`).
 * With BASE_URL set, returns that server and starts nothing (`env` is then up to whoever
 * started it); its `dataDir` is then DATA_DIR, or null when that is not set.
 */
export async function startServer({ env = {} } = {}) {
  if (process.env.BASE_URL) {
    const baseUrl = process.env.BASE_URL.replace(/\/+$/, '');
    await waitForServer(baseUrl, SERVER_START_TIMEOUT_MS);
    return { baseUrl, dataDir: process.env.DATA_DIR || null, log: () => '', stop: async () => {} };
  }

  const bin = serverBin();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(bin, [], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runningServers.add(child);
  const keep = (chunk) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exitPromise = new Promise((done) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      runningServers.delete(child);
      done();
    });
  });
  child.once('error', (error) => {
    output += `\nspawn error: ${error.message}`;
  });

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exitPromise.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exitPromise;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForServer(baseUrl, SERVER_START_TIMEOUT_MS, () => exited);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n--- server output ---\n${output.slice(-5000)}`);
  }
  return { baseUrl, dataDir, stop, log: () => output };
}

async function waitForServer(baseUrl, timeoutMs, exitedState = () => null) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const exited = exitedState();
    if (exited !== null) throw new Error(`the server exited before it was ready (${JSON.stringify(exited)})`);
    try {
      const response = await fetch(`${baseUrl}/builds/latest.json`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(250);
  }
  throw new Error(`the server at ${baseUrl} was not ready after ${timeoutMs} ms (${last})`);
}

/** Headless Debian Chromium (no browser download). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * The server and the browser for one test file: call in `before`, and `close()` in `after`.
 * Returns `{ baseUrl, dataDir, browser, serverLog, close }`; `dataDir` is the server's
 * DATA_DIR (its mail goes to `mail/` there when no SMTP server is configured). `options` go
 * to `startServer`.
 */
export async function setUp(options = {}) {
  const server = await startServer(options);
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    browser,
    serverLog: server.log,
    async close() {
      try {
        await browser.close();
      } finally {
        await server.stop();
      }
    },
  };
}

const HYDRATION_WORDS = /hydrat/i;

/**
 * Records on `page` every console message of type error, every page error and every console
 * message (any type) that mentions hydration. Returns the live array of problems.
 */
export function recordProblems(page) {
  const problems = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || HYDRATION_WORDS.test(text)) {
      const where = message.location();
      const at = where?.url ? ` (at ${where.url}:${where.lineNumber})` : '';
      problems.push(`console.${message.type()} on ${page.url()}: ${text}${at}`);
    }
  });
  page.on('pageerror', (error) => {
    problems.push(`page error on ${page.url()}: ${error.stack || error.message}`);
  });
  return problems;
}

/**
 * Opens a new page in `context` (a browser context) and records its problems; returns
 * `{ page, problems }`.
 */
export async function newRecordedPage(context) {
  const page = await context.newPage();
  page.setDefaultTimeout(HYDRATION_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const problems = recordProblems(page);
  return { page, problems };
}

/**
 * Opens `url` in a fresh context of `browser` with the given context options, records its
 * problems, and returns `{ context, page, response, problems }`. Close the context when done.
 */
export async function openPage(browser, url, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  try {
    const { page, problems } = await newRecordedPage(context);
    const response = await page.goto(url, { waitUntil: 'load' });
    return { context, page, response, problems };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The app shell's widgets on every page (app/src/parts/app_shell.rs and menu.rs). */
export const SHELL_WIDGETS = '.isl-toast-region, .isl-loader-region, .isl-back-to-top, [data-shell="account-menu"]';

/**
 * Waits until every `[data-island]` on the page has `data-hydrated="true"`. Islands that
 * hydrate only when seen (`data-hydrate="visible"`) are scrolled into view first, and those
 * that wait for the visitor (`data-hydrate="interaction"`) are pointed at, as a visitor would.
 * Fails with the names of the islands still not hydrated.
 */
export async function waitForIslandsHydrated(page, timeout = HYDRATION_TIMEOUT_MS) {
  // One at a time, waiting for each, as a visitor scrolls: jumping past an island in one go
  // may never let the browser report it as seen. The page is put back where it was after.
  const start = await page.evaluate(() => {
    // An island whose markup is only a member's part, hidden from this visitor (their list of
    // applications), waits for nothing a person can do.
    window.isVisitorsMemberPart = (element) => {
      let signedIn = false;
      try {
        signedIn = JSON.parse(localStorage.getItem('auth') ?? 'null')?.accessToken != null;
      } catch {
        signedIn = false;
      }
      return !signedIn && element.firstElementChild?.matches('[data-for="member"][hidden]') === true;
    };
    return [window.scrollX, window.scrollY];
  });
  for (const island of await page.$$('[data-island][data-hydrate="visible"]')) {
    const hydrated = await island.evaluate((element) => {
      if (element.dataset.hydrated === 'true' || window.isVisitorsMemberPart(element)) return true;
      element.scrollIntoView({ block: 'center' });
      return false;
    });
    if (!hydrated) {
      await page.waitForFunction((element) => element.dataset.hydrated === 'true', island, { timeout, polling: 100 }).catch(() => {});
    }
  }
  const waiting = await page.$$('[data-island][data-hydrate="interaction"]:not([data-hydrated="true"])');
  for (const island of waiting) {
    await island.hover().catch(() => {});
  }
  // The pointer moves on, as a visitor's would, so that no hover state stays behind.
  if (waiting.length > 0) await page.mouse.move(0, 0);
  await page.evaluate(([left, top]) => window.scrollTo({ left, top, behavior: 'instant' }), start);
  try {
    await page.waitForFunction(
      (shellWidgets) =>
        Array.from(document.querySelectorAll('[data-island]')).every((island) => island.dataset.hydrated === 'true' || window.isVisitorsMemberPart(island)) &&
        // The app shell's widgets, started by the runtime without React.
        Array.from(document.querySelectorAll(shellWidgets)).every((widget) => widget.dataset.started === 'true'),
      SHELL_WIDGETS,
      { timeout, polling: 100 },
    );
  } catch (error) {
    const pending = await page
      .evaluate(() =>
        Array.from(document.querySelectorAll('[data-island]'))
          .filter((island) => island.dataset.hydrated !== 'true')
          .map((island) => `${island.dataset.island} (data-hydrate=${island.dataset.hydrate})`),
      )
      .catch(() => ['(could not read the page)']);
    throw new Error(`islands not hydrated after ${timeout} ms on ${page.url()}: ${pending.join(', ')}`, { cause: error });
  }
  return page.evaluate(() => document.querySelectorAll('[data-island]').length);
}

/**
 * Lets the page finish what it does after load (link prefetches, the build meta fetch) so
 * that their errors are recorded too: waits for the network to be idle, best effort.
 */
export async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
}

/** Chromium reports a response's error status as a console error: the expected ones are left out. */
export function withoutOwnStatus(problems, url, status) {
  const own = `Failed to load resource: the server responded with a status of ${status}`;
  return problems.filter((problem) => !(problem.includes(`: ${own}`) && problem.endsWith(`(at ${url}:0)`)));
}

/** Fails listing every recorded problem. */
export function assertNoProblems(problems, what = 'the page') {
  assert.deepEqual(problems, [], `${what} logged errors or hydration warnings:\n  ${problems.join('\n  ')}`);
}

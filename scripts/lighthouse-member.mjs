// Lighthouse as a signed-in member sees the pages, for scripts/lighthouse.sh:
//   node scripts/lighthouse-member.mjs BASE EMAIL PASSWORD OUTDIR PATH...
// It launches Debian's Chromium (through the browser tests' playwright-core) with a profile of
// its own, logs in from the login page as a person does, then runs Lighthouse on each PATH in
// that browser, writing OUTDIR/<index>.json. The session (localStorage) is kept between runs
// while the HTTP cache is emptied before each, so every figure is a first visit by a member.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(join(root, 'end2end', 'package.json'))('playwright-core');

const [base, email, password, outDir, ...paths] = process.argv.slice(2);
if (!outDir || paths.length === 0) {
  console.error('usage: node scripts/lighthouse-member.mjs BASE EMAIL PASSWORD OUTDIR PATH...');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'lighthouse-member-'));
let context;
try {
  // Port 0: Chromium picks a free one and writes it to the profile's DevToolsActivePort. No
  // viewport of playwright's own: Lighthouse emulates the phone in the tabs it opens.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--remote-debugging-port=0'],
    viewport: null,
  });
  const debugPort = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/user/login?redirect=%2F`, { waitUntil: 'load' });
  const form = page.locator('[data-member-area] form.form').first();
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
  const signedIn = await page.evaluate(() => Boolean(JSON.parse(localStorage.getItem('auth') ?? 'null')?.accessToken));
  if (!signedIn) throw new Error(`${email} could not log in at ${base}/user/login`);
  // Nothing of the site left running in the background of the measured tabs.
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  for (const [index, path] of paths.entries()) {
    await cdp.send('Network.clearBrowserCache');
    // Not spawnSync: the browser holds each new tab until playwright-core has attached to it,
    // which needs this process's event loop running.
    const run = spawn(
      'npx',
      [
        '--yes',
        'lighthouse@12',
        `${base}${path}`,
        '--quiet',
        '--preset=perf',
        '--form-factor=mobile',
        `--port=${debugPort}`,
        '--disable-storage-reset',
        '--output=json',
        `--output-path=${join(outDir, `${index}.json`)}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const status = await new Promise((done, fail) => run.on('exit', done).on('error', fail));
    if (status !== 0) throw new Error(`Lighthouse failed on ${path}`);
  }
} finally {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
}

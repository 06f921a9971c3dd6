// Steps that journeys in several test files take: land on a page, log in from the login page,
// wait for the toast alert or for a condition, and a date for a date input.

import assert from 'node:assert/strict';
import { waitForIslandsHydrated } from './harness.mjs';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Waits until the page at `pathname` has loaded and all its islands have hydrated. */
export async function landedOn(page, pathname) {
  await page.waitForURL((url) => url.pathname === pathname, { waitUntil: 'load' });
  await waitForIslandsHydrated(page);
}

/** Opens `path` (answering 200) and waits for its islands. */
export async function open(page, baseUrl, path) {
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  assert.equal(response.status(), 200, `${path} answered HTTP ${response.status()}`);
  await waitForIslandsHydrated(page);
}

/** Logs `who` ({ email, password }) in from the login page and comes back to `redirect` (a path, with its query). */
export async function logIn(page, baseUrl, who, redirect) {
  await open(page, baseUrl, `/user/login?redirect=${encodeURIComponent(redirect)}`);
  const form = page.locator('[data-member-area] form.form').first();
  await form.getByLabel('Email address').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  const target = new URL(redirect, baseUrl);
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search, { waitUntil: 'load' });
  await waitForIslandsHydrated(page);
}

/** Waits for the toast alert to show exactly `message`; fails saying what it shows instead. */
export async function seesAlert(page, message) {
  const alert = page.locator('.isl-toast-region[role="status"]').getByText(message, { exact: true });
  try {
    await alert.waitFor({ state: 'visible', timeout: 10_000 });
  } catch (error) {
    const shown = await page
      .locator('.isl-toast-region')
      .innerText()
      .catch(() => '(unreadable)');
    throw new Error(`${page.url()}: the alert "${message}" is not shown (the toast region holds ${JSON.stringify(shown.trim())})`, { cause: error });
  }
}

export async function waitUntil(condition, what, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!(await condition())) {
    assert.ok(Date.now() < deadline, `timed out: ${what}`);
    await sleep(100);
  }
}

/** Calls the API at `baseUrl` as `token`'s member (none when null): the status and the JSON body (null if none). */
export async function api(baseUrl, method, path, token, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** A date `days` from today, as a date input takes it. */
export function dateIn(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

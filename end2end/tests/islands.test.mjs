// The islands rendered on the server (issue 25, item 7): without JavaScript the review form,
// the job application form and the bookmark toggles are on the page and say what to do; with
// it, a public page loads no React until a visitor first reaches for one of its islands, and a
// press made before React has loaded is not lost.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, settle, setUp } from '../support/harness.mjs';
import { logIn } from '../support/journeys.mjs';

const DEMO = { email: 'demo@brightway.example', password: 'demo-password-1' };

/** A string only React's production build holds (its error links): marks the chunk that is React. */
const REACT_MARKER = 'react.dev/errors/';

let env;
let serviceId;
let jobId;
before(async () => {
  env = await setUp();
  serviceId = (await (await fetch(`${env.baseUrl}/api/service/?page_size=1`)).json()).results[0].id;
  jobId = (await (await fetch(`${env.baseUrl}/api/service/jobs/?page_size=1`)).json()).results[0].id;
});
after(async () => {
  await env?.close();
});

/** Where the "Sign in" link of a sign-in row comes back to. */
async function returnOf(link) {
  const href = await link.getAttribute('href');
  const url = new URL(href, env.baseUrl);
  assert.equal(url.pathname, '/user/login', href);
  return url.searchParams.get('redirect');
}

/**
 * Records the scripts `page` loads from now on: `{ scripts, react() }`, react() telling whether
 * React has been loaded so far.
 */
function recordScripts(page) {
  const scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  const react = async () => {
    for (const request of scripts) {
      const response = await request.response();
      if (response !== null && (await response.text()).includes(REACT_MARKER)) return true;
    }
    return false;
  };
  return { scripts, react };
}

/** Opens `path` in a fresh context, recording the scripts it loads: `{ context, page, problems, react, scripts }`. */
async function openRecordingScripts(browser, path) {
  const context = await browser.newContext(DESKTOP);
  const { page, problems } = await newRecordedPage(context);
  const { scripts, react } = recordScripts(page);
  await page.goto(`${env.baseUrl}${path}`, { waitUntil: 'load' });
  return { context, page, problems, react, scripts };
}

/** The access token of the session the page keeps. */
function accessTokenOf(page) {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const match = /"accessToken":"([^"]+)"/.exec(localStorage.getItem(localStorage.key(i)) ?? '');
      if (match) return match[1];
    }
    return null;
  });
}

describe('islands rendered on the server', () => {
  test('without JavaScript the review form, the application form and Save are there and say what to do', { timeout: TEST_TIMEOUT_MS }, async () => {
    const context = await env.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    try {
      const { page } = await newRecordedPage(context);
      await page.goto(`${env.baseUrl}/services/details?id=${serviceId}`, { waitUntil: 'load' });
      const review = page.locator('[data-island="review-form"]');
      await review.getByLabel('Your review').waitFor({ state: 'visible' });
      assert.equal(await review.getByLabel('Your review').isDisabled(), true, 'a visitor cannot write a review');
      assert.equal(await review.locator('input[type="radio"][name="rating"]').count(), 5, 'the five stars');
      assert.equal(await review.locator('button[type="submit"]:visible').count(), 0, 'nothing to submit');
      const signIn = review.getByRole('link', { name: 'Sign in' });
      assert.equal(await returnOf(signIn), `/services/details?id=${serviceId}`, 'signing in comes back to the service');
      assert.match(await review.locator('.isl-sign-in-row').innerText(), /to leave a review/);
      assert.match(await page.locator('.leave-review').innerText(), /Leaving a review needs JavaScript/);

      await page.goto(`${env.baseUrl}/apply?id=${jobId}`, { waitUntil: 'load' });
      const apply = page.locator('[data-island="job-apply-form"]');
      for (const label of ['Full name', 'Email address', 'Phone number', 'Cover letter', 'CV']) {
        await apply.getByLabel(label).waitFor({ state: 'visible' });
      }
      assert.equal(await returnOf(apply.getByRole('link', { name: 'Sign in' })), `/apply?id=${jobId}`, 'signing in comes back to the job');
      assert.match(await apply.locator('.isl-sign-in-row').innerText(), /to apply/);

      // Save opens the bookmarks page, which says what bookmarks need.
      await page.goto(`${env.baseUrl}/jobs`, { waitUntil: 'load' });
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator('main .job-card button.isl-bookmark').first().click()]);
      assert.equal(new URL(page.url()).pathname, '/bookmarks');
      assert.match(await page.locator('main').innerText(), /Bookmarks need JavaScript/);
    } finally {
      await context.close();
    }
  });

  for (const [path, island] of [
    [() => `/services/details?id=${serviceId}`, '[data-island="review-form"]'],
    [() => '/jobs', '[data-island="bookmark-toggle"]'],
    [() => `/apply?id=${jobId}`, '[data-island="job-apply-form"]'],
  ]) {
    test(`${path()} loads no React before the first interaction, and loads it when an island is reached for`, { timeout: TEST_TIMEOUT_MS }, async () => {
      const { context, page, problems, react, scripts } = await openRecordingScripts(env.browser, path());
      try {
        await settle(page);
        // Past the runtime's idle work: an island that hydrated at idle would have loaded React by now.
        await page.waitForTimeout(2500);
        assert.ok(scripts.length > 0, 'the runtime loaded');
        assert.equal(await react(), false, `React was loaded before any interaction: ${scripts.map((request) => request.url()).join(' ')}`);
        assert.equal(await page.locator('[data-island][data-hydrated="true"]').count(), 0, 'no island hydrated yet');

        // Focus moving into the island, as a keyboard user's Tab would.
        await page
          .locator(island)
          .first()
          .evaluate((element) => element.querySelector('a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled)')?.focus());
        await page.locator(`${island}[data-hydrated="true"]`).first().waitFor();
        assert.equal(await react(), true, 'React is loaded once an island is reached for');
        assertNoProblems(problems, path());
      } finally {
        await context.close();
      }
    });
  }

  test('Save pressed before React has loaded saves the job once it has', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { context, page, problems, react } = await openRecordingScripts(env.browser, '/jobs');
    try {
      await settle(page);
      assert.equal(await react(), false, 'no React before the press');
      const save = page.locator('main .job-card button.isl-bookmark').first();
      await save.click();
      await page.locator('main .job-card button.isl-bookmark[aria-pressed="true"]').first().waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('bookmarks') ?? '[]'));
      assert.deepEqual(
        stored.map((bookmark) => bookmark.kind),
        ['job'],
        'the job kept in this browser',
      );
      assertNoProblems(problems, 'saving before hydration');
    } finally {
      await context.close();
    }
  });
  test("a member's service page loads no React before the first interaction, yet shows their form and their saved service", { timeout: TEST_TIMEOUT_MS }, async () => {
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    let bookmark = null;
    let token = null;
    try {
      await logIn(page, env.baseUrl, DEMO, '/user/profile');
      token = await accessTokenOf(page);
      assert.ok(token, 'the session keeps an access token');
      const saved = await fetch(`${env.baseUrl}/api/bookmarks/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ service: serviceId }),
      });
      assert.ok(saved.ok, `saving the bookmark: ${saved.status}`);
      bookmark = (await saved.json()).id;

      const { react, scripts } = recordScripts(page);
      await page.goto(`${env.baseUrl}/services/details?id=${serviceId}`, { waitUntil: 'load' });
      const review = page.locator('[data-island="review-form"]');
      const toggle = page.locator('.summary-bookmark button.isl-bookmark');
      // The member's own state, drawn without React: their saved service, their form and its button.
      await toggle.and(page.locator('[aria-pressed="true"]:enabled')).waitFor();
      assert.equal(await toggle.locator('.isl-bookmark__words > :not(.isl-bookmark__word--off)').textContent(), 'Saved');
      assert.equal(await toggle.locator('span').first().textContent(), '★');
      assert.equal(await review.getByLabel('Your review').isEnabled(), true, 'a member can write at once');
      await review.getByRole('button', { name: 'Submit review' }).waitFor({ state: 'visible' });
      assert.equal(await review.locator('.isl-sign-in-row').isVisible(), false, 'no "Sign in" for a member');
      await settle(page);
      await page.waitForTimeout(2500);
      assert.ok(scripts.length > 0, 'the runtime loaded');
      assert.equal(await react(), false, `React was loaded before any interaction: ${scripts.map((request) => request.url()).join(' ')}`);
      assert.equal(await page.locator('[data-island][data-hydrated="true"]').count(), 0, 'no island hydrated yet');

      // Writing a review is the first interaction: React takes the form as drawn.
      await review.getByLabel('Your review').click();
      await page.locator('[data-island="review-form"][data-hydrated="true"]').waitFor();
      assert.equal(await react(), true, 'React is loaded once the form is reached for');
      await review.getByLabel('Your review').fill('Typed after hydration');
      assert.equal(await review.getByRole('button', { name: 'Submit review' }).isEnabled(), true);
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true', 'the saved service stays saved');
      assertNoProblems(problems, "a member's service page");
    } finally {
      if (bookmark !== null) await fetch(`${env.baseUrl}/api/bookmarks/${bookmark}/`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
      await context.close();
    }
  });
});

// The services marketplace in a real browser, as a person goes through it (issue 8): leave a
// review (and the empty form's alert with no request sent), book a service and cancel it,
// apply to become a provider and switch availability, read one notification and then all,
// bookmark as a visitor and find the bookmark kept after logging in. Alert texts are spec
// section 8's, word for word.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, REPO_ROOT, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, settle, setUp, waitForIslandsHydrated } from '../support/harness.mjs';
import { dateIn, landedOn, logIn as logInAt, seesAlert, waitUntil } from '../support/journeys.mjs';

const DEMO = { email: 'demo@brightway.example', password: 'demo-password-1' };
const demo = JSON.parse(readFileSync(join(REPO_ROOT, 'server/demo/demo.json'), 'utf8'));

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** The id of the demo service with `slug`, through the public API. */
async function serviceId(slug) {
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${env.baseUrl}/api/service/?page_size=100&page=${page}`);
    assert.equal(response.status, 200, 'the service list answers');
    const body = await response.json();
    const found = body.results.find((service) => service.slug === slug);
    if (found) return found.id;
    assert.ok(body.next, `${slug} is in the catalogue`);
  }
}

const logIn = (page, redirect) => logInAt(page, env.baseUrl, DEMO, redirect);

describe('the services marketplace', () => {
  test('a member leaves a review; an empty one sends nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
    const reviewed = new Set(demo.reviews.filter((review) => review.user === DEMO.email).map((review) => review.service));
    const slug = demo.services.find((service) => service.status === 'Open' && !reviewed.has(service.slug)).slug;
    const id = await serviceId(slug);
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      // Signed out, the form's place offers to log in and come back to this service.
      await page.goto(`${env.baseUrl}/services/details?id=${id}`, { waitUntil: 'load' });
      await waitForIslandsHydrated(page);
      const signIn = page.locator('a[href*="/user/login?redirect="]').filter({ hasText: /log in|sign in/i }).first();
      assert.match(decodeURIComponent(await signIn.getAttribute('href')), new RegExp(`redirect=/services/details\\?id=${id}`));

      await logIn(page, `/services/details?id=${id}`);
      let posts = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/reviews/') posts += 1;
      });
      const form = page.locator('form.isl-review-form');
      await form.getByRole('button', { name: 'Submit review' }).click();
      await seesAlert(page, 'Rating & review are required');
      assert.equal(posts, 0, 'an incomplete review sends no request');

      await form.locator('label.isl-rating__star').nth(3).click();
      await form.locator('textarea[name="review"]').fill('Arrived on time and left everything spotless.');
      await form.getByRole('button', { name: 'Submit review' }).click();
      await seesAlert(page, 'Review Submitted successfully');
      assert.equal(posts, 1);
      const reviews = await (await fetch(`${env.baseUrl}/api/reviews/?service=${id}`)).json();
      assert.equal(reviews.results[0].review, 'Arrived on time and left everything spotless.');
      assert.equal(reviews.results[0].rating, 4);
      await settle(page);
      assertNoProblems(problems, 'leaving a review');
    } finally {
      await context.close();
    }
  });

  test('a member books a service, finds it in their bookings, and cancels it', { timeout: TEST_TIMEOUT_MS }, async () => {
    const id = await serviceId('spring-clean-one-off');
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      await logIn(page, `/services/book?id=${id}`);
      const form = page.locator('form.isl-booking-form');
      await form.getByLabel('Date').fill(dateIn(7));
      await form.getByLabel('Time').fill('10:30');
      await form.getByLabel('Address line 1').fill('12 Market Street');
      await form.getByLabel('Town or city').fill('Manchester');
      await form.getByLabel('Postcode').fill('m11ad');
      await form.getByRole('button', { name: 'Book now' }).click();
      await landedOn(page, '/user/bookings');
      const booking = page.locator('ul[aria-label="Your bookings"] > li').filter({ hasText: 'M1 1AD' });
      await booking.waitFor({ state: 'visible' });
      assert.match(await booking.innerText(), /Pending/);

      await booking.getByRole('button', { name: /Cancel booking/ }).click();
      await page.getByRole('button', { name: 'Yes, cancel it' }).click();
      await seesAlert(page, 'Booking deleted successfully');
      await booking.waitFor({ state: 'detached' });
      // The loader is off again: the page is usable.
      await page.locator('.isl-loader-region .isl-loader').waitFor({ state: 'hidden' });
      await settle(page);
      assertNoProblems(problems, 'booking and cancelling');
    } finally {
      await context.close();
    }
  });

  test('a member applies to provide a service and switches availability', { timeout: TEST_TIMEOUT_MS }, async () => {
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      await logIn(page, '/become-provider');
      const form = page.locator('form.isl-provider-form');
      const cleaning = demo.categories.find((category) => category.slug === 'cleaning-services');
      await form.getByLabel('Category').selectOption(cleaning.slug);
      const service = demo.services.find((item) => item.slug === 'carpet-and-rug-steam-clean');
      await form.getByLabel('Service').selectOption({ label: service.title });
      await form.getByLabel('About you').fill('Eight years of carpet and upholstery cleaning across Leeds.');
      await form.getByLabel('Years of experience').fill('8');
      await form.getByRole('button', { name: 'Send application' }).click();
      await seesAlert(page, 'Application sent successfully');

      // Their applications are below the form (drawn before React loads for them).
      await page.mouse.wheel(0, 2000);
      const application = page.locator('li.isl-record').filter({ hasText: service.title });
      await application.waitFor({ state: 'visible' });
      assert.match(await application.innerText(), /Pending/);
      const available = application.getByRole('switch', { name: /Taking bookings/ });
      assert.equal(await available.isChecked(), true);
      await available.click();
      await waitUntil(async () => !(await available.isChecked()), 'the switch turns off');
      // The change is kept on the server: after a reload the switch is still off.
      await page.reload({ waitUntil: 'load' });
      await page.mouse.wheel(0, 2000);
      await waitForIslandsHydrated(page);
      const reloaded = page.locator('li.isl-record').filter({ hasText: service.title }).getByRole('switch', { name: /Taking bookings/ });
      await reloaded.waitFor({ state: 'visible' });
      assert.equal(await reloaded.isChecked(), false);
      await settle(page);
      assertNoProblems(problems, 'becoming a provider');
    } finally {
      await context.close();
    }
  });

  test('a member reads one notification, then all', { timeout: TEST_TIMEOUT_MS }, async () => {
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      // The journeys above left notices (booking received and cancelled, application received).
      await logIn(page, '/notifications');
      const list = page.locator('ul[aria-label="Your notifications, newest first"]');
      await list.waitFor({ state: 'visible' });
      const unread = () => list.getByRole('button', { name: /Mark as read/ });
      const before = await unread().count();
      assert.ok(before >= 2, `at least two unread notifications (found ${before})`);
      await unread().first().click();
      await waitUntil(async () => (await unread().count()) === before - 1, 'one notification is marked read');
      await page.getByRole('button', { name: /Mark all as read/ }).click();
      await waitUntil(async () => (await unread().count()) === 0, 'every notification is marked read');
      await settle(page);
      assertNoProblems(problems, 'reading notifications');
    } finally {
      await context.close();
    }
  });

  test('a visitor bookmarks a service, logs in, and finds the bookmark kept', { timeout: TEST_TIMEOUT_MS }, async () => {
    const service = demo.services.find((item) => item.slug === 'tenancy-checkout-clean');
    const id = await serviceId(service.slug);
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      await page.goto(`${env.baseUrl}/services/details?id=${id}`, { waitUntil: 'load' });
      await waitForIslandsHydrated(page);
      const toggle = page.locator('main button.isl-bookmark').first();
      await toggle.click();
      await page.locator('main button.isl-bookmark[aria-pressed="true"]').first().waitFor();
      await page.goto(`${env.baseUrl}/bookmarks`, { waitUntil: 'load' });
      await waitForIslandsHydrated(page);
      await page.getByRole('link', { name: service.title }).first().waitFor({ state: 'visible' });

      await logIn(page, '/bookmarks');
      await page.locator('ul[aria-label="Your bookmarks"]').getByRole('link', { name: service.title }).waitFor({ state: 'visible' });
      // Kept on the server, not only in this browser.
      const token = await page.evaluate(() => {
        for (let i = 0; i < localStorage.length; i += 1) {
          const value = localStorage.getItem(localStorage.key(i)) ?? '';
          const match = /"accessToken":"([^"]+)"/.exec(value);
          if (match) return match[1];
        }
        return null;
      });
      assert.ok(token, 'the session keeps an access token');
      const saved = await (await fetch(`${env.baseUrl}/api/bookmarks/`, { headers: { Authorization: `Bearer ${token}` } })).json();
      assert.ok(saved.results.some((bookmark) => bookmark.service === id), 'the visitor bookmark was merged into the account');
      await settle(page);
      assertNoProblems(problems, 'bookmarking');
    } finally {
      await context.close();
    }
  });
});

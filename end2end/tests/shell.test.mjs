// The app shell (spec sections 2 and 9): the floating contact button, the Back to Top button,
// and the server-rendered content that works without JavaScript.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP,
  MOBILE,
  assertNoProblems,
  newRecordedPage,
  openPage,
  settle,
  setUp,
  waitForIslandsHydrated,
} from '../support/harness.mjs';

const DEMO = { email: 'demo@brightway.example', password: 'demo-password-1' };
// Spec section 9: the Back to Top button shows within 100 px of the page bottom.
const BACK_TO_TOP_THRESHOLD_PX = 100;
// How far from the viewport edges "bottom right" / "centred" may be.
const CORNER_TOLERANCE_PX = 40;
const CENTRE_TOLERANCE_PX = 30;

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** Opens `path` in a fresh context, waits for the islands; returns `{ context, page, problems }`. */
async function openHydrated(path, contextOptions) {
  const context = await env.browser.newContext(contextOptions);
  try {
    const { page, problems } = await newRecordedPage(context);
    const response = await page.goto(`${env.baseUrl}${path}`, { waitUntil: 'load' });
    assert.equal(response.status(), 200, `${path} answered HTTP ${response.status()}`);
    await waitForIslandsHydrated(page);
    return { context, page, problems };
  } catch (error) {
    await context.close();
    throw error;
  }
}

const contactButton = (page) => page.locator('a.isl-contact-button');
const backToTopButton = (page) => page.locator('button.isl-back-to-top');

/**
 * Scrolls the window instantly to `top` and resolves once the scroll event has been handled
 * and two frames have been painted (so React has committed whatever the scroll changes).
 */
async function scrollWindowTo(page, top) {
  return page.evaluate(
    (target) =>
      new Promise((done) => {
        const finish = () => {
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              done({
                scrollY: window.scrollY,
                fromBottom: document.documentElement.scrollHeight - (window.innerHeight + window.scrollY),
              }),
            ),
          );
        };
        const before = window.scrollY;
        window.scrollTo({ top: target, behavior: 'instant' });
        if (window.scrollY === before) finish();
        else window.addEventListener('scroll', finish, { once: true });
      }),
    top,
  );
}

const pageMetrics = (page) =>
  page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
    scrollY: window.scrollY,
  }));

describe('contact button (spec 2: envelope fixed bottom right, md and up, leads to /contact)', () => {
  test('at 1280 wide it is visible at the bottom right and leads to /contact', async () => {
    const { context, page, problems } = await openHydrated('/', DESKTOP);
    try {
      const button = contactButton(page);
      await button.waitFor({ state: 'visible' });
      const box = await button.boundingBox();
      assert.ok(box, 'the contact button has no box');
      const { innerWidth, innerHeight } = await pageMetrics(page);
      const fromRight = innerWidth - (box.x + box.width);
      const fromBottom = innerHeight - (box.y + box.height);
      assert.ok(
        fromRight >= 0 && fromRight <= CORNER_TOLERANCE_PX,
        `the contact button's right edge is ${fromRight}px from the viewport's right (box ${JSON.stringify(box)})`,
      );
      assert.ok(
        fromBottom >= 0 && fromBottom <= CORNER_TOLERANCE_PX,
        `the contact button's bottom is ${fromBottom}px from the viewport's bottom (box ${JSON.stringify(box)})`,
      );

      // Fixed: still there, at the same place, after scrolling.
      await scrollWindowTo(page, 600);
      const scrolledBox = await button.boundingBox();
      assert.ok(scrolledBox && Math.abs(scrolledBox.y - box.y) < 1, 'the contact button moved when the page scrolled');

      await button.click();
      await page.waitForURL((url) => url.pathname === '/contact');
      await page.waitForLoadState('load');
      await page.locator('h1').first().waitFor({ state: 'visible' });
      await waitForIslandsHydrated(page);
      await settle(page);
      assertNoProblems(problems);
    } finally {
      await context.close();
    }
  });

  test('at 390 wide it is not visible', async () => {
    const { context, page, problems } = await openHydrated('/', MOBILE);
    try {
      assert.equal(await contactButton(page).isVisible(), false, 'the contact button is visible at 390 wide');
      await scrollWindowTo(page, 600);
      assert.equal(await contactButton(page).isVisible(), false, 'the contact button is visible at 390 wide after a scroll');
      await settle(page);
      assertNoProblems(problems);
    } finally {
      await context.close();
    }
  });
});

describe('Back to Top (spec 2 and 9: bottom centre, within 100 px of the bottom, md and up, smooth)', () => {
  test('at 1280 wide on the home page: shows only near the bottom, centred, scrolls smoothly to the top', async () => {
    const { context, page, problems } = await openHydrated('/', DESKTOP);
    try {
      const button = backToTopButton(page);
      const metrics = await pageMetrics(page);
      const maxScroll = metrics.scrollHeight - metrics.innerHeight;
      assert.ok(maxScroll > 4 * BACK_TO_TOP_THRESHOLD_PX, `the home page is too short for this test (${JSON.stringify(metrics)})`);

      // At the top.
      assert.equal(metrics.scrollY, 0);
      assert.equal(await button.isVisible(), false, 'Back to Top is visible at the top of the page');

      // In the middle, far from the bottom.
      const middle = await scrollWindowTo(page, Math.round(maxScroll / 2));
      assert.ok(middle.fromBottom > BACK_TO_TOP_THRESHOLD_PX, `the middle is not far from the bottom (${JSON.stringify(middle)})`);
      assert.equal(await button.isVisible(), false, `Back to Top is visible in the middle of the page (${JSON.stringify(middle)})`);

      // Just outside the threshold.
      const outside = await scrollWindowTo(page, maxScroll - (BACK_TO_TOP_THRESHOLD_PX + 50));
      assert.ok(outside.fromBottom > BACK_TO_TOP_THRESHOLD_PX, JSON.stringify(outside));
      assert.equal(
        await button.isVisible(),
        false,
        `Back to Top is visible ${outside.fromBottom}px from the bottom (threshold ${BACK_TO_TOP_THRESHOLD_PX})`,
      );

      // Just inside the threshold.
      const inside = await scrollWindowTo(page, maxScroll - (BACK_TO_TOP_THRESHOLD_PX - 50));
      assert.ok(inside.fromBottom <= BACK_TO_TOP_THRESHOLD_PX, JSON.stringify(inside));
      await button.waitFor({ state: 'visible', timeout: 5000 }).catch(() => {
        throw new Error(`Back to Top is not visible ${inside.fromBottom}px from the bottom (threshold ${BACK_TO_TOP_THRESHOLD_PX})`);
      });

      // At the very bottom.
      const bottom = await scrollWindowTo(page, maxScroll + 1000);
      assert.ok(bottom.fromBottom <= 1, JSON.stringify(bottom));
      await button.waitFor({ state: 'visible', timeout: 5000 }).catch(() => {
        throw new Error('Back to Top is not visible at the bottom of the page');
      });

      // Bottom centre.
      const box = await button.boundingBox();
      assert.ok(box, 'Back to Top has no box');
      const centre = box.x + box.width / 2;
      assert.ok(
        Math.abs(centre - metrics.innerWidth / 2) <= CENTRE_TOLERANCE_PX,
        `Back to Top's centre is at x=${centre}, the viewport's at ${metrics.innerWidth / 2} (box ${JSON.stringify(box)})`,
      );
      assert.ok(
        box.y + box.height / 2 > metrics.innerHeight / 2,
        `Back to Top is not in the bottom half of the viewport (box ${JSON.stringify(box)})`,
      );

      // Click: scrolls smoothly to the top. Every scroll position on the way is recorded.
      const start = (await pageMetrics(page)).scrollY;
      await page.evaluate(() => {
        window.__scrollSamples = [];
        window.addEventListener('scroll', () => window.__scrollSamples.push(window.scrollY), { passive: true });
      });
      await button.click();
      const justAfterClick = await page.evaluate(() => window.scrollY);
      assert.notEqual(justAfterClick, 0, 'the page jumped to the top at once: the scroll was not smooth');
      await page
        .waitForFunction(() => window.scrollY === 0, undefined, { timeout: 3000, polling: 'raf' })
        .catch(async () => {
          throw new Error(`the page did not reach the top within 3 s after the click (scrollY ${await page.evaluate(() => window.scrollY)})`);
        });
      const samples = await page.evaluate(() => window.__scrollSamples);
      const between = samples.filter((y) => y > 0 && y < start);
      assert.ok(between.length > 0, `no intermediate scroll positions between ${start} and 0: ${JSON.stringify(samples)}`);

      // Back at the top, the button hides again.
      await button.waitFor({ state: 'hidden', timeout: 5000 });

      await settle(page);
      assertNoProblems(problems);
    } finally {
      await context.close();
    }
  });

  test('at 390 wide it is never visible', async () => {
    const { context, page, problems } = await openHydrated('/', MOBILE);
    try {
      const button = backToTopButton(page);
      const metrics = await pageMetrics(page);
      const maxScroll = metrics.scrollHeight - metrics.innerHeight;
      assert.ok(maxScroll > 4 * BACK_TO_TOP_THRESHOLD_PX, `the home page is too short for this test (${JSON.stringify(metrics)})`);
      assert.equal(await button.isVisible(), false, 'Back to Top is visible at the top (390 wide)');
      const middle = await scrollWindowTo(page, Math.round(maxScroll / 2));
      assert.equal(await button.isVisible(), false, `Back to Top is visible in the middle (390 wide, ${JSON.stringify(middle)})`);
      const bottom = await scrollWindowTo(page, maxScroll + 1000);
      assert.ok(bottom.fromBottom <= BACK_TO_TOP_THRESHOLD_PX, JSON.stringify(bottom));
      assert.equal(await button.isVisible(), false, 'Back to Top is visible at the bottom (390 wide)');
      await settle(page);
      assert.equal(await button.isVisible(), false, 'Back to Top became visible at the bottom (390 wide)');
      assertNoProblems(problems);
    } finally {
      await context.close();
    }
  });
});

describe('without JavaScript, lists are server-rendered', () => {
  let context;
  let categorySlug;
  before(async () => {
    context = await env.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${env.baseUrl}/`, { waitUntil: 'load' });
      const hrefs = await page
        .locator('a[href*="/services?category="]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      categorySlug = hrefs
        .map((href) => new URL(href, 'http://x').searchParams.get('category'))
        .find((value) => value !== null && value !== '');
    } finally {
      await page.close();
    }
  });
  after(async () => {
    await context?.close();
  });

  /** Opens `path` with JavaScript off and checks its h1 and card headings; returns the page. */
  async function checkServerRendered(path, cardLinkSelector) {
    const page = await context.newPage();
    const response = await page.goto(`${env.baseUrl}${path}`, { waitUntil: 'load' });
    assert.equal(response.status(), 200, `${path} answered HTTP ${response.status()}`);
    // The page's scripts did not run: no island was hydrated.
    assert.equal(await page.locator('[data-hydrated="true"]').count(), 0, 'JavaScript ran although it is disabled');

    const h1 = page.locator('h1').filter({ hasText: /\S/ }).first();
    assert.ok(await h1.isVisible(), `${path}: no visible, non-empty <h1> without JavaScript`);

    // Cards: each has a heading (the service name or the job title) and a link to its page.
    const cardLinks = page.locator(`main ${cardLinkSelector}`);
    const linkCount = await cardLinks.count();
    assert.ok(linkCount > 0, `${path}: no card links (${cardLinkSelector}) without JavaScript`);
    assert.ok(await cardLinks.first().isVisible(), `${path}: the first card link is not visible without JavaScript`);
    const cardHeadings = page.locator('main :is(h2, h3, h4)').filter({ hasText: /\S/ });
    const visibleHeadings = [];
    for (const heading of await cardHeadings.all()) {
      if (await heading.isVisible()) visibleHeadings.push((await heading.textContent()).trim());
    }
    assert.ok(visibleHeadings.length > 0, `${path}: no visible card headings without JavaScript`);
    return { page, h1: (await h1.textContent()).trim(), linkCount, visibleHeadings };
  }

  test('/services?category=<first category> shows its heading and service cards', async () => {
    assert.ok(categorySlug, 'the home page links to no service category (/services?category=...)');
    const path = `/services?category=${encodeURIComponent(categorySlug)}`;
    const { page, visibleHeadings } = await checkServerRendered(path, 'a[href*="/services/details"]');
    try {
      // Each service link names its service.
      const names = await page
        .locator('main a[href*="/services/details"]')
        .evaluateAll((links) => links.map((link) => link.textContent.trim()));
      assert.ok(
        names.some((name) => name !== '' && visibleHeadings.some((heading) => heading.includes(name))),
        `${path}: no service card heading names its service (headings ${JSON.stringify(visibleHeadings)}, links ${JSON.stringify(names)})`,
      );
    } finally {
      await page.close();
    }
  });

  test('/jobs shows its heading and job cards with Apply links', async () => {
    const { page } = await checkServerRendered('/jobs', 'a[href*="/apply"]');
    await page.close();
  });
});

describe('scripts a page loads', () => {
  /** The bytes of script (uncompressed) `page` has loaded so far. */
  const scriptBytes = (page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .reduce((total, entry) => total + entry.decodedBodySize, 0),
    );

  /** Opens `path` and lets it settle without touching it. */
  async function openUntouched(path) {
    const { context, page } = await openPage(env.browser, `${env.baseUrl}${path}`, DESKTOP);
    await settle(page);
    return { context, page };
  }

  test('React loads only when a page has an island that needs it: not for reading, but once the visitor reaches for a form', async () => {
    // /about has the shell (alert, loader, back to top, account menu) and no island.
    const about = await openUntouched('/about');
    const withoutIslands = await scriptBytes(about.page);
    await about.context.close();
    assert.ok(withoutIslands < 60_000, `/about loaded ${withoutIslands} bytes of script`);

    // /user/login's form is whole in its server markup: React waits for the visitor.
    const { context, page } = await openUntouched('/user/login');
    try {
      const untouched = await scriptBytes(page);
      assert.ok(untouched < 60_000, `/user/login loaded ${untouched} bytes of script before anyone touched it`);
      await page.getByLabel('Email address').focus();
      const island = page.locator('[data-island="login-form"]');
      await island.and(page.locator('[data-hydrated="true"]')).waitFor();
      // React DOM alone is well over 100 KB uncompressed.
      const touched = await scriptBytes(page);
      assert.ok(touched > untouched + 100_000, `/user/login loaded ${touched} bytes of script once focused, ${untouched} before`);
    } finally {
      await context.close();
    }
  });

  test('a login typed and sent before React has loaded still signs the member in', async () => {
    const context = await env.browser.newContext(DESKTOP);
    try {
      const { page, problems } = await newRecordedPage(context);
      // React arrives late, as on a slow phone: everything below happens before it hydrates.
      let delayed = 0;
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        if (!route.request().url().includes('runtime-')) {
          delayed += 1;
          await new Promise((done) => setTimeout(done, 1_500));
        }
        // The page may have gone on meanwhile.
        await route.continue().catch(() => {});
      });
      await page.goto(`${env.baseUrl}/user/login?redirect=${encodeURIComponent('/user/profile')}`, { waitUntil: 'load' });
      const form = page.locator('[data-member-area] form.form').first();
      await form.getByLabel('Email address').fill(DEMO.email);
      await form.getByLabel('Password').fill(DEMO.password);
      await form.getByRole('button', { name: 'Log in' }).click();
      assert.notEqual(await page.locator('[data-island="login-form"]').getAttribute('data-hydrated'), 'true', 'the form hydrated before it was sent');
      await page.waitForURL((url) => url.pathname === '/user/profile', { waitUntil: 'load' });
      assert.ok(delayed > 0, 'no island chunk was held back');
      await waitForIslandsHydrated(page);
      assertNoProblems(problems);
    } finally {
      await context.close();
    }
  });
});

// Every route of spec section 2, plus a category list, a service detail page and a job apply
// page reached by following links, on a phone and on a desktop: status 200, a title and an
// h1, every island hydrated, and no console error, page error or hydration warning. The pages
// of the signed-in area are checked signed in, and without a session they must send the
// visitor to log in.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP,
  MOBILE,
  TEST_TIMEOUT_MS,
  assertNoProblems,
  newRecordedPage,
  routeTable,
  settle,
  setUp,
  waitForIslandsHydrated,
} from '../support/harness.mjs';

// Every route of the server's route table (spec section 2, in its order, the provider's
// /user/schedule, the member's /user/messages and the providers' profiles' page, here without
// a provider); the verify page is opened as it is reached, with an email.
const TABLE = routeTable();
const ROUTES = TABLE.map(({ path }) => (path === '/user/verify' ? `${path}?email=demo@brightway.example` : path));
assert.equal(ROUTES.length, 36);

// The signed-in area: each page has the member guard, which sends a visitor without a session
// to /user/login?redirect=<the page>.
const MEMBER_ROUTES = new Set(TABLE.filter(({ access }) => access === 'member').map(({ path }) => path));
assert.equal(MEMBER_ROUTES.size, 8);

// The demo member of the demo data.
const DEMO = { email: 'demo@brightway.example', password: 'demo-password-1' };

// The app shell (spec section 2): a toast alert, a full-screen loader, a contact button and a
// back-to-top button, on every page; plain markup the runtime starts without React.
const SHELL = ['.isl-toast-region[role="status"]', '.isl-loader-region[role="status"]', 'a.isl-contact-button[href="/contact"]', 'button.isl-back-to-top'];

const VIEWPORTS = [
  ['mobile 390x844', MOBILE],
  ['desktop 1280x800', DESKTOP],
];

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** What every page must satisfy once loaded: title, h1, shell islands, all islands hydrated. */
async function checkLoadedPage(page, response, problems, path) {
  assert.ok(response, `no response for ${path}`);
  assert.equal(response.status(), 200, `${path} answered HTTP ${response.status()}`);

  const title = (await page.title()).trim();
  assert.notEqual(title, '', `${path} has an empty <title>`);

  const headings = await page.locator('h1').evaluateAll((nodes) => nodes.map((node) => node.textContent.trim()));
  assert.ok(headings.length > 0, `${path} has no <h1>`);
  assert.ok(
    headings.some((text) => text !== ''),
    `${path} has only empty <h1>s`,
  );
  const firstNonEmptyH1 = page.locator('h1').filter({ hasText: /\S/ }).first();
  assert.ok(await firstNonEmptyH1.isVisible(), `${path}: its <h1> is not visible`);

  await waitForIslandsHydrated(page);
  for (const selector of SHELL) {
    assert.equal(await page.locator(selector).count(), 1, `${path}: the app shell's ${selector} is missing`);
  }

  await settle(page);
  assertNoProblems(problems, path);
  return { title, headings };
}

/** Signs `context` in as the demo member through the login page. */
async function signIn(context) {
  const { page, problems } = await newRecordedPage(context);
  try {
    await page.goto(`${env.baseUrl}/user/login`, { waitUntil: 'load' });
    await waitForIslandsHydrated(page);
    const form = page.locator('[data-member-area] form');
    await form.getByLabel('Email address').fill(DEMO.email);
    await form.getByLabel('Password').fill(DEMO.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/user/profile', { waitUntil: 'load' });
    await waitForIslandsHydrated(page);
    await settle(page);
    assertNoProblems(problems, 'signing in as the demo member');
  } finally {
    await page.close();
  }
}

/** Navigates by clicking `link` and returns the main-frame response of that navigation. */
async function follow(page, link, pathname) {
  const navigation = page.waitForResponse(
    (response) =>
      response.request().isNavigationRequest() &&
      response.frame() === page.mainFrame() &&
      new URL(response.url()).pathname === pathname,
  );
  await link.click();
  const response = await navigation;
  await page.waitForLoadState('load');
  return response;
}

/** The first category slug linked from the home page. */
async function firstCategorySlug(context) {
  const { page, problems } = await newRecordedPage(context);
  try {
    await page.goto(`${env.baseUrl}/`, { waitUntil: 'load' });
    const hrefs = await page
      .locator('a[href*="/services?category="]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const slug = hrefs
      .map((href) => new URL(href, 'http://x').searchParams.get('category'))
      .find((value) => value !== null && value !== '');
    assert.ok(slug, 'the home page links to no service category (/services?category=...)');
    assertNoProblems(problems, '/');
    return slug;
  } finally {
    await page.close();
  }
}

for (const [label, contextOptions] of VIEWPORTS) {
  describe(label, () => {
    let context;
    // Another browser profile, signed in, for the pages of the signed-in area.
    let memberContext;
    let categorySlug;
    before(async () => {
      context = await env.browser.newContext(contextOptions);
      memberContext = await env.browser.newContext(contextOptions);
      await signIn(memberContext);
    });
    after(async () => {
      await context?.close();
      await memberContext?.close();
    });

    for (const path of ROUTES) {
      const member = MEMBER_ROUTES.has(path);
      test(member ? `${path} (signed in)` : path, { timeout: TEST_TIMEOUT_MS }, async () => {
        const { page, problems } = await newRecordedPage(member ? memberContext : context);
        try {
          const response = await page.goto(`${env.baseUrl}${path}`, { waitUntil: 'load' });
          const { title } = await checkLoadedPage(page, response, problems, path);
          if (path === '/notifications') {
            // Spec section 1: 'Notifications - {brand} UK', for a visitor too: once the page has
            // run, it still has its title and offers to sign in and come back.
            assert.equal(title, 'Notifications - Brightway UK');
            await page.getByText('Sign in to see your notifications.').waitFor({ state: 'visible' });
            await waitForIslandsHydrated(page);
            await settle(page);
            assert.equal(new URL(page.url()).pathname, '/notifications', 'the visitor stays on the page');
            assert.equal(await page.title(), 'Notifications - Brightway UK');
          }
        } finally {
          await page.close();
        }
      });

      if (member) {
        test(`${path} without a session sends the visitor to /user/login?redirect=${path}`, { timeout: TEST_TIMEOUT_MS }, async () => {
          const { page, problems } = await newRecordedPage(context);
          try {
            const response = await page.goto(`${env.baseUrl}${path}`, { waitUntil: 'load' });
            assert.equal(response.status(), 200, `${path} answered HTTP ${response.status()}`);
            await page.waitForURL((url) => url.pathname === '/user/login', { waitUntil: 'load' });
            assert.equal(new URL(page.url()).searchParams.get('redirect'), path, `sent to ${page.url()}`);
            await page.locator('h1').filter({ hasText: 'Log in' }).waitFor({ state: 'visible' });
            await waitForIslandsHydrated(page);
            await settle(page);
            assertNoProblems(problems, path);
          } finally {
            await page.close();
          }
        });
      }
    }

    test('a category list: /services?category=<first category on the home page>', async () => {
      categorySlug = await firstCategorySlug(context);
      const { page, problems } = await newRecordedPage(context);
      try {
        const path = `/services?category=${encodeURIComponent(categorySlug)}`;
        const response = await page.goto(`${env.baseUrl}${path}`, { waitUntil: 'load' });
        await checkLoadedPage(page, response, problems, path);
        const services = page.locator('main a[href*="/services/details"]');
        assert.ok((await services.count()) > 0, `${path} lists no service (no link to /services/details)`);
      } finally {
        await page.close();
      }
    });

    test('a service detail page, reached from a category list', async () => {
      categorySlug ??= await firstCategorySlug(context);
      const { page, problems } = await newRecordedPage(context);
      try {
        const listPath = `/services?category=${encodeURIComponent(categorySlug)}`;
        const listResponse = await page.goto(`${env.baseUrl}${listPath}`, { waitUntil: 'load' });
        assert.equal(listResponse.status(), 200, `${listPath} answered HTTP ${listResponse.status()}`);
        const link = page.locator('main a[href*="/services/details"]').first();
        await link.waitFor({ state: 'visible' });
        const href = await link.getAttribute('href');
        const response = await follow(page, link, '/services/details');
        assert.equal(new URL(page.url()).pathname, '/services/details', `following ${href} did not land on /services/details`);
        await checkLoadedPage(page, response, problems, href);
      } finally {
        await page.close();
      }
    });

    test('a job apply page, reached from the jobs list', async () => {
      const { page, problems } = await newRecordedPage(context);
      try {
        const listResponse = await page.goto(`${env.baseUrl}/jobs`, { waitUntil: 'load' });
        assert.equal(listResponse.status(), 200, `/jobs answered HTTP ${listResponse.status()}`);
        const link = page.locator('main a[href*="/apply"]').first();
        await link.waitFor({ state: 'visible' });
        const href = await link.getAttribute('href');
        const response = await follow(page, link, '/apply');
        assert.equal(new URL(page.url()).pathname, '/apply', `following ${href} did not land on /apply`);
        await checkLoadedPage(page, response, problems, href);
      } finally {
        await page.close();
      }
    });

    test('an unknown path answers 404 with "Page Not Found: /no-such-page"', async () => {
      const { page, problems } = await newRecordedPage(context);
      try {
        const url = `${env.baseUrl}/no-such-page`;
        const response = await page.goto(url, { waitUntil: 'load' });
        assert.equal(response.status(), 404);
        // Spec section 8: 'Page Not Found: {path}'.
        await page.getByText('Page Not Found: /no-such-page').first().waitFor({ state: 'visible' });
        assert.notEqual((await page.title()).trim(), '', 'the 404 page has an empty <title>');
        await waitForIslandsHydrated(page);
        await settle(page);
        // Chromium reports the document's own 404 as a console error: that one is expected.
        const ownStatus = `console.error on ${url}: Failed to load resource: the server responded with a status of 404`;
        assertNoProblems(
          problems.filter((problem) => !(problem.startsWith(ownStatus) && problem.endsWith(`(at ${url}:0)`))),
          '/no-such-page',
        );
      } finally {
        await page.close();
      }
    });
  });
}

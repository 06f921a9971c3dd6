// Near me in a real browser, as a person looks for a service near their postcode: on a
// category's page they type a postcode and choose a distance, get the services covering it,
// nearest first with how far each is; a postcode the site does not know is said so beside the
// field; on a service's page they ask "Do you cover my postcode?". The same with JavaScript on
// and off: the forms are plain GET forms.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, setUp, withoutOwnStatus } from '../support/harness.mjs';

// The server's words (server/src/places/postcode_area.rs).
const UNKNOWN_POSTCODE_AREA = "We don't know that postcode area";

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** Clicks `button` and waits for the page its GET form leads to. */
async function submit(page, button) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button.click()]);
}

/** The titles of the service cards, in the page's order. */
const cardTitles = (page) => page.locator('.service-card .card-title').allInnerTexts();

for (const javaScriptEnabled of [true, false]) {
  describe(`near me, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test('a category lists the services covering a postcode, and a service says whether it covers one', { timeout: TEST_TIMEOUT_MS }, async () => {
      const context = await env.browser.newContext({ ...DESKTOP, javaScriptEnabled });
      const { page, problems } = await newRecordedPage(context);
      try {
        await page.goto(`${env.baseUrl}/services?category=cleaning-services`, { waitUntil: 'load' });
        const form = page.locator('form[role="search"]');
        // Leeds: the carpet cleaning based in Leeds, York and Harrogate (demo data) is the
        // one cleaning service within 10 miles of LS6.
        await form.getByLabel('Postcode').fill('LS6 2AA');
        await form.getByLabel('Distance').selectOption({ label: 'Within 10 miles' });
        await submit(page, form.getByRole('button', { name: 'Search' }));
        const url = new URL(page.url());
        assert.equal(url.pathname, '/services');
        assert.deepEqual([url.searchParams.get('category'), url.searchParams.get('near'), url.searchParams.get('within')], ['cleaning-services', 'LS6 2AA', '10']);
        assert.match(await page.locator('h1').innerText(), /near LS6$/);
        assert.deepEqual(await cardTitles(page), ['Carpet and rug steam cleaning']);
        assert.match(await page.locator('.service-card .distance').innerText(), /^(Under a mile|\d+ miles?) away$/);
        assert.match(await page.locator('.results-count').innerText(), /within 10 miles of LS6/);
        // The form keeps what was asked.
        assert.equal(await form.getByLabel('Postcode').inputValue(), 'LS6 2AA');
        assert.equal(await form.getByLabel('Distance').inputValue(), '10');

        // Where no cleaner works, even 50 miles out, the page says so.
        await form.getByLabel('Postcode').fill('TR1 2AA');
        await form.getByLabel('Distance').selectOption({ label: 'Within 50 miles' });
        await submit(page, form.getByRole('button', { name: 'Search' }));
        assert.deepEqual(await cardTitles(page), []);
        assert.equal(await page.locator('.empty-state h2').innerText(), 'No services found within 50 miles of TR1');

        // A postcode the site does not know: said beside the field, the page answered 400.
        await form.getByLabel('Postcode').fill('ZZ9 9ZZ');
        const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), form.getByRole('button', { name: 'Search' }).click()]);
        assert.equal(response.status(), 400);
        const refused = response.url();
        const postcode = form.getByLabel('Postcode');
        assert.equal(await postcode.getAttribute('aria-invalid'), 'true');
        const describedBy = await postcode.getAttribute('aria-describedby');
        assert.equal(await page.locator(`[id="${describedBy}"]`).innerText(), UNKNOWN_POSTCODE_AREA);
        assert.match(await page.title(), /^Error: /);

        // The service's own page answers for a postcode.
        await page.goto(`${env.baseUrl}/services?category=cleaning-services&near=LS6&within=10`, { waitUntil: 'load' });
        await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator('.service-card .card-link').first().click()]);
        const check = page.locator('form.cover-check');
        for (const [typed, answer] of [
          ['LS6 2AA', /^Yes, this service covers LS6/],
          ['SW1A 1AA', /^No, this service does not cover SW1A yet\.$/],
        ]) {
          await check.getByLabel('Do you cover my postcode?').fill(typed);
          await submit(page, check.getByRole('button', { name: 'Check' }));
          assert.match(await check.getByRole('status').innerText(), answer, typed);
        }
        assertNoProblems(withoutOwnStatus(problems, refused, 400), 'the near search');
      } finally {
        await context.close();
      }
    });
  });
}

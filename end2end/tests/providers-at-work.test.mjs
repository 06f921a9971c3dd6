// Providers at work in a real browser (issue 27): a customer asks when a service can be done at
// their postcode, chooses one of the free times the demo providers' hours give and books it; the
// provider it is offered to accepts from the mail's link (the page answers only on its button);
// the customer is told who is coming; the provider finds the job on their schedule and in their
// calendar feed.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, settle, setUp } from '../support/harness.mjs';
import { landedOn, logIn, open } from '../support/journeys.mjs';
import { mailFiles, waitForMail } from '../support/mail.mjs';

const CUSTOMER = { email: 'demo@brightway.example', password: 'demo-password-1' };
// The demo's boiler engineers around Leeds (server/demo/demo.json).
const PROVIDERS = [
  { email: 'priya.shah@example.co.uk', password: 'provider-password-1', firstName: 'Priya' },
  { email: 'dai.evans@example.org.uk', password: 'provider-password-3', firstName: 'Dai' },
];

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

async function serviceId(slug) {
  const response = await fetch(`${env.baseUrl}/api/service/?page_size=100&search=${encodeURIComponent('boiler')}`);
  const found = (await response.json()).results.find((service) => service.slug === slug);
  assert.ok(found, `${slug} is in the catalogue`);
  return found.id;
}

describe('providers at work', () => {
  test('a customer books a free time, the provider accepts from the mail, and finds it on their schedule and in their feed', { timeout: TEST_TIMEOUT_MS }, async () => {
    const id = await serviceId('annual-boiler-service');
    const mailBefore = mailFiles(env.dataDir).at(-1) ?? '';
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      // The customer asks when, at their postcode, and chooses the first free time.
      await logIn(page, env.baseUrl, CUSTOMER, `/services/book?id=${id}`);
      const when = page.locator('form.when-form');
      await when.getByLabel('Postcode where the work is').fill('LS6 2AB');
      await Promise.all([page.waitForURL((url) => url.searchParams.get('postcode') === 'LS6 2AB', { waitUntil: 'load' }), when.getByRole('button', { name: 'Show free times' }).click()]);
      const firstTime = page.locator('.free-times a').first();
      const chosen = new URL(await firstTime.getAttribute('href'), env.baseUrl).searchParams.get('slot');
      const [date, time] = chosen.split('T');
      await Promise.all([page.waitForURL((url) => url.searchParams.get('slot') === chosen, { waitUntil: 'load' }), firstTime.click()]);
      await landedOn(page, '/services/book');
      const form = page.locator('form.isl-booking-form');
      assert.equal(await form.getByLabel('Date').inputValue(), date);
      assert.equal(await form.getByLabel('Time').inputValue(), time);
      await form.getByLabel('Address line 1').fill('3 Headingley Lane');
      await form.getByLabel('Town or city').fill('Leeds');
      await form.getByRole('button', { name: 'Book now' }).click();
      await landedOn(page, '/user/bookings');
      const booking = page.locator('ul[aria-label="Your bookings"] > li').filter({ hasText: 'LS6 2AB' });
      await booking.waitFor({ state: 'visible' });
      assert.match(await booking.innerText(), /Pending/);
      await settle(page);
      assertNoProblems(problems, 'booking a free time');

      // It is offered to one of the two engineers, by mail.
      const offer = await waitForMail(env.dataDir, ({ headers }) => /New job offered/.test(headers.get('subject') ?? ''), { notBefore: mailBefore, what: 'the offer' });
      const provider = PROVIDERS.find((candidate) => (offer.headers.get('to') ?? '').includes(candidate.email));
      assert.ok(provider, `the offer went to a demo engineer: ${offer.headers.get('to')}`);
      const link = /https?:\/\/\S+\/schedule\/offer\?\S+/.exec(offer.text)?.[0];
      assert.ok(link, `the offer mail links to its page: ${offer.text}`);

      // Opening the link answers nothing; its button accepts.
      const offerPage = await context.newPage();
      await offerPage.goto(new URL(new URL(link).pathname + new URL(link).search, env.baseUrl).href, { waitUntil: 'load' });
      assert.equal(await offerPage.locator('h1').innerText(), 'A job for you');
      await Promise.all([offerPage.waitForLoadState('load'), offerPage.getByRole('button', { name: 'Accept the job' }).click()]);
      await offerPage.getByRole('heading', { name: 'Job accepted' }).waitFor();
      const confirmed = await waitForMail(env.dataDir, ({ headers, source }) => (headers.get('to') ?? '').includes(CUSTOMER.email) && source.includes(`${provider.firstName} will come`), {
        notBefore: mailBefore,
        what: "the customer's confirmation",
      });
      assert.match(confirmed.source, /SEQUENCE:1/);
      await offerPage.close();

      // The provider finds it on their schedule, accepted, and in their calendar feed.
      const providerContext = await env.browser.newContext(DESKTOP);
      const providerPage = (await newRecordedPage(providerContext)).page;
      try {
        await logIn(providerPage, env.baseUrl, provider, '/user/schedule');
        const job = providerPage.locator('.isl-records > li').filter({ hasText: 'Annual boiler service' });
        await job.waitFor({ state: 'visible' });
        const text = await job.innerText();
        assert.match(text, /Accepted/);
        assert.match(text, /3 Headingley Lane, Leeds, LS6 2AB/);
        assert.match(text, /Demo/, "the customer's first name");
        const feed = providerPage.getByLabel("Your feed's address");
        await feed.waitFor({ state: 'visible' });
        const feedUrl = new URL(await feed.inputValue());
        const ics = await (await fetch(new URL(feedUrl.pathname + feedUrl.search, env.baseUrl))).text();
        assert.match(ics, new RegExp(`DTSTART;TZID=Europe/London:${date.replaceAll('-', '')}T${time.replace(':', '')}00`));
        assert.match(ics, /STATUS:CONFIRMED/);
        await open(providerPage, env.baseUrl, '/user/schedule');
      } finally {
        await providerContext.close();
      }
    } finally {
      await context.close();
    }
  });
});

// Providers at work in a real browser (issue 27): a customer asks when a service can be done at
// their postcode, chooses one of the free times the demo providers' hours give and books it; the
// provider it is offered to accepts from the mail's link (the page answers only on its button);
// the customer is told who is coming; the customer moves it to another time; the provider finds
// the job, at its new time, on their schedule and in their calendar feed.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, settle, setUp } from '../support/harness.mjs';
import { landedOn, logIn, open } from '../support/journeys.mjs';
import { mailFiles, waitForMail } from '../support/mail.mjs';

const CUSTOMER = { email: 'demo@brightway.example', password: 'demo-password-1' };
// The demo's boiler engineers around Leeds (server/demo/demo.json).
// On a Wednesday both work, but only Priya from 08:00 (Dai starts at 10:00).
const PRIYA = { email: 'priya.shah@example.co.uk', password: 'provider-password-1', firstName: 'Priya' };

/** The first Wednesday at least two days from now (past both engineers' notice), `YYYY-MM-DD`, and as the page heads it. */
function nextWednesday() {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  const label = day.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).replace(',', '');
  return { date: day.toISOString().slice(0, 10), label };
}

/** Clicks the free time `time` of the day headed `label` on the booking page, stepping a week on if needed. */
async function chooseTime(page, label, time) {
  const day = page.locator('.free-days > li').filter({ has: page.locator('h3', { hasText: label }) });
  if ((await day.count()) === 0) {
    const later = page.getByRole('link', { name: 'Later week' });
    const from = new URL(await later.getAttribute('href'), 'http://x').searchParams.get('from');
    await Promise.all([page.waitForURL((url) => url.searchParams.get('from') === from, { waitUntil: 'load' }), later.click()]);
  }
  const link = day.getByRole('link', { name: time, exact: true });
  const slot = new URL(await link.getAttribute('href'), 'http://x').searchParams.get('slot');
  await Promise.all([page.waitForURL((url) => url.searchParams.get('slot') === slot, { waitUntil: 'load' }), link.click()]);
}

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
      // The customer asks when, at their postcode, and chooses 08:00 on a Wednesday.
      const wednesday = nextWednesday();
      await logIn(page, env.baseUrl, CUSTOMER, `/services/book?id=${id}`);
      const when = page.locator('form.when-form');
      await when.getByLabel('Postcode where the work is').fill('LS6 2AB');
      await Promise.all([page.waitForURL((url) => url.searchParams.get('postcode') === 'LS6 2AB', { waitUntil: 'load' }), when.getByRole('button', { name: 'Show free times' }).click()]);
      await chooseTime(page, wednesday.label, '08:00');
      await landedOn(page, '/services/book');
      const form = page.locator('form.isl-booking-form');
      assert.equal(await form.getByLabel('Date').inputValue(), wednesday.date);
      assert.equal(await form.getByLabel('Time').inputValue(), '08:00');
      await form.getByLabel('Address line 1').fill('3 Headingley Lane');
      await form.getByLabel('Town or city').fill('Leeds');
      await form.getByRole('button', { name: 'Book now' }).click();
      await landedOn(page, '/user/bookings');
      const booking = page.locator('ul[aria-label="Your bookings"] > li').filter({ hasText: 'LS6 2AB' });
      await booking.waitFor({ state: 'visible' });
      assert.match(await booking.innerText(), /Pending/);

      // It is offered to the one free then, by mail.
      const offer = await waitForMail(env.dataDir, ({ headers }) => /New job offered/.test(headers.get('subject') ?? ''), { notBefore: mailBefore, what: 'the offer' });
      assert.match(offer.headers.get('to') ?? '', new RegExp(PRIYA.email.replaceAll('.', '\\.')));
      const provider = PRIYA;
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

      // The customer moves it to 09:30 the same day, when she is free too: she keeps it.
      await page.goto(`${env.baseUrl}/user/bookings`, { waitUntil: 'load' });
      await landedOn(page, '/user/bookings');
      await Promise.all([page.waitForURL((url) => url.searchParams.get('move') !== null, { waitUntil: 'load' }), booking.getByRole('link', { name: /Move/ }).click()]);
      await chooseTime(page, wednesday.label, '09:30');
      await landedOn(page, '/services/book');
      await page.getByRole('button', { name: 'Move my booking' }).click();
      await landedOn(page, '/user/bookings');
      const moved = page.locator('ul[aria-label="Your bookings"] > li').filter({ hasText: 'LS6 2AB' });
      await moved.filter({ hasText: '09:30' }).waitFor({ state: 'visible' });
      assert.match(await moved.innerText(), /Confirmed/);
      await waitForMail(env.dataDir, ({ headers, source }) => (headers.get('to') ?? '').includes(provider.email) && /Job moved/.test(headers.get('subject') ?? '') && source.includes('09:30'), {
        notBefore: mailBefore,
        what: "the provider's notice of the move",
      });
      await settle(page);
      assertNoProblems(problems, 'booking, then moving, a free time');

      // The provider finds it on their schedule, accepted, at its new time, and so does their calendar feed.
      const providerContext = await env.browser.newContext(DESKTOP);
      const providerPage = (await newRecordedPage(providerContext)).page;
      try {
        await logIn(providerPage, env.baseUrl, provider, '/user/schedule');
        const job = providerPage.locator('.isl-records > li').filter({ hasText: 'Annual boiler service' });
        await job.waitFor({ state: 'visible' });
        const text = await job.innerText();
        assert.match(text, /Accepted/);
        assert.match(text, /09:30 to 10:30/);
        assert.match(text, /3 Headingley Lane, Leeds, LS6 2AB/);
        assert.match(text, /Demo/, "the customer's first name");
        const feed = providerPage.getByLabel("Your feed's address");
        await feed.waitFor({ state: 'visible' });
        const feedUrl = new URL(await feed.inputValue());
        const ics = await (await fetch(new URL(feedUrl.pathname + feedUrl.search, env.baseUrl))).text();
        assert.match(ics, new RegExp(`DTSTART;TZID=Europe/London:${wednesday.date.replaceAll('-', '')}T093000`));
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

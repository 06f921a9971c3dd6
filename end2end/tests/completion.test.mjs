// Closing the loop on a job in a real browser (issue 29): the provider marks the job done from
// their schedule with notes and a photo; the customer reviews it from the invitation's mail,
// signed in nowhere; the provider answers the review from their past jobs; and the provider's
// public profile, opened from the customer's booking, shows the review and the answer.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUSTOMER, locatedPngFile, movedIntoThePast, takenBooking } from '../support/bookings.mjs';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, settle, setUp } from '../support/harness.mjs';
import { landedOn, logIn } from '../support/journeys.mjs';
import { mailFiles, waitForMail } from '../support/mail.mjs';

const ADDRESS = '7 Otley Road';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

describe('a job done, reviewed and answered', () => {
  test('the provider marks it done, the customer reviews it from the invitation, the provider answers, the profile shows it', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    if (!env.dataDir) {
      t.skip('needs the server data folder (DATA_DIR) for the mail and the database');
      return;
    }
    const { booking, engineer } = await takenBooking(env.baseUrl, ADDRESS);
    movedIntoThePast(env.dataDir, booking.id);
    const mailBefore = mailFiles(env.dataDir).at(-1) ?? '';

    // The provider marks the job done from their schedule, with notes and a photo.
    const providerContext = await env.browser.newContext(DESKTOP);
    const { page: provider, problems: providerProblems } = await newRecordedPage(providerContext);
    try {
      await logIn(provider, env.baseUrl, engineer, '/user/schedule');
      const job = provider.locator('li').filter({ hasText: ADDRESS });
      await job.getByRole('button', { name: /^Mark done/ }).click();
      await job.getByLabel(/^Notes for the customer/).fill('Serviced and safe: the flue gas reading was normal.');
      await job.getByLabel(/^Photos of the work/).setInputFiles(locatedPngFile());
      await job.getByRole('button', { name: /^Mark done/ }).click();
      await job.getByText('Done', { exact: true }).waitFor({ state: 'visible' });
      await settle(provider);
      assertNoProblems(providerProblems, 'marking a job done');

      // The customer reviews it from the invitation's mail, signed in nowhere.
      const mail = await waitForMail(env.dataDir, ({ headers }) => (headers.get('to') ?? '').includes(CUSTOMER.email) && /How did it go\?/.test(headers.get('subject') ?? ''), {
        notBefore: mailBefore,
        what: 'the invitation to review the job',
      });
      const link = /https?:\/\/\S+\/reviews\/write\?\S+/.exec(mail.text)?.[0];
      assert.ok(link, `the mail links to the review form: ${mail.text}`);
      const customerContext = await env.browser.newContext(DESKTOP);
      const { page: customer, problems: customerProblems } = await newRecordedPage(customerContext);
      try {
        const url = new URL(link);
        await customer.goto(new URL(url.pathname + url.search, env.baseUrl).href, { waitUntil: 'load' });
        await customer.getByLabel('4 stars').check();
        await customer.getByLabel('Your review').fill('On time, tidy, and explained everything he checked.');
        await Promise.all([customer.waitForURL((next) => next.pathname === '/reviews/write', { waitUntil: 'load' }), customer.getByRole('button', { name: /^(Send|Update) my review$/ }).click()]);
        await customer.getByText('Review Submitted successfully.').waitFor({ state: 'visible' });
        assertNoProblems(customerProblems, 'reviewing from the invitation');

        // The provider answers the review from their past jobs.
        await provider.reload({ waitUntil: 'load' });
        await landedOn(provider, '/user/schedule');
        const done = provider.locator('li').filter({ hasText: ADDRESS });
        await done.getByText('Rated 4 out of 5: On time, tidy, and explained everything he checked.').waitFor({ state: 'visible' });
        await done.getByLabel(/^Your public answer/).fill('Thank you: see you next year.');
        await done.getByRole('button', { name: 'Answer publicly' }).click();
        await done.getByText('Your answer: Thank you: see you next year.').waitFor({ state: 'visible' });

        // The customer opens who did the job from their booking: the profile shows both.
        await logIn(customer, env.baseUrl, CUSTOMER, '/user/bookings');
        const card = customer.locator('ul[aria-label="Your bookings"] > li').filter({ hasText: ADDRESS });
        await Promise.all([customer.waitForURL((next) => next.pathname === '/providers/profile', { waitUntil: 'load' }), card.getByRole('link', { name: /their profile and reviews/ }).click()]);
        const review = customer.locator('figure.review').filter({ hasText: 'On time, tidy, and explained everything he checked.' });
        await review.getByText('Verified booking').waitFor({ state: 'visible' });
        await review.getByText('Thank you: see you next year.').waitFor({ state: 'visible' });
        await settle(customer);
        assertNoProblems(customerProblems, "the provider's profile");
      } finally {
        await customerContext.close();
      }
    } finally {
      await providerContext.close();
    }
  });
});

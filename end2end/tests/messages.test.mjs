// Messages on a booking in a real browser (issue 28): the customer opens their booking's
// messages from their bookings and writes with a photo (stored without where it was taken);
// the provider answers from the mail's link, signed in nowhere; staff hide the customer's
// message in the back office, and the customer then sees that it was hidden.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, settle, setUp } from '../support/harness.mjs';
import { CUSTOMER, locatedPngFile, takenBooking } from '../support/bookings.mjs';
import { landedOn, logIn } from '../support/journeys.mjs';
import { mailFiles, waitForMail } from '../support/mail.mjs';
import { staffSignedIn } from '../support/staff.mjs';

const STAFF = { email: 'messages.staff@brightway.example', password: 'a long staff password 2' };

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

describe('messages on a booking', () => {
  test('the customer writes with a photo, the provider answers from the mail, staff hide a message', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    if (!env.dataDir) {
      t.skip('needs the server data folder (DATA_DIR) for the mail and a staff account');
      return;
    }
    const { booking, engineer } = await takenBooking(env.baseUrl, '3 Headingley Lane');
    const mailBefore = mailFiles(env.dataDir).at(-1) ?? '';
    const photo = locatedPngFile();

    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      // From the bookings page to the booking's messages; a message with a photo.
      await logIn(page, env.baseUrl, CUSTOMER, '/user/bookings');
      const card = page.locator('ul[aria-label="Your bookings"] > li').filter({ hasText: '3 Headingley Lane' });
      await card.getByText('Who is coming').waitFor({ state: 'visible' });
      await Promise.all([page.waitForURL((url) => url.pathname === '/bookings/messages', { waitUntil: 'load' }), card.getByRole('link', { name: /^Messages/ }).click()]);
      await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
      await page.getByLabel('Your message').fill('The boiler is in the loft; the hatch is on the landing.');
      await page.getByLabel('A photo (JPEG, PNG or WebP, optional)').setInputFiles(photo);
      await Promise.all([page.waitForURL((url) => url.pathname === '/bookings/messages', { waitUntil: 'load' }), page.getByRole('button', { name: 'Send' }).click()]);
      const mine = page.locator('.thread__message--mine');
      await mine.getByText('The boiler is in the loft').waitFor({ state: 'visible' });
      const picture = mine.getByRole('img', { name: 'Photo from Demo' });
      const stored = await (await fetch(new URL(await picture.getAttribute('src'), env.baseUrl))).arrayBuffer();
      assert.ok(!Buffer.from(stored).includes('GPSLatitude'), 'the photo is stored without where it was taken');
      await settle(page);
      assertNoProblems(problems, "writing on a booking's messages");

      // The provider answers from the mail's link, signed in nowhere.
      const mail = await waitForMail(env.dataDir, ({ headers }) => (headers.get('to') ?? '').includes(engineer.email) && /New message about/.test(headers.get('subject') ?? ''), {
        notBefore: mailBefore,
        what: "the provider's mail about the message",
      });
      assert.match(mail.text, /> The boiler is in the loft; the hatch is on the landing\./);
      const link = /https?:\/\/\S+\/bookings\/messages\?\S+/.exec(mail.text)?.[0];
      assert.ok(link, `the mail links to the thread: ${mail.text}`);
      const providerContext = await env.browser.newContext(DESKTOP);
      try {
        const providerPage = await providerContext.newPage();
        const url = new URL(link);
        await providerPage.goto(new URL(url.pathname + url.search, env.baseUrl).href, { waitUntil: 'load' });
        await providerPage.getByText('The boiler is in the loft').waitFor({ state: 'visible' });
        assert.equal(await providerPage.getByRole('img', { name: 'Photo from Demo' }).count(), 1);
        await providerPage.getByLabel('Your message').fill('Thanks, I will bring a ladder.');
        await Promise.all([providerPage.waitForURL((next) => next.pathname === '/bookings/messages', { waitUntil: 'load' }), providerPage.getByRole('button', { name: 'Send' }).click()]);
        await providerPage.locator('.thread__message--mine').getByText('Thanks, I will bring a ladder.').waitFor({ state: 'visible' });
      } finally {
        await providerContext.close();
      }

      // Staff hide the customer's message, with a reason.
      const staffContext = await env.browser.newContext(DESKTOP);
      try {
        const staffPage = await staffContext.newPage();
        await staffSignedIn(staffPage, env, STAFF);
        await staffPage.goto(`${env.baseUrl}/admin/bookings/${booking.id}/messages`, { waitUntil: 'load' });
        const message = staffPage.locator('.admin-item').filter({ hasText: 'The boiler is in the loft' });
        await message.getByLabel('Reason for hiding it (its writer is told)').fill('It shows the inside of a home.');
        await Promise.all([staffPage.waitForURL((url) => url.searchParams.get('done') === 'hidden', { waitUntil: 'load' }), message.getByRole('button', { name: 'Hide message' }).click()]);
        await staffPage.getByText('Message hidden. Its writer has been told why.').waitFor({ state: 'visible' });
      } finally {
        await staffContext.close();
      }

      // The customer sees it hidden, and the provider's answer as new.
      await page.reload({ waitUntil: 'load' });
      await page.locator('.thread__message--mine').getByText('This message was hidden by our team.').waitFor({ state: 'visible' });
      assert.equal(await page.getByText('The boiler is in the loft').count(), 0);
      await page.getByText('Thanks, I will bring a ladder.').waitFor({ state: 'visible' });
      await page.goto(`${env.baseUrl}/user/bookings`, { waitUntil: 'load' });
      await landedOn(page, '/user/bookings');
      await card.getByRole('link', { name: /^Messages/ }).waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });
});

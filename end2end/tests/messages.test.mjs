// Messages on a booking in a real browser (issue 28): the customer opens their booking's
// messages from their bookings and writes with a photo (stored without where it was taken);
// the provider answers from the mail's link, signed in nowhere; staff hide the customer's
// message in the back office, and the customer then sees that it was hidden.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, settle, setUp } from '../support/harness.mjs';
import { api, landedOn, logIn } from '../support/journeys.mjs';
import { mailFiles, waitForMail } from '../support/mail.mjs';
import { staffSignedIn } from '../support/staff.mjs';

const CUSTOMER = { email: 'demo@brightway.example', password: 'demo-password-1' };
// The demo's boiler engineers around Leeds (server/demo/demo.json): the booking goes to one of them.
const ENGINEERS = [
  { email: 'priya.shah@example.co.uk', password: 'provider-password-1' },
  { email: 'dai.evans@example.org.uk', password: 'provider-password-3' },
];
const STAFF = { email: 'messages.staff@brightway.example', password: 'a long staff password 2' };

/** A one-pixel PNG whose text chunk says where it was taken, as phones write it. */
function locatedPng() {
  const chunk = (kind, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(kind, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Location\0GPSLatitude 53.8', 'latin1')),
    chunk('IDAT', Buffer.from('pixels')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** A booking of the annual boiler service at the first free time near LS6, taken by the engineer it is offered to; and who. */
async function takenBooking() {
  const found = await api(env.baseUrl, 'GET', '/api/service/?page_size=100&search=boiler');
  const service = found.body.results.find((row) => row.slug === 'annual-boiler-service');
  const slots = await api(env.baseUrl, 'GET', `/api/service/${service.id}/slots/?postcode=LS6+2AB&from=${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}`);
  const day = slots.body.days.find((row) => row.times.length > 0);
  const customer = (await api(env.baseUrl, 'POST', '/api/auth/login/', null, CUSTOMER)).body.access;
  const body = { service: service.id, date: day.date, time: day.times[0], address_line_1: '3 Headingley Lane', city: 'Leeds', postcode: 'LS6 2AB' };
  const booked = await api(env.baseUrl, 'POST', '/api/service/booking/', customer, body);
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  for (const engineer of ENGINEERS) {
    const token = (await api(env.baseUrl, 'POST', '/api/auth/login/', null, engineer)).body.access;
    const jobs = await api(env.baseUrl, 'GET', '/api/schedule/jobs/', token);
    const job = jobs.body.results.find((row) => row.id === booked.body.id);
    if (job === undefined) continue;
    assert.equal((await api(env.baseUrl, 'POST', `/api/schedule/offers/${job.offer.id}/accept/`, token)).status, 204);
    return { booking: booked.body, engineer };
  }
  assert.fail('the booking is offered to one of the engineers');
}

describe('messages on a booking', () => {
  test('the customer writes with a photo, the provider answers from the mail, staff hide a message', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    if (!env.dataDir) {
      t.skip('needs the server data folder (DATA_DIR) for the mail and a staff account');
      return;
    }
    const { booking, engineer } = await takenBooking();
    const mailBefore = mailFiles(env.dataDir).at(-1) ?? '';
    const photo = join(mkdtempSync(join(tmpdir(), 'messages-')), 'leak.png');
    writeFileSync(photo, locatedPng());

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
      await page.getByLabel('A photo (JPEG or PNG, optional)').setInputFiles(photo);
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

// Paying for a booking in a real browser with the built-in test provider (issue 10): book a
// service, go to pay from the bookings list, cancel at the test checkout (and land on /cancel,
// not charged), try again and pay (and land on /success, which shows the payment only once the
// server has it), find the booking Paid and the payment's receipt (which prints on its own),
// then cancel the booking inside the refund window and see the payment refunded.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, settle, setUp } from '../support/harness.mjs';
import { dateIn, landedOn, logIn, seesAlert } from '../support/journeys.mjs';

const DEMO = { email: 'demo@brightway.example', password: 'demo-password-1' };

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** An Open service of the demo catalogue, through the public API. */
async function openService() {
  const response = await fetch(`${env.baseUrl}/api/service/?status=Open&ordering=title&page_size=1`);
  assert.equal(response.status, 200);
  const [service] = (await response.json()).results;
  assert.ok(service, 'the demo catalogue has an Open service');
  return service;
}

describe('paying for a booking in test mode', () => {
  test('a member pays, gets a receipt, and is refunded on cancelling in time', { timeout: TEST_TIMEOUT_MS }, async () => {
    const service = await openService();
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      await logIn(page, env.baseUrl, DEMO, `/services/book?id=${service.id}`);
      const form = page.locator('form.isl-booking-form');
      await form.getByLabel('Date').fill(dateIn(9));
      await form.getByLabel('Time').fill('11:15');
      await form.getByLabel('Address line 1').fill('4 Pay Street');
      await form.getByLabel('Town or city').fill('Leeds');
      await form.getByLabel('Postcode').fill('ls11ur');
      await form.getByRole('button', { name: 'Book now' }).click();
      await landedOn(page, '/user/bookings');
      const booking = page.locator('ul[aria-label="Your bookings"] > li').filter({ hasText: 'LS1 1UR' });
      await booking.waitFor({ state: 'visible' });

      // To pay, then cancel at the test checkout: nothing is charged.
      await booking.getByRole('link', { name: 'Pay now' }).click();
      await landedOn(page, '/payment');
      const pay = page.getByRole('button', { name: `Pay £${service.price_from}` });
      await pay.click();
      await page.getByRole('heading', { name: 'Test mode checkout' }).waitFor({ state: 'visible' });
      assert.match(page.url(), /\/payment\?booking=\d+&checkout=test_cs_\d+$/);
      await page.getByRole('button', { name: 'Cancel test payment' }).click();
      await landedOn(page, '/cancel');
      await page.getByText('Payment cancelled. You have not been charged.').waitFor({ state: 'visible' });
      assert.equal(await page.getByText('Payment received').count(), 0, 'a cancelled payment is never shown as received');

      // Try again, and pay.
      await page.getByRole('link', { name: 'Try again' }).click();
      await landedOn(page, '/payment');
      await page.getByRole('button', { name: `Pay £${service.price_from}` }).click();
      await page.getByRole('heading', { name: 'Test mode checkout' }).waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Complete test payment' }).click();
      await landedOn(page, '/success');
      await page.getByRole('heading', { name: 'Payment received' }).waitFor({ state: 'visible' });
      const receiptNumber = (await page.locator('main').innerText()).match(/BW-\d{6}/)?.[0];
      assert.ok(receiptNumber, 'the success page shows the receipt number');
      assert.match(await page.locator('main').innerText(), /Test mode/, 'a test payment says so');

      // The booking is Paid, with its free-cancellation deadline.
      await page.goto(`${env.baseUrl}/user/bookings`, { waitUntil: 'load' });
      await landedOn(page, '/user/bookings');
      await booking.waitFor({ state: 'visible' });
      assert.match(await booking.innerText(), /Paid/);
      assert.match(await booking.innerText(), /Free cancellation until/);
      assert.equal(await booking.getByRole('link', { name: 'Pay now' }).count(), 0, 'a paid booking is not offered for payment');

      // The receipt, which prints without the site around it.
      await page.goto(`${env.baseUrl}/user/payments`, { waitUntil: 'load' });
      await landedOn(page, '/user/payments');
      const payment = page.locator('li, tr').filter({ hasText: receiptNumber }).first();
      await payment.getByRole('link', { name: 'View receipt' }).click();
      await page.waitForURL((url) => url.pathname === '/user/payments' && url.searchParams.has('receipt'));
      await page.getByRole('heading', { name: `Receipt ${receiptNumber}` }).waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Print receipt' }).waitFor({ state: 'visible' });
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('header').first().isVisible(), false, 'the printed receipt leaves out the site header');
      assert.equal(await page.getByRole('button', { name: 'Print receipt' }).isVisible(), false, 'and its own buttons');
      assert.ok(await page.getByRole('heading', { name: `Receipt ${receiptNumber}` }).isVisible(), 'but prints the receipt');
      await page.emulateMedia({ media: 'screen' });

      // Cancelled nine days ahead: inside the refund window, so refunded.
      await page.goto(`${env.baseUrl}/user/bookings`, { waitUntil: 'load' });
      await landedOn(page, '/user/bookings');
      await booking.getByRole('button', { name: /Cancel booking/ }).click();
      await page.getByText(/will be refunded in full/).waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Yes, cancel it' }).click();
      await seesAlert(page, 'Booking deleted successfully');
      await booking.waitFor({ state: 'detached' });
      await page.goto(`${env.baseUrl}/user/payments`, { waitUntil: 'load' });
      await landedOn(page, '/user/payments');
      await page.locator('li, tr').filter({ hasText: receiptNumber }).first().getByText('Refunded').waitFor({ state: 'visible' });
      await settle(page);
      assertNoProblems(problems, 'paying, the receipt and the refund');
    } finally {
      await context.close();
    }
  });
});

// The back office in a real browser (issue 11): a staff account made with `create-admin` signs
// in on the ordinary login page, sets up an authenticator app from the QR code's key, keeps
// the recovery codes, opens /admin, approves a member's provider application, confirms their
// booking (the member is told of both) and changes a service's price, which the public page shows. To a visitor /admin is the site's 404 page. Then the
// member downloads their data from their profile and deletes their account.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, assertNoProblems, newRecordedPage, serverBin, setUp, withoutOwnStatus } from '../support/harness.mjs';
import { readFileSync } from 'node:fs';
import { api as callApi, landedOn, logIn, open, seesAlert } from '../support/journeys.mjs';
import { totpCode } from '../support/totp.mjs';

const DEMO = { email: 'demo@brightway.example', password: 'demo-password-1' };
const STAFF = { email: 'operations@brightway.example', password: 'a long staff password 1' };

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

const api = (method, path, token, body) => callApi(env.baseUrl, method, path, token, body);

describe('the back office', () => {
  test('a staff member sets up a second factor, approves a provider application and confirms a booking', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    if (!env.dataDir) {
      t.skip('needs the server data folder (DATA_DIR) to make a staff account');
      return;
    }
    // The member applies to provide a service.
    const member = (await api('POST', '/api/auth/login/', null, DEMO)).body.access;
    const [service] = (await api('GET', '/api/service/?status=Open&ordering=-price_from&page_size=1')).body.results;
    const applied = await api('POST', '/api/service/providers/', member, { service: service.id, bio: 'Twelve years of gardening in Kent.', experience_years: 12 });
    assert.equal(applied.status, 201, JSON.stringify(applied.body));
    const date = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const booked = await api('POST', '/api/service/booking/', member, { service: service.id, date, time: '10:00', address_line_1: '9 Mill Lane', city: 'Kendal', postcode: 'LA9 4AA' });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));

    execFileSync(serverBin(), ['create-admin', STAFF.email], { input: `${STAFF.password}\n`, env: { ...process.env, DATA_DIR: env.dataDir } });

    const visitor = await env.browser.newContext(DESKTOP);
    const hidden = await (await visitor.newPage()).goto(`${env.baseUrl}/admin`);
    assert.equal(hidden.status(), 404, 'the back office does not exist for a visitor');
    await visitor.close();

    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    try {
      await open(page, env.baseUrl, '/user/login');
      const form = page.locator('[data-member-area] form.form').first();
      await form.getByLabel('Email address').fill(STAFF.email);
      await form.getByLabel('Password').fill(STAFF.password);
      await form.getByRole('button', { name: 'Log in' }).click();

      await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor({ state: 'visible' });
      assert.equal(await page.getByRole('img', { name: 'QR code for your authenticator app' }).count(), 1);
      const secret = (await page.locator('.isl-staff-factor__secret').innerText()).trim();
      const code = page.getByLabel('6-digit code from your authenticator app');
      await code.fill('000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('That code is not right.', { exact: false }).waitFor({ state: 'visible' });
      await code.fill(totpCode(secret));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor({ state: 'visible' });
      assert.equal(await page.locator('.isl-staff-factor__codes li').count(), 10);

      await page.getByRole('link', { name: 'I have saved them: open the back office' }).click();
      await landedOn(page, '/admin');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ state: 'visible' });
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
      await page.getByRole('link', { name: 'Provider applications waiting for a decision' }).click();
      await landedOn(page, '/admin/providers');

      const application = page.locator('.admin-item').filter({ hasText: service.title });
      await application.getByRole('button', { name: 'Approve' }).click();
      await landedOn(page, '/admin/providers');
      await page.getByText('Application approved. The member has been told by notification and email.').waitFor({ state: 'visible' });

      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bookings' }).click();
      await landedOn(page, '/admin/bookings');
      await page.getByLabel('Status').selectOption('Pending');
      await page.getByLabel('Member (name or email)').fill('demo@');
      await page.getByRole('button', { name: 'Show' }).click();
      await landedOn(page, '/admin/bookings');
      const booking = page.locator(`#booking-${booked.body.id}`);
      await booking.getByText('9 Mill Lane, Kendal, LA9 4AA').waitFor({ state: 'visible' });
      await booking.getByRole('button', { name: 'Confirm' }).click();
      await landedOn(page, '/admin/bookings');
      await page.getByText('Booking confirmed. The member has been told, with a calendar update.').waitFor({ state: 'visible' });

      // A price change shows on the public page at once.
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
      await landedOn(page, '/admin/catalogue');
      await page.getByLabel('Title').fill(service.title);
      await page.getByRole('button', { name: 'Search' }).click();
      await landedOn(page, '/admin/catalogue');
      await page.getByRole('link', { name: service.title, exact: true }).click();
      await landedOn(page, `/admin/services/${service.id}`);
      await page.getByLabel('Price from (£)').fill('321.50');
      await page.getByRole('button', { name: 'Save service' }).click();
      await landedOn(page, `/admin/services/${service.id}`);
      await page.getByText('Service saved. The site shows it now.').waitFor({ state: 'visible' });
      await open(page, env.baseUrl, `/services/details?id=${service.id}`);
      await page.getByText('321.50', { exact: false }).first().waitFor({ state: 'visible' });
      // The wrong code's 400 is expected; nothing else may fail.
      assertNoProblems(withoutOwnStatus(problems, `${env.baseUrl}/api/admin/enrolment/confirm/`, 400), 'the back office');
    } finally {
      await context.close();
    }

    const notices = await api('GET', '/api/notifications', member);
    const titles = notices.body.results.map((n) => n.title);
    assert.deepEqual(titles.slice(0, 2), ['Booking confirmed', 'Provider application approved']);
    assert.equal((await api('GET', `/api/service/booking/${booked.body.id}/`, member)).body.status, 'Confirmed');
    const own = await api('GET', '/api/service/providers/', member);
    assert.equal(own.body.results.find((p) => p.id === applied.body.id)?.status, 'Approved');
  });

  test('a member downloads their data and deletes their account', { timeout: TEST_TIMEOUT_MS }, async () => {
    const context = await env.browser.newContext({ ...DESKTOP, acceptDownloads: true });
    const { page, problems } = await newRecordedPage(context);
    try {
      await logIn(page, env.baseUrl, DEMO, '/user/profile');
      const section = page.locator('section.isl-account-data');
      await section.scrollIntoViewIfNeeded();
      const button = section.getByRole('button', { name: 'Download my data' });
      await button.waitFor({ state: 'visible' });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      assert.match(download.suggestedFilename(), /^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
      assert.equal(data.account.email, DEMO.email);
      assert.ok(Array.isArray(data.bookings) && data.bookings.length > 0, 'the booking made in the journey above is there');

      await section.getByText('Delete my account', { exact: true }).click();
      await section.getByLabel('Your password, to confirm').fill(DEMO.password);
      await section.getByRole('button', { name: 'Delete my account permanently' }).click();
      await landedOn(page, '/');
      await seesAlert(page, 'Your account has been deleted.');
      assertNoProblems(problems, 'deleting an account');
    } finally {
      await context.close();
    }
    const again = await api('POST', '/api/auth/login/', null, DEMO);
    assert.equal(again.status, 401, 'the account no longer signs in');
  });
});

// The account journey in a real browser, as a person would go through it (spec sections 2, 4,
// 5 and 8): register, read the emailed code, verify, log in, upload a passport to the profile,
// log out; the member guard on /user/profile; and login returning to a redirect with its hash.
//
// The server the harness starts has no SMTP server: it writes each mail as an .eml file under
// `$DATA_DIR/mail/`, which is where the code is read from.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP,
  MOBILE,
  TEST_TIMEOUT_MS,
  assertNoProblems,
  newRecordedPage,
  settle,
  setUp,
  waitForIslandsHydrated,
} from '../support/harness.mjs';
import { landedOn } from '../support/journeys.mjs';
import { tinyPdf } from '../support/documents.mjs';
import { emailedCode, mailFiles } from '../support/mail.mjs';

// Spec section 8, word for word.
const REGISTERED = 'Registration successful! Please check your email to verify your account.';
const VERIFIED = 'Verification successful! Please login to continue.';
const PROFILE_UPDATED = 'Profile/File updated successfully!';

// The demo member of the demo data.
const DEMO = { email: 'demo@brightway.example', password: 'demo-password-1' };


let env;
let scratch;
before(async () => {
  assert.ok(!process.env.SMTP_URL, 'SMTP_URL is set: the server would send mail instead of writing it under DATA_DIR/mail');
  env = await setUp();
  assert.ok(env.dataDir, 'the server\'s data directory is unknown: with BASE_URL, set DATA_DIR to that server\'s');
  scratch = mkdtempSync(join(tmpdir(), 'marketplace-e2e-accounts-'));
});
after(async () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  await env?.close();
});


// ---------- the page ----------

/**
 * Whether the toast alert shows exactly `message` (within 10 s: it stays 3 s). Returns null
 * when it does, else what went wrong; the journey goes on either way, so that one run
 * reports every missing alert, and fails at its end.
 */
async function missingAlert(page, message) {
  const alert = page.locator('.isl-toast-region[role="status"]').getByText(message, { exact: true });
  try {
    await alert.waitFor({ state: 'visible', timeout: 10_000 });
    return null;
  } catch {
    const shown = await page
      .locator('.isl-toast-region')
      .innerText()
      .catch(() => '(unreadable)');
    return `${page.url()}: the alert "${message}" is not shown (the toast region holds ${JSON.stringify(shown.trim())})`;
  }
}

/** The page's one account form (the island's, inside the member area). */
const accountForm = (page) => page.locator('[data-member-area] form.form').first();

/** The profile completion percentage the profile editor shows. */
async function completion(page) {
  const text = await page.locator('.isl-completion__value').innerText();
  const match = /^(\d+)%$/.exec(text.trim());
  assert.ok(match, `the profile completion reads ${JSON.stringify(text)}`);
  const meter = Number(await page.locator('meter.isl-completion__meter').getAttribute('value'));
  assert.equal(meter, Number(match[1]), 'the completion meter and its number agree');
  return Number(match[1]);
}

async function logIn(page, { email, password }) {
  const form = accountForm(page);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

// ---------- the tests ----------

describe('accounts (spec 2, 4, 5, 8)', () => {
  test('register, verify by the emailed code, log in, upload a passport, log out', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const context = await env.browser.newContext(DESKTOP);
    const { page, problems } = await newRecordedPage(context);
    const missedAlerts = [];
    const expectAlert = async (message) => {
      const missed = await missingAlert(page, message);
      if (missed !== null) missedAlerts.push(missed);
    };
    // Nothing in this journey answers with an error status, so any console error fails it.
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.uk`;
    const password = 'Harbour-lantern-42';
    try {
      // Register.
      await page.goto(`${env.baseUrl}/user/register`, { waitUntil: 'load' });
      await waitForIslandsHydrated(page);
      const mailBefore = mailFiles(env.dataDir).at(-1) ?? '';
      const register = accountForm(page);
      await register.getByLabel('Full name').fill('Amelia Hughes');
      await register.getByLabel('Email address').fill(email);
      await register.getByLabel('Phone number').fill('07700 900456');
      await register.getByLabel('Password').fill(password);
      await register.getByRole('button', { name: 'Create account' }).click();

      // Spec 2: registration success goes to /user/verify, with the address.
      await landedOn(page, '/user/verify');
      assert.equal(new URL(page.url()).searchParams.get('email'), email, `verify page URL ${page.url()}`);
      await expectAlert(REGISTERED);

      // The code from the mail.
      const code = await emailedCode(env.dataDir, email, mailBefore);
      const verify = accountForm(page);
      assert.equal(await verify.getByLabel('Email address').inputValue(), email, 'the verify form is prefilled with the address');
      await verify.getByLabel('Verification code').fill(code);
      await verify.getByRole('button', { name: 'Verify email' }).click();

      // Spec 2: verification success goes to /user/login.
      await landedOn(page, '/user/login');
      await expectAlert(VERIFIED);

      // Spec 2: login without a redirect goes to /user/profile.
      await logIn(page, { email, password });
      await landedOn(page, '/user/profile');
      await page.locator('.isl-completion').waitFor({ state: 'visible' });
      const header = page.locator('.desktop-menu');
      await header.getByRole('link', { name: /^Amelia/ }).waitFor({ state: 'visible' });
      const before = await completion(page);

      // Upload a passport.
      const pdf = tinyPdf(join(scratch, 'passport.pdf'));
      const passport = page.locator('form.isl-document').filter({ has: page.locator('input[name="passport"]') });
      await passport.getByLabel('Passport', { exact: true }).setInputFiles(pdf);
      await passport.getByRole('button', { name: 'Upload Passport' }).click();
      await expectAlert(PROFILE_UPDATED);
      await passport.getByText('Uploaded.').waitFor({ state: 'visible' });
      await page.waitForFunction(
        (previous) => Number(document.querySelector('meter.isl-completion__meter')?.getAttribute('value')) > previous,
        before,
        { polling: 100 },
      );
      const afterUpload = await completion(page);
      assert.ok(afterUpload > before, `the profile completion went from ${before}% to ${afterUpload}%`);
      // Spec 5: 14 items, rounded; one more item adds 1/14.
      assert.equal(afterUpload, Math.round(((Math.round((before * 14) / 100) + 1) * 100) / 14));

      // Spec 2: logout goes to /user/login.
      await header.getByRole('button', { name: 'Log out' }).click();
      await landedOn(page, '/user/login');
      await header.getByRole('link', { name: 'Log in' }).waitFor({ state: 'visible' });
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').accessToken ?? null), null);

      await settle(page);
      assertNoProblems(problems, 'the account journey');
    } catch (error) {
      for (const missed of missedAlerts) t.diagnostic(`before this failure: ${missed}`);
      throw error;
    } finally {
      await context.close();
    }
    assert.deepEqual(missedAlerts, [], `alerts of spec section 8 missing:\n  ${missedAlerts.join('\n  ')}`);
  });

  test('a visitor without a session who opens /user/profile is sent to log in, coming back after', { timeout: TEST_TIMEOUT_MS }, async () => {
    const context = await env.browser.newContext(MOBILE);
    const { page, problems } = await newRecordedPage(context);
    try {
      await page.goto(`${env.baseUrl}/user/profile`, { waitUntil: 'load' });
      await page.waitForURL((url) => url.pathname === '/user/login', { waitUntil: 'load' });
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/user/profile', `login URL ${page.url()}`);
      await waitForIslandsHydrated(page);
      await logIn(page, DEMO);
      await landedOn(page, '/user/profile');
      assert.equal(new URL(page.url()).search, '', `landed on ${page.url()}`);
      // Signed in, the guard lets the member stay: the profile editor shows their details.
      await page.locator('.isl-completion').waitFor({ state: 'visible' });
      await settle(page);
      assert.equal(new URL(page.url()).pathname, '/user/profile', 'the member guard let the signed-in member stay');
      assertNoProblems(problems, '/user/profile without a session, then signed in');
    } finally {
      await context.close();
    }
  });

  test('login from /user/login?redirect=/jobs%23top lands on /jobs#top', { timeout: TEST_TIMEOUT_MS }, async () => {
    const context = await env.browser.newContext(MOBILE);
    const { page, problems } = await newRecordedPage(context);
    try {
      await page.goto(`${env.baseUrl}/user/login?redirect=/jobs%23top`, { waitUntil: 'load' });
      await waitForIslandsHydrated(page);
      await logIn(page, DEMO);
      await page.waitForURL((url) => url.pathname === '/jobs' && url.hash === '#top', { waitUntil: 'load' });
      assert.equal(new URL(page.url()).search, '', `landed on ${page.url()}`);
      await waitForIslandsHydrated(page);
      // Signed in: the mobile menu offers the member's name and "Log out".
      await page.locator('.mobile-menu summary').click();
      await page.locator('.mobile-menu-panel').getByRole('button', { name: 'Log out' }).waitFor({ state: 'visible' });
      await settle(page);
      assertNoProblems(problems, 'login with a redirect');
    } finally {
      await context.close();
    }
  });
});

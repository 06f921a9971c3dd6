// Every public and account form with JavaScript turned off, as a person with it off (or on a
// page whose script failed) meets them: the contact form, signing up, verifying the address
// and resetting a password go through by post, redirect and get, with the server's messages
// beside the fields; logging in and changing the password say that they need JavaScript; the
// member-only forms say so in the page and offer nothing that posts. (The recruitment forms
// without JavaScript are in jobs.test.mjs.)

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, TEST_TIMEOUT_MS, newRecordedPage, setUp } from '../support/harness.mjs';
import { emailedCode, mailFiles } from '../support/mail.mjs';

// The server's words (server/src/contact, server/src/accounts).
const CONTACT_SENT = 'Thank you: your message is with our team, who aim to reply within one working day.';
const VERIFIED = 'Verification successful! Please login to continue.';
const CODE_SENT = 'Password reset code sent! Please check your email.';
const PASSWORD_RESET = 'Password reset successful! Please login to continue.';
const LOGIN_NEEDS_JAVASCRIPT = 'Logging in needs JavaScript';
const CHANGE_NEEDS_JAVASCRIPT = 'Changing your password needs JavaScript and sign-in';

let env;
let context;
before(async () => {
  env = await setUp();
  context = await env.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
});
after(async () => {
  await context?.close();
  await env?.close();
});

/** Opens `path` without JavaScript; returns the page. */
async function open(path) {
  const { page } = await newRecordedPage(context);
  const response = await page.goto(`${env.baseUrl}${path}`, { waitUntil: 'load' });
  assert.equal(response.status(), 200, `${path} answers`);
  return page;
}

/** Clicks `button` and waits for the page its form's post answers with (or redirects to). */
async function submit(page, button) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button.click()]);
}

/** The path and query the page is at. */
const at = (page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The visible text of the page's main content. */
const textOf = (page) => page.locator('main').innerText();

describe('without JavaScript', () => {
  test('the contact form sends a message, and keeps what was typed when a field is wrong', { timeout: TEST_TIMEOUT_MS }, async () => {
    const page = await open('/contact');
    const form = page.locator('form[action="/contact"]');
    await form.getByLabel('Your name').fill('Ann Lee');
    await form.getByLabel('Email address').fill('ann@');
    await form.getByLabel('Subject').fill('An invoice');
    await form.getByLabel('Message').fill('Could you send my invoice again?');
    await submit(page, form.getByRole('button', { name: 'Send message' }));
    assert.match(await textOf(page), /valid email address/i, 'the field says what is wrong');
    assert.equal(await form.getByLabel('Message').inputValue(), 'Could you send my invoice again?', 'what was typed stays');

    await form.getByLabel('Email address').fill('ann@lee.example');
    await submit(page, form.getByRole('button', { name: 'Send message' }));
    assert.equal(at(page), '/contact?sent=1', 'redirected after the post');
    assert.ok((await textOf(page)).includes(CONTACT_SENT), 'the confirmation shows');
    await page.close();
  });

  test('signing up, verifying and resetting the password go through; logging in says it needs JavaScript', { timeout: TEST_TIMEOUT_MS }, async () => {
    const email = `no-script-${Date.now()}@example.co.uk`;
    const mailBefore = mailFiles(env.dataDir).at(-1) ?? '';
    const page = await open('/user/register');
    const register = page.locator('form[action="/user/register"]');
    await register.getByLabel('Full name').fill('Nora Script');
    await register.getByLabel('Email address').fill(email);
    await register.getByLabel('Phone number').fill('07700 900456');
    await register.getByLabel('Password').fill('password');
    await submit(page, register.getByRole('button', { name: 'Create account' }));
    assert.match(await textOf(page), /too common/i, 'the password rule, beside its field');
    assert.equal(await register.getByLabel('Full name').inputValue(), 'Nora Script');
    assert.equal(await register.getByLabel('Password').inputValue(), '', 'a password is never sent back');
    await register.getByLabel('Password').fill('Harbour-lantern-42');
    await submit(page, register.getByRole('button', { name: 'Create account' }));
    assert.equal(new URL(page.url()).pathname, '/user/verify');

    const verify = page.locator('form[action="/user/verify"]');
    assert.equal(await verify.getByLabel('Email address').inputValue(), email, 'the address is filled in');
    await verify.getByLabel('Verification code').fill(await emailedCode(env.dataDir, email, mailBefore));
    await submit(page, verify.getByRole('button', { name: /verify/i }));
    assert.equal(new URL(page.url()).pathname, '/user/login');
    assert.ok((await textOf(page)).includes(VERIFIED));

    const login = page.locator('form[action="/user/login"]');
    await login.getByLabel('Email address').fill(email);
    await login.getByLabel('Password').fill('Harbour-lantern-42');
    await submit(page, login.getByRole('button', { name: 'Log in' }));
    assert.ok((await textOf(page)).includes(LOGIN_NEEDS_JAVASCRIPT), 'logging in says it needs JavaScript');

    const resetMailBefore = mailFiles(env.dataDir).at(-1) ?? '';
    await page.goto(`${env.baseUrl}/user/forgot-password`, { waitUntil: 'load' });
    const ask = page.locator('form[action="/user/forgot-password"]');
    await ask.getByLabel('Email address').fill(email);
    await submit(page, ask.locator('button[type="submit"]'));
    assert.equal(new URL(page.url()).pathname, '/user/forgot-password');
    assert.ok((await textOf(page)).includes(CODE_SENT), 'the second step');
    const reset = page.locator('form[action="/user/forgot-password"]');
    await reset.getByLabel('Reset code').fill(await emailedCode(env.dataDir, email, resetMailBefore));
    await reset.getByLabel('New password').fill('A-brand-new-garden-7');
    await submit(page, reset.getByRole('button', { name: 'Reset password' }));
    assert.equal(new URL(page.url()).pathname, '/user/login');
    assert.ok((await textOf(page)).includes(PASSWORD_RESET));

    await page.goto(`${env.baseUrl}/user/change-password`, { waitUntil: 'load' });
    const change = page.locator('form[action="/user/change-password"]');
    await change.getByLabel('Current password').fill('A-brand-new-garden-7');
    await change.getByLabel('New password').fill('Another-garden-8');
    await submit(page, change.locator('button[type="submit"]'));
    assert.ok((await textOf(page)).includes(CHANGE_NEEDS_JAVASCRIPT), 'changing the password says it needs JavaScript');
    await page.close();
  });

  test('member-only forms say that they need sign-in and post nowhere', { timeout: TEST_TIMEOUT_MS }, async () => {
    const service = (await (await fetch(`${env.baseUrl}/api/service/?page_size=1`)).json()).results[0];
    const job = (await (await fetch(`${env.baseUrl}/api/service/jobs/?page_size=1`)).json()).results[0];
    for (const path of [
      '/user/profile',
      '/user/bookings',
      '/user/my-job-post',
      `/services/book?id=${service.id}`,
      `/services/details?id=${service.id}`,
      `/become-provider?service=${service.id}`,
      `/apply?id=${job.id}`,
      '/form/job-post',
      '/form/find-job',
    ]) {
      const page = await open(path);
      const posting = await page.locator('form[method="post" i]').count();
      assert.equal(posting, 0, `${path}: no form posts without JavaScript`);
      const unaddressed = await page.locator('form:not([action]) button[type="submit"]:not([disabled]), form:not([action]) button:not([type]):not([disabled])').count();
      assert.equal(unaddressed, 0, `${path}: no form submits its fields to the page's address`);
      assert.match(await textOf(page), /sign in|log in|JavaScript/i, `${path} says what it needs`);
      await page.close();
    }
  });
});

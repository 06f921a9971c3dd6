// The jobs side in a real browser, as people go through it (spec sections 2, 7 and 8, and the
// jobs API of the server): a member posts a job with an attachment and finds it in the list
// and among their posts; a second member applies with a CV (an upload bar while it goes); the
// poster opens the applications, downloads the CV and shortlists the applicant, who sees it
// and is notified, then withdraws; the poster deletes the post, whose page is then gone; a
// visitor sends a recruitment request with JavaScript and without it (the plain form the
// server renders, posted to the page); and a visitor registers as a job seeker with job
// alerts, confirms them from the welcome mail, and gets the alert of a matching job.
//
// Alert texts are spec section 8's, word for word. The journeys of the first group follow on
// from one another (one job, its one application) and run in order on one server. Mail is
// read where a server without SMTP_URL writes it: `$DATA_DIR/mail/*.eml`. The server runs
// with JOB_ALERTS_EVERY_SECONDS=1, so that its alert loop runs every second instead of every
// minute (and a seeker may get an alert a second after the last, not a day).

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP,
  REPO_ROOT,
  TEST_TIMEOUT_MS,
  assertNoProblems,
  newRecordedPage,
  settle,
  setUp,
  waitForIslandsHydrated,
  withoutOwnStatus,
} from '../support/harness.mjs';
import { tinyPdf } from '../support/documents.mjs';
import { mailFiles, waitForMail } from '../support/mail.mjs';
import { dateIn, landedOn, logIn as logInAt, open as openAt, seesAlert, waitUntil } from '../support/journeys.mjs';

// Spec section 8, word for word.
const APPLICATION_SUBMITTED = 'Job application submitted successfully';
const APPLICATION_DELETED = 'Application deleted successfully';
const JOB_POST_DELETED = 'Job Post deleted successfully';
const RECRUITMENT_SENT = 'Recruitment sent successfully';
// The server's words: the recruitment confirmation, a field's message, the job seeker's.
const RECRUITMENT_CONFIRMATION = 'Thank you: your recruitment request is with our team';
const AT_LEAST_ONE = 'Ensure this value is greater than or equal to 1.';
const SEEKER_REGISTERED = 'Thank you: you are registered. To start job alerts, open the link in the email we have just sent you.';

const MAIL_TIMEOUT_MS = 30_000;

const demo = JSON.parse(readFileSync(join(REPO_ROOT, 'server/demo/demo.json'), 'utf8'));
const member = (name) => {
  const found = demo.users.find((user) => user.full_name === name);
  assert.ok(found, `${name} is a demo member`);
  return found;
};
// Two members of the demo data: one posts jobs, the other applies.
const POSTER = member('Amelia Hughes');
const APPLICANT = member('Rajesh Patel');

let env;
let scratch;
before(async () => {
  assert.ok(!process.env.SMTP_URL, 'SMTP_URL is set: the server would send mail instead of writing it under DATA_DIR/mail');
  env = await setUp({ env: { JOB_ALERTS_EVERY_SECONDS: '1' } });
  assert.ok(env.dataDir, "the server's data directory is unknown: with BASE_URL, set DATA_DIR to that server's");
  scratch = mkdtempSync(join(tmpdir(), 'marketplace-e2e-jobs-'));
});
after(async () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  await env?.close();
});

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// ---------- the page ----------

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const open = (page, path) => openAt(page, env.baseUrl, path);
const logIn = (page, who, redirect) => logInAt(page, env.baseUrl, who, redirect);

/** A fresh page of a fresh desktop context; `run({ page, problems, context })`, closed after. */
async function inBrowser(contextOptions, run) {
  const context = await env.browser.newContext({ ...DESKTOP, ...contextOptions });
  try {
    const { page, problems } = await newRecordedPage(context);
    return await run({ page, problems, context });
  } finally {
    await context.close();
  }
}

/**
 * Fills and sends the job post form of the page (/job-post) and waits for the new job's page;
 * returns its id.
 */
async function postJob(page, job) {
  const form = page.locator('form.isl-job-post-form');
  await form.getByLabel('Job title').fill(job.title);
  await form.getByLabel('Company').fill(job.company);
  await form.getByLabel('Location').fill(job.location);
  await form.getByLabel('Employment type').selectOption({ label: job.employmentType });
  await form.getByLabel('Salary from (£)').fill(job.salaryMin);
  await form.getByLabel('Salary to (£)').fill(job.salaryMax);
  await form.getByLabel('Paid').selectOption({ label: 'A year' });
  await form.getByLabel('Closing date').fill(dateIn(30));
  await form.getByLabel('Job description').fill(job.description);
  if (job.attachment) await form.getByLabel('Attachment').setInputFiles(job.attachment);
  await form.getByRole('button', { name: 'Post job' }).click();
  // Posted: the new job's own page.
  await landedOn(page, '/apply');
  const id = Number(new URL(page.url()).searchParams.get('id'));
  assert.ok(Number.isInteger(id) && id > 0, `landed on ${page.url()}`);
  return id;
}

// ---------- the jobs, from posting to deleting ----------

const JOB = {
  title: 'Night Warehouse Supervisor',
  company: 'Kestrelbrook Logistics',
  location: 'Doncaster',
  employmentType: 'Full-time',
  salaryMin: '29000',
  salaryMax: '33500',
  description: 'Lead a team of twelve on the night shift at our Doncaster distribution centre.\n\nFour nights on, four off; forklift licence an advantage.',
};
/** The job journey 1 posts, for the journeys after it. */
let jobId = null;
const needJob = () => assert.ok(jobId, 'the job of the first journey was posted');

describe('jobs: post, apply, review, withdraw, delete', () => {
  test('a member posts a job with a PDF attachment and finds it in the list and among their posts', { timeout: TEST_TIMEOUT_MS }, async () => {
    const attachment = tinyPdf(join(scratch, 'job-pack.pdf'), 'Night supervisor job pack');
    await inBrowser({}, async ({ page, problems }) => {
      await logIn(page, POSTER, '/job-post');
      jobId = await postJob(page, { ...JOB, attachment });

      // The job's page shows it.
      const intro = page.locator('.page-intro');
      assert.equal((await intro.locator('h1').innerText()).trim(), JOB.title);
      assert.equal((await intro.locator('.card-eyebrow').textContent()).trim(), JOB.company);
      assert.match(await intro.locator('dl.facts').innerText(), /Doncaster[\s\S]*Full-time[\s\S]*£29,000/);
      await page.getByText('Lead a team of twelve on the night shift', { exact: false }).waitFor({ state: 'visible' });
      // The attachment went with it: the page offers the very same PDF to download.
      const link = page.getByRole('link', { name: 'Download the full job description' });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.deepEqual(readFileSync(await download.path()), readFileSync(attachment), 'the downloaded attachment is the file chosen');
      const file = await page.request.get(new URL(await link.getAttribute('href'), env.baseUrl).href);
      assert.equal(file.status(), 200, `the attachment ${await link.getAttribute('href')}`);
      assert.equal(file.headers()['content-type'], 'application/pdf');

      // Listed on /jobs: a search for the company finds it, its Apply links to its page.
      await open(page, '/jobs');
      await page.getByRole('searchbox', { name: 'Search jobs' }).first().fill('Kestrelbrook');
      await page.getByRole('button', { name: 'Search', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/jobs' && url.searchParams.get('search') === 'Kestrelbrook', { waitUntil: 'load' });
      await waitForIslandsHydrated(page);
      const card = page.locator('article.job-card').filter({ hasText: JOB.title });
      assert.equal(await card.count(), 1, 'the job is listed once');
      const apply = card.getByRole('link', { name: /^Apply/ });
      assert.equal(await apply.getAttribute('href'), `/apply?id=${jobId}`);
      await apply.click();
      await landedOn(page, '/apply');
      assert.equal(new URL(page.url()).searchParams.get('id'), String(jobId));

      // Among the member's posts, open, with no application yet.
      await open(page, '/user/my-job-post');
      const post = page.locator('ul[aria-label="Your job posts"] > li').filter({ has: page.locator(`a[href="/apply?id=${jobId}"]`) });
      await post.waitFor({ state: 'visible' });
      assert.equal((await post.getByRole('link').first().innerText()).trim(), JOB.title);
      assert.equal((await post.locator('.isl-tag').innerText()).trim(), 'Open');
      await post.getByRole('button', { name: /^Applications \(0\)/ }).waitFor({ state: 'visible' });
      await settle(page);
      assertNoProblems(problems, 'posting a job');
    });
  });

  test('a second member applies with a CV: the form starts from their profile, a bar shows the upload', { timeout: TEST_TIMEOUT_MS }, async () => {
    needJob();
    const cv = tinyPdf(join(scratch, 'rajesh-patel-cv.pdf'), 'Rajesh Patel CV');
    await inBrowser({}, async ({ page, problems }) => {
      await logIn(page, APPLICANT, `/apply?id=${jobId}`);
      const form = page.locator('form.isl-job-apply-form');
      await form.waitFor({ state: 'visible' });
      // Name and email come from the member's profile.
      const name = form.getByLabel('Full name');
      const email = form.getByLabel('Email address');
      await waitUntil(async () => (await email.inputValue()) !== '', 'the form is filled from the profile');
      assert.equal(await name.inputValue(), APPLICANT.full_name);
      assert.equal(await email.inputValue(), APPLICANT.email);

      await form.getByLabel('Cover letter').fill('Six years leading night shifts at a Sheffield parcel hub; I can start in two weeks.');
      await form.getByLabel('CV').setInputFiles(cv);
      // A slow connection: the application reaches the server a second and a half late, long
      // enough to see the bar (on this machine a small file would go in a few milliseconds).
      await page.route(
        (url) => url.pathname === '/api/job-apply/',
        async (route) => {
          await sleep(1500);
          await route.continue();
        },
      );
      await form.getByRole('button', { name: 'Send application' }).click();
      const bar = form.locator('progress');
      await bar.waitFor({ state: 'visible', timeout: 5_000 });
      assert.equal(await bar.getAttribute('max'), '100');
      const value = Number(await bar.getAttribute('value'));
      assert.ok(value >= 0 && value <= 100, `the bar's value is ${value}`);
      assert.equal(await page.getByLabel('Sending your application').count(), 1, 'the bar is labelled');

      await seesAlert(page, APPLICATION_SUBMITTED);
      // Sent: the form (and its bar) gives way to where to follow the application.
      await page.getByText('Your application is sent.').waitFor({ state: 'visible' });
      assert.equal(await page.locator('progress').count(), 0, 'the bar is gone once sent');
      assert.equal(await page.getByRole('link', { name: 'See your applications' }).getAttribute('href'), '/user/applications');
      await page.unroute((url) => url.pathname === '/api/job-apply/');
      await settle(page);
      assertNoProblems(problems, 'applying for a job');
    });
  });

  test('the poster opens the applications, downloads the CV and shortlists the applicant', { timeout: TEST_TIMEOUT_MS }, async () => {
    needJob();
    await inBrowser({}, async ({ page, problems }) => {
      await logIn(page, POSTER, '/user/my-job-post');
      const post = page.locator('ul[aria-label="Your job posts"] > li').filter({ has: page.locator(`a[href="/apply?id=${jobId}"]`) });
      const toggle = post.getByRole('button', { name: /^Applications \(1\)/ });
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      const applicant = post.locator(`ul[aria-label="Applications for ${JOB.title}"] > li`).filter({ hasText: APPLICANT.full_name });
      await applicant.waitFor({ state: 'visible' });
      assert.equal(await applicant.count(), 1);
      assert.equal((await applicant.getByRole('link', { name: APPLICANT.email }).getAttribute('href')), `mailto:${APPLICANT.email}`);
      assert.equal((await applicant.locator('.isl-tag').innerText()).trim(), 'Submitted');

      // The CV: the link answers with the PDF the applicant chose.
      const download = applicant.getByRole('link', { name: /^Download CV/ });
      const href = await download.getAttribute('href');
      assert.ok(href, 'the CV link has an address');
      const cv = await page.request.get(new URL(href, env.baseUrl).href);
      assert.equal(cv.status(), 200, `the CV link ${href}`);
      assert.equal(cv.headers()['content-type'], 'application/pdf');
      assert.deepEqual(await cv.body(), readFileSync(join(scratch, 'rajesh-patel-cv.pdf')), 'the CV is the file the applicant chose');

      // Shortlisted: the choice is saved (the server's answer shows in the tag).
      let patches = 0;
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith('/api/service/applications/')) patches += 1;
      });
      await applicant.getByLabel(/^Status/).selectOption('Shortlisted');
      await waitUntil(async () => (await applicant.locator('.isl-tag').innerText()).trim() === 'Shortlisted', 'the application shows as Shortlisted');
      assert.equal(patches, 1, 'one status change sent');
      assert.equal(await applicant.getByLabel(/^Status/).inputValue(), 'Shortlisted');
      await page.locator('.isl-loader-region .isl-loader').waitFor({ state: 'hidden' });
      await settle(page);
      assertNoProblems(problems, 'reviewing the applications');
    });
  });

  test('the applicant sees Shortlisted and is notified, then withdraws the application', { timeout: TEST_TIMEOUT_MS }, async () => {
    needJob();
    await inBrowser({}, async ({ page, problems }) => {
      await logIn(page, APPLICANT, '/user/applications');
      const row = page.locator('ul[aria-label="Your job applications"] > li').filter({ has: page.locator(`a[href="/apply?id=${jobId}"]`) });
      await row.waitFor({ state: 'visible' });
      assert.equal((await row.locator('.isl-tag').innerText()).trim(), 'Shortlisted');
      assert.match(await row.innerText(), new RegExp(JOB.company));

      // The notification about it.
      await open(page, '/notifications');
      const notice = page
        .locator('ul[aria-label="Your notifications, newest first"] > li')
        .filter({ hasText: `Your application for ${JOB.title} at ${JOB.company} is now shortlisted.` });
      await notice.waitFor({ state: 'visible' });
      assert.equal((await notice.locator('.isl-notification__title').innerText()).trim(), 'Application update');

      // Withdraw it.
      await open(page, '/user/applications');
      await row.waitFor({ state: 'visible' });
      await row.getByRole('button', { name: /^Withdraw/ }).click();
      await row.getByRole('button', { name: 'Yes, withdraw it' }).click();
      await seesAlert(page, APPLICATION_DELETED);
      await row.waitFor({ state: 'detached' });
      // Gone on the server too: after a reload it is still not there.
      await page.reload({ waitUntil: 'load' });
      await waitForIslandsHydrated(page);
      // The demo member had no other job application: the list is empty again.
      await page.getByRole('heading', { name: 'No job applications yet' }).waitFor({ state: 'visible' });
      assert.equal(await page.locator(`a[href="/apply?id=${jobId}"]`).count(), 0, 'the withdrawn application stays gone');
      await page.locator('.isl-loader-region .isl-loader').waitFor({ state: 'hidden' });
      await settle(page);
      assertNoProblems(problems, 'following and withdrawing an application');
    });
  });

  test('the poster deletes the job post: it leaves the list and its page answers 410', { timeout: TEST_TIMEOUT_MS }, async () => {
    needJob();
    await inBrowser({}, async ({ page, problems }) => {
      await logIn(page, POSTER, '/user/my-job-post');
      const post = page.locator('ul[aria-label="Your job posts"] > li').filter({ has: page.locator(`a[href="/apply?id=${jobId}"]`) });
      await post.waitFor({ state: 'visible' });
      await post.getByRole('button', { name: /^Delete/ }).click();
      await post.getByRole('button', { name: 'Yes, delete it' }).click();
      await seesAlert(page, JOB_POST_DELETED);
      await post.waitFor({ state: 'detached' });
      await page.locator('.isl-loader-region .isl-loader').waitFor({ state: 'hidden' });
      // Gone for good: the job's page answers 410 (so search engines drop it), and the list no longer has it.
      const url = `${env.baseUrl}/apply?id=${jobId}`;
      const response = await page.goto(url, { waitUntil: 'load' });
      assert.equal(response.status(), 410, `/apply?id=${jobId} after deleting answered ${response.status()}`);
      await page.getByText('This job advert has been taken down').first().waitFor({ state: 'visible' });
      await waitForIslandsHydrated(page);
      await open(page, '/jobs?search=Kestrelbrook');
      assert.equal(await page.locator(`a[href="/apply?id=${jobId}"]`).count(), 0, 'the deleted job is not listed');
      await settle(page);
      assertNoProblems(withoutOwnStatus(problems, url, 410), 'deleting a job post');
    });
  });
});

// ---------- recruitment requests ----------

const REQUEST = {
  company: 'Thornfield Care Group',
  contact: 'Priya Raman',
  email: 'priya.raman@thornfield-care.example',
  phone: '0113 496 0321',
  role: 'Senior care assistant',
  staff: '4',
  location: 'Leeds LS6',
  details: 'Day and night shifts across two homes; NVQ level 3 preferred.',
};

/** Fills the recruitment form `form` with REQUEST, `staff` people. */
async function fillRecruitment(form, staff = REQUEST.staff) {
  await form.getByLabel('Company name').fill(REQUEST.company);
  await form.getByLabel('Your name').fill(REQUEST.contact);
  await form.getByLabel('Email address').fill(REQUEST.email);
  await form.getByLabel('Phone number').fill(REQUEST.phone);
  await form.getByLabel('Role').fill(REQUEST.role);
  await form.getByLabel('Number of staff').fill(staff);
  await form.getByLabel('Start date').fill(dateIn(14));
  await form.getByLabel('Location').fill(REQUEST.location);
  await form.getByLabel('Details').fill(REQUEST.details);
}

describe('recruitment requests', () => {
  test('a visitor sends a recruitment request on /recruitment-post', { timeout: TEST_TIMEOUT_MS }, async () => {
    await inBrowser({}, async ({ page, problems }) => {
      await open(page, '/recruitment-post');
      const form = page.locator('form.isl-recruitment-form');
      await fillRecruitment(form);
      await form.getByRole('button', { name: 'Send recruitment request' }).click();
      await seesAlert(page, RECRUITMENT_SENT);
      // The team's answer above the form, and the form emptied for another request.
      await form.getByText(RECRUITMENT_CONFIRMATION, { exact: false }).waitFor({ state: 'visible' });
      assert.equal(await form.getByLabel('Company name').inputValue(), '');
      assert.equal(new URL(page.url()).pathname, '/recruitment-post', 'sent by the island, not by posting the page');
      await page.locator('.isl-loader-region .isl-loader').waitFor({ state: 'hidden' });
      await settle(page);
      assertNoProblems(problems, 'sending a recruitment request');
    });
  });

  test('without JavaScript, /form/hire-talent posts the plain form: sent, or the field\'s message beside it', { timeout: TEST_TIMEOUT_MS }, async () => {
    await inBrowser({ javaScriptEnabled: false }, async ({ page, problems }) => {
      const url = `${env.baseUrl}/form/hire-talent`;
      /** Sends the page's form as a browser does without JavaScript; returns the answer. */
      const submit = async (form) => {
        const answer = page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === url);
        await form.getByRole('button', { name: 'Send recruitment request' }).click();
        const response = await answer;
        await page.waitForLoadState('load');
        assert.notEqual(response.status(), 405, 'the server does not take the form posted to /form/hire-talent yet (405 Method Not Allowed)');
        return response;
      };

      // A request that is fine: the page that comes back says it was sent.
      let response = await page.goto(url, { waitUntil: 'load' });
      assert.equal(response.status(), 200);
      let form = page.locator('form.isl-recruitment-form');
      assert.equal(await form.getAttribute('method'), 'post');
      await fillRecruitment(form);
      response = await submit(form);
      assert.equal(response.status(), 200, `the sent form answered ${response.status()}`);
      assert.equal(new URL(page.url()).pathname, '/form/hire-talent');
      await page.getByText(RECRUITMENT_CONFIRMATION, { exact: false }).first().waitFor({ state: 'visible' });

      // None of the staff: the form comes back with the field's message beside it, and what
      // was typed kept.
      await page.goto(url, { waitUntil: 'load' });
      form = page.locator('form.isl-recruitment-form');
      await fillRecruitment(form, '0');
      response = await submit(form);
      assert.equal(response.status(), 400, `the invalid form answered ${response.status()}`);
      form = page.locator('form.isl-recruitment-form');
      await form.waitFor({ state: 'visible' });
      assert.equal(await page.getByText(RECRUITMENT_CONFIRMATION, { exact: false }).count(), 0, 'an invalid request is not confirmed');
      const staff = form.getByLabel('Number of staff');
      const field = form.locator('.field').filter({ has: page.locator('input[name="number_of_staff"]') });
      await field.getByText(AT_LEAST_ONE, { exact: true }).waitFor({ state: 'visible' });
      assert.equal(await staff.getAttribute('aria-invalid'), 'true');
      const errorId = await field.getByText(AT_LEAST_ONE, { exact: true }).getAttribute('id');
      assert.ok(errorId && (await staff.getAttribute('aria-describedby'))?.split(' ').includes(errorId), 'the message describes the field');
      assert.equal(await staff.inputValue(), '0');
      assert.equal(await form.getByLabel('Company name').inputValue(), REQUEST.company);
      assert.equal(await form.locator('.isl-field-error').count(), 1, 'only the wrong field has a message');
      assertNoProblems(withoutOwnStatus(problems, url, 400), 'the recruitment form without JavaScript');
    });
  });
});

// ---------- job seekers and job alerts ----------

describe('job seekers', () => {
  test('a visitor registers with job alerts, confirms them from the mail, and gets the alert of a matching job', { timeout: TEST_TIMEOUT_MS }, async () => {
    const seeker = {
      name: 'Joanne Whitaker',
      email: `seeker-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.uk`,
      phone: '07700 900789',
    };
    const cv = tinyPdf(join(scratch, 'joanne-whitaker-cv.pdf'), 'Joanne Whitaker CV');
    await inBrowser({}, async ({ page, problems }) => {
      const mailBefore = mailFiles(env.dataDir).at(-1) ?? '';
      await open(page, '/form/find-job');
      const form = page.locator('form.isl-find-job-form');
      await form.getByLabel('Full name').fill(seeker.name);
      await form.getByLabel('Email address').fill(seeker.email);
      await form.getByLabel('Phone number').fill(seeker.phone);
      await form.getByLabel('Roles').fill('care assistant');
      await form.getByLabel('Locations').fill('Whitby');
      await form.getByLabel('CV').setInputFiles(cv);
      await form.getByLabel(/Email me new jobs that match/).check();
      await form.getByRole('button', { name: 'Register' }).click();
      await seesAlert(page, SEEKER_REGISTERED);
      const registered = page.locator('.isl-form-sent');
      await registered.getByText('You are registered.').waitFor({ state: 'visible' });
      assert.match(await registered.innerText(), new RegExp(escapeRegExp(SEEKER_REGISTERED)));

      // The welcome mail, with the link that turns the alerts on.
      const welcome = await waitForMail(env.dataDir, ({ headers }) => (headers.get('to') ?? '').includes(seeker.email), {
        notBefore: mailBefore,
        timeout: MAIL_TIMEOUT_MS,
        what: `the welcome mail to ${seeker.email}`,
      });
      assert.match(welcome.headers.get('subject'), /You are registered/);
      const confirm = new RegExp(`${escapeRegExp(env.baseUrl)}/job-alerts/confirm\\?\\S+`).exec(welcome.text);
      assert.ok(confirm, `the welcome mail links /job-alerts/confirm:\n${welcome.text}`);
      const confirmed = await page.goto(confirm[0], { waitUntil: 'load' });
      assert.equal(confirmed.status(), 200, `the confirm link answered ${confirmed.status()}`);
      await page.getByRole('heading', { name: 'Job alerts are on' }).waitFor({ state: 'visible' });
      await waitForIslandsHydrated(page);
      await settle(page);
      assertNoProblems(problems, 'registering as a job seeker');
    });

    // A member posts a job that matches: a care assistant in Whitby.
    const alertBefore = mailFiles(env.dataDir).at(-1) ?? '';
    const careJobId = await inBrowser({}, async ({ page, problems }) => {
      await logIn(page, POSTER, '/job-post');
      const id = await postJob(page, {
        title: 'Care Assistant',
        company: 'Esk Valley Care Home',
        location: 'Whitby',
        employmentType: 'Part-time',
        salaryMin: '23500',
        salaryMax: '25000',
        description: 'Support our residents with daily living on a friendly 30-bed team by the harbour.',
      });
      await settle(page);
      assertNoProblems(problems, 'posting the matching job');
      return id;
    });

    // The alert: its subject says a new job, it links the job, and it can be stopped in one click.
    const alert = await waitForMail(
      env.dataDir,
      ({ headers }) => (headers.get('to') ?? '').includes(seeker.email) && /New job/.test(headers.get('subject') ?? ''),
      { notBefore: alertBefore, timeout: MAIL_TIMEOUT_MS, what: `the job alert to ${seeker.email}` },
    );
    assert.ok(alert.text.includes(`${env.baseUrl}/apply?id=${careJobId}`), `the alert links /apply?id=${careJobId}:\n${alert.text}`);
    const unsubscribe = alert.headers.get('list-unsubscribe');
    assert.ok(unsubscribe, 'the alert has a List-Unsubscribe header');
    assert.match(unsubscribe, new RegExp(`^<${escapeRegExp(env.baseUrl)}/job-alerts/unsubscribe\\?[^>]+>$`));
    assert.equal(alert.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
  });
});

// A member of staff in the back office: the account made with `create-admin` in the server's
// data folder, signed in on the login page, its authenticator set up from the key shown, and
// the recovery codes passed, landing on /admin.

import { execFileSync } from 'node:child_process';
import { serverBin } from './harness.mjs';
import { landedOn, open } from './journeys.mjs';
import { totpCode } from './totp.mjs';

/** Makes the staff account `staff` ({ email, password }) and signs it in to /admin on `page`. */
export async function staffSignedIn(page, env, staff) {
  execFileSync(serverBin(), ['create-admin', staff.email], { input: `${staff.password}\n`, env: { ...process.env, DATA_DIR: env.dataDir } });
  await open(page, env.baseUrl, '/user/login');
  const form = page.locator('[data-member-area] form.form').first();
  await form.getByLabel('Email address').fill(staff.email);
  await form.getByLabel('Password').fill(staff.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor({ state: 'visible' });
  const secret = (await page.locator('.isl-staff-factor__secret').innerText()).trim();
  await page.getByLabel('6-digit code from your authenticator app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('link', { name: 'I have saved them: open the back office' }).click();
  await landedOn(page, '/admin');
}

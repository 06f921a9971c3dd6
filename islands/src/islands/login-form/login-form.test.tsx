import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, field, fillAndSubmit, settle } from '../../../test/forms.ts';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { formReasonElement, formReasonOf, invalidNames, isBefore, serverMarkup, submitButtonOf } from '../../../test/server-markup.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore } from '../../lib/store/index.ts';
import LoginForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

describe('login-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    vi.mocked(navigate).mockClear();
    window.history.replaceState(null, '', '/user/login');
  });

  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('server-renders a working form: labels, autocomplete, required, links', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('login-form', '{}', 'login-form-0-');
    const form = host.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/user/login');
    const email = field(host, 'Email address');
    expect(email.type).toBe('email');
    expect(email.name).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.required).toBe(true);
    const password = field(host, 'Password');
    expect(password.type).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(host.querySelector('button[type="submit"]')?.textContent).toBe('Log in');
    expect(host.querySelector('a[href="/user/register"]')).not.toBeNull();
    expect(host.querySelector('a[href="/user/forgot-password"]')).not.toBeNull();
  });

  it('hydrates without errors and logs in, the button disabled meanwhile', async () => {
    t.island = await hydrateServerMarkup('login-form', LoginForm);
    expect(t.island.errors).toEqual([]);
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    t.api.on('POST /api/auth/login/', () => new Promise((resolve) => (answer = resolve)));
    t.api.on('GET /api/auth/profile/', { status: 404, body: {} });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await fillAndSubmit(t.island.element, { 'Email address': ' anna@example.co.uk ', Password: 'secret-123' });
    const button = t.island.element.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(button?.disabled).toBe(true);
    expect(t.api.callsTo('POST /api/auth/login/')[0]?.body).toEqual({ email: 'anna@example.co.uk', password: 'secret-123' });

    await act(async () => answer({ status: 200, body: { access: 'a', refresh: 'r' } }));
    await settle();
    expect(button?.disabled).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/user/profile');
    expect(t.island.errors).toEqual([]);
  });

  it('shows the first server message next to each field and focuses the first', async () => {
    t.island = await hydrateServerMarkup('login-form', LoginForm);
    t.api.on('POST /api/auth/login/', {
      status: 400,
      body: { error: true, message: 'Invalid input.', email: ['Enter a valid email address.', 'Second'], password: ['Too short.'] },
    });
    await fillAndSubmit(t.island.element, { 'Email address': 'anna@example.co.uk', Password: 'x' });
    const email = field(t.island.element, 'Email address');
    const password = field(t.island.element, 'Password');
    expect(errorOf(email)).toBe('Enter a valid email address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(password)).toBe('Too short.');
    expect(document.activeElement).toBe(email);
    expect(appStore.getState().alert?.message).toBe('Enter a valid email address.');

    // Editing a field clears its error.
    act(() => {
      email.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(errorOf(email)).toBeNull();
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(errorOf(password)).toBe('Too short.');
    expect(t.island.errors).toEqual([]);
  });

  async function logInAsStaff(secondFactor: 'enrol' | 'code') {
    const island = await hydrateServerMarkup('login-form', LoginForm);
    t.island = island;
    t.api.on('POST /api/auth/login/', { status: 200, body: { access: 'a', refresh: 'r', second_factor: secondFactor } });
    t.api.on('GET /api/auth/profile/', { status: 404, body: {} });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await fillAndSubmit(island.element, { 'Email address': 'boss@example.org', Password: 'a long staff password' });
    await settle();
    return island;
  }

  it('asks a new staff member to set up an authenticator, then shows the recovery codes once', async () => {
    t.api.on('POST /api/admin/enrolment/', { status: 201, body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } });
    t.api.on('POST /api/admin/enrolment/confirm/', { status: 200, body: { recovery_codes: ['abcde-fghij', 'klmno-pqrst'], session_expires_at: '2026-11-25T20:00:00Z' } });
    const island = await logInAsStaff('enrol');
    expect(navigate).not.toHaveBeenCalled();
    const qr = island.element.querySelector('img');
    expect(qr?.getAttribute('alt')).toBe('QR code for your authenticator app');
    expect(qr?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(island.element.textContent).toContain('JBSWY3DPEHPK3PXP');

    await fillAndSubmit(island.element, { '6-digit code from your authenticator app': '123 456' });
    await settle();
    expect(t.api.callsTo('POST /api/admin/enrolment/confirm/')[0]?.body).toEqual({ code: '123 456' });
    expect([...island.element.querySelectorAll('li code')].map((c) => c.textContent)).toEqual(['abcde-fghij', 'klmno-pqrst']);
    expect(island.element.querySelector('a[href="/admin"]')?.textContent).toBe('I have saved them: open the back office');
    expect(island.errors).toEqual([]);
  });

  it('opens the back office with a code, or shows why not', async () => {
    t.api.on('POST /api/admin/session/', { status: 400, body: { error: true, message: 'Wrong', code: ['That code is not right.'] } });
    const island = await logInAsStaff('code');
    await fillAndSubmit(island.element, { '6-digit code from your authenticator app': '000000' });
    await settle();
    expect(errorOf(field(island.element, '6-digit code from your authenticator app'))).toBe('That code is not right.');
    expect(navigate).not.toHaveBeenCalled();

    t.api.on('POST /api/admin/session/', { status: 200, body: { session_expires_at: '2026-11-25T20:00:00Z', recovery_codes_left: 10 } });
    await fillAndSubmit(island.element, { '6-digit code from your authenticator app': '654321' });
    await settle();
    expect(navigate).toHaveBeenCalledWith('/admin');
  });

  it('takes a recovery code instead when the phone is lost', async () => {
    t.api.on('POST /api/admin/session/', { status: 200, body: { session_expires_at: '2026-11-25T20:00:00Z', recovery_codes_left: 9 } });
    const island = await logInAsStaff('code');
    const toggle = [...island.element.querySelectorAll('button')].find((b) => b.textContent === 'Lost your phone? Use a recovery code');
    act(() => toggle?.click());
    await fillAndSubmit(island.element, { 'Recovery code': 'abcde-fghij' });
    await settle();
    expect(t.api.callsTo('POST /api/admin/session/')[0]?.body).toEqual({ recovery_code: 'abcde-fghij' });
    expect(navigate).toHaveBeenCalledWith('/admin');
  });

  describe('the page rendered with an outcome without JavaScript', () => {
    const VERIFIED = 'Verification successful! Please login to continue.';
    const NEEDS_JS = 'Logging in needs JavaScript: turn it on in your browser, then log in.';
    /** A login posted without JavaScript: the server cannot sign in (the session lives in the browser). */
    const REFUSED = { sent: null, errors: { non_field_errors: [NEEDS_JS] }, values: { email: 'anna@example.co.uk', password: 'a-posted-password' } };

    it('shows the notice above the form', () => {
      const host = serverMarkup('login-form', { sent: VERIFIED, errors: {}, values: {} });
      const notice = host.querySelector('p.notice');
      expect(notice?.textContent).toBe(VERIFIED);
      expect(isBefore(notice!, host.querySelector('form')!)).toBe(true);
      expect(formReasonOf(host)).toBe('');
      expect(host.querySelector('[aria-invalid]')).toBeNull();
      expect(field(host, 'Email address').value).toBe('');
    });

    it('says why above the button, fills the email again and never the password', () => {
      const host = serverMarkup('login-form', REFUSED);
      const form = host.querySelector('form')!;
      expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/user/login']);
      expect(formReasonOf(host)).toBe(NEEDS_JS);
      const message = formReasonElement(host)!;
      expect(isBefore(field(host, 'Password'), message) && isBefore(message, submitButtonOf(host))).toBe(true);
      expect(host.querySelector('p.notice')).toBeNull();
      expect(field(host, 'Email address').value).toBe('anna@example.co.uk');
      expect(field(host, 'Password').value).toBe('');
      expect(host.innerHTML).not.toContain('a-posted-password');
    });

    it('shows a field\'s first message beside it', () => {
      const host = serverMarkup('login-form', { errors: { email: ['Enter a valid email address.', 'Not shown.'] }, values: { email: 'anna@' } });
      expect(errorOf(field(host, 'Email address'))).toBe('Enter a valid email address.');
      expect(invalidNames(host)).toEqual(['email']);
      expect(host.textContent).not.toContain('Not shown.');
      expect(formReasonOf(host)).toBe('');
    });

    it('hydrates the notice, the reason and the email without a mismatch, then logs in, dropping them', async () => {
      t.island = await hydrateServerMarkup('login-form', LoginForm, { ...REFUSED, sent: VERIFIED });
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(root.querySelector('p.notice')?.textContent).toBe(VERIFIED);
      expect(formReasonOf(root)).toBe(NEEDS_JS);
      t.api.on('POST /api/auth/login/', { status: 200, body: { access: 'a', refresh: 'r' } });
      t.api.on('GET /api/auth/profile/', { status: 404, body: {} });
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await fillAndSubmit(root, { Password: 'secret-123' });
      await settle();
      expect(t.api.callsTo('POST /api/auth/login/')[0]?.body).toEqual({ email: 'anna@example.co.uk', password: 'secret-123' });
      expect(root.querySelector('p.notice')).toBeNull();
      expect(formReasonOf(root)).toBe('');
      expect(navigate).toHaveBeenCalledWith('/user/profile');
      expect(t.island.errors).toEqual([]);
    });
  });
});

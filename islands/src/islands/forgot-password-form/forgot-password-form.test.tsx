import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, field, fillAndSubmit } from '../../../test/forms.ts';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { formReasonElement, formReasonOf, invalidNames, isBefore, serverMarkup, submitButtonOf } from '../../../test/server-markup.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore } from '../../lib/store/index.ts';
import ForgotPasswordForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

describe('forgot-password-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    vi.mocked(navigate).mockClear();
  });

  it('server-renders step 1: the email', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('forgot-password-form', '{}', 'forgot-password-form-0-');
    const email = field(host, 'Email address');
    expect([email.type, email.getAttribute('autocomplete'), email.required]).toEqual(['email', 'email', true]);
    expect(host.querySelector('button[type="submit"]')?.textContent).toBe('Send reset code');
    expect(host.querySelectorAll('input')).toHaveLength(1);
  });

  it('hydrates without errors; requests a code, then confirms with code and new password', async () => {
    t.island = await hydrateServerMarkup('forgot-password-form', ForgotPasswordForm);
    expect(t.island.errors).toEqual([]);
    t.api.on('POST /api/auth/password-reset/', { status: 200, body: { message: 'sent' } });
    t.api.on('POST /api/auth/password-reset-confirm/', { status: 200, body: { message: 'done' } });

    await fillAndSubmit(t.island.element, { 'Email address': 'anna@example.co.uk' });
    expect(t.api.calls[0]?.body).toEqual({ email: 'anna@example.co.uk' });
    expect(appStore.getState().alert?.message).toBe('Password reset code sent! Please check your email.');
    expect(t.island.element.textContent).toContain('anna@example.co.uk');
    const otp = field(t.island.element, 'Reset code');
    expect([otp.getAttribute('inputmode'), otp.getAttribute('autocomplete'), otp.getAttribute('maxlength')]).toEqual([
      'numeric',
      'one-time-code',
      '6',
    ]);
    expect(field(t.island.element, 'New password').getAttribute('autocomplete')).toBe('new-password');
    // Focus moved to the explanation of step 2.
    expect(document.activeElement?.textContent).toContain('6-digit code');

    await fillAndSubmit(t.island.element, { 'Reset code': '123456', 'New password': 'new-secret-22' });
    expect(t.api.calls[1]?.body).toEqual({ email: 'anna@example.co.uk', otp: '123456', password: 'new-secret-22' });
    expect(appStore.getState().alert?.message).toBe('Password reset successful! Please login to continue.');
    expect(navigate).toHaveBeenCalledWith('/user/login');
    expect(t.island.errors).toEqual([]);
  });

  it('stays on step 1 with the email error when the request fails', async () => {
    t.island = await hydrateServerMarkup('forgot-password-form', ForgotPasswordForm);
    t.api.on('POST /api/auth/password-reset/', { status: 400, body: { email: ['Enter a valid email address.'] } });
    await fillAndSubmit(t.island.element, { 'Email address': 'anna@example.co.uk' });
    expect(errorOf(field(t.island.element, 'Email address'))).toBe('Enter a valid email address.');
    expect(appStore.getState().alert?.message).toBe('Enter a valid email address.');
  });

  it('shows otp and password errors on step 2, and can go back to change the email', async () => {
    t.island = await hydrateServerMarkup('forgot-password-form', ForgotPasswordForm);
    t.api.on('POST /api/auth/password-reset/', { status: 200, body: {} });
    t.api.on('POST /api/auth/password-reset-confirm/', {
      status: 400,
      body: { error: true, message: 'The code is wrong.', otp: ['The code is wrong.'], password: ['This password is too common.'] },
    });
    await fillAndSubmit(t.island.element, { 'Email address': 'anna@example.co.uk' });
    await fillAndSubmit(t.island.element, { 'Reset code': '000000', 'New password': 'password' });
    expect(errorOf(field(t.island.element, 'Reset code'))).toBe('The code is wrong.');
    expect(errorOf(field(t.island.element, 'New password'))).toBe('This password is too common.');
    expect(navigate).not.toHaveBeenCalled();

    const back = Array.from(t.island.element.querySelectorAll('a')).find((link) => link.textContent === 'Use another email address');
    act(() => back?.click());
    const email = field(t.island.element, 'Email address');
    expect(email.value).toBe('anna@example.co.uk');
    expect(document.activeElement).toBe(email);
  });

  describe('the page rendered again after a post without JavaScript', () => {
    const SENT = 'If an account uses this address, we have emailed it a 6-digit code.';
    /** Step 1 posted: the code went out; the server renders step 2. */
    const CODE_SENT = { sent: SENT, errors: {}, values: { email: 'anna@example.co.uk' } };
    /** Step 2 posted and refused: step 2 again, with why. */
    const CONFIRM_REFUSED = {
      sent: SENT,
      errors: { otp: ['The code is wrong.', 'Not shown.'], password: ['This password is too common.'] },
      values: { email: 'anna@example.co.uk', otp: '000000', password: 'a-posted-password' },
    };
    const REQUEST_REFUSED = { sent: null, errors: { email: ['Enter a valid email address.'] }, values: { email: 'anna@' } };

    /** The value of the form's hidden email. */
    const hiddenEmail = (root: ParentNode) => root.querySelector<HTMLInputElement>('input[type="hidden"][name="email"]')?.value;

    it('renders step 2 when a code was sent: the notice, the code and new password for the posted address, posting to the page', () => {
      const host = serverMarkup('forgot-password-form', CODE_SENT);
      const form = host.querySelector('form')!;
      expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/user/forgot-password']);
      expect(host.querySelector('p.notice')?.textContent).toBe(SENT);
      expect(isBefore(host.querySelector('p.notice')!, form)).toBe(true);
      expect(form.querySelector('.isl-step-intro')?.textContent).toContain('anna@example.co.uk');
      expect(hiddenEmail(form)).toBe('anna@example.co.uk');
      expect(Array.from(form.elements).flatMap((element) => ((element as HTMLInputElement).name ? [(element as HTMLInputElement).name] : []))).toEqual([
        'email',
        'otp',
        'password',
      ]);
      expect(field(host, 'Reset code').value).toBe('');
      expect(submitButtonOf(host).textContent).toBe('Reset password');
      expect(host.querySelector('[aria-invalid]')).toBeNull();
      expect(formReasonOf(host)).toBe('');
    });

    it('renders step 2 with each field\'s first message beside it, the code filled again and never the password', () => {
      const host = serverMarkup('forgot-password-form', CONFIRM_REFUSED);
      expect(host.querySelector('p.notice')?.textContent).toBe(SENT);
      expect(errorOf(field(host, 'Reset code'))).toBe('The code is wrong.');
      expect(errorOf(field(host, 'New password'))).toBe('This password is too common.');
      expect(invalidNames(host)).toEqual(['otp', 'password']);
      expect(host.textContent).not.toContain('Not shown.');
      expect(field(host, 'Reset code').value).toBe('000000');
      expect(field(host, 'New password').value).toBe('');
      expect(host.innerHTML).not.toContain('a-posted-password');
    });

    it('renders step 2 with a reason for the whole form above the button', () => {
      const host = serverMarkup('forgot-password-form', { ...CODE_SENT, errors: { non_field_errors: ['Too many tries. Ask for a new code.'] } });
      expect(formReasonOf(host)).toBe('Too many tries. Ask for a new code.');
      const message = formReasonElement(host)!;
      expect(isBefore(field(host, 'New password'), message) && isBefore(message, submitButtonOf(host))).toBe(true);
      expect(host.querySelector('[aria-invalid]')).toBeNull();
    });

    it('renders step 1 with its message and the posted email when no code was sent, or no address came back', () => {
      const host = serverMarkup('forgot-password-form', REQUEST_REFUSED);
      const form = host.querySelector('form')!;
      expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/user/forgot-password']);
      expect(submitButtonOf(host).textContent).toBe('Send reset code');
      expect(errorOf(field(host, 'Email address'))).toBe('Enter a valid email address.');
      expect(field(host, 'Email address').value).toBe('anna@');
      expect(host.querySelector('p.notice')).toBeNull();
      expect(formReasonOf(host)).toBe('');

      const reason = serverMarkup('forgot-password-form', { errors: { non_field_errors: ['Too many requests. Try again later.'] }, values: { email: 'anna@example.co.uk' } });
      expect(formReasonOf(reason)).toBe('Too many requests. Try again later.');
      expect(isBefore(field(reason, 'Email address'), formReasonElement(reason)!)).toBe(true);
      expect(field(reason, 'Email address').value).toBe('anna@example.co.uk');

      const noAddress = serverMarkup('forgot-password-form', { sent: SENT, errors: {}, values: {} });
      expect(submitButtonOf(noAddress).textContent).toBe('Send reset code');
    });

    it('hydrates step 2 without a mismatch, leaves the focus alone, and resets the password through the API', async () => {
      const outside = document.createElement('button');
      document.body.append(outside);
      outside.focus();
      t.island = await hydrateServerMarkup('forgot-password-form', ForgotPasswordForm, CONFIRM_REFUSED);
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(document.activeElement).toBe(outside);
      outside.remove();
      expect(invalidNames(root)).toEqual(['otp', 'password']);

      t.api.on('POST /api/auth/password-reset-confirm/', { status: 200, body: { message: 'done' } });
      await fillAndSubmit(root, { 'Reset code': '123456', 'New password': 'new-secret-22' });
      expect(t.api.calls.map((call) => [call.path, call.body])).toEqual([
        ['/api/auth/password-reset-confirm/', { email: 'anna@example.co.uk', otp: '123456', password: 'new-secret-22' }],
      ]);
      expect(root.querySelector('p.notice')).toBeNull();
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      expect(appStore.getState().alert?.message).toBe('Password reset successful! Please login to continue.');
      expect(navigate).toHaveBeenCalledWith('/user/login');
      expect(t.island.errors).toEqual([]);
    });

    it('from the server\'s step 2, goes back to step 1 with the posted address and none of step 2\'s messages', async () => {
      t.island = await hydrateServerMarkup('forgot-password-form', ForgotPasswordForm, CONFIRM_REFUSED);
      const root = t.island.element;
      const back = Array.from(root.querySelectorAll('a')).find((link) => link.textContent === 'Use another email address');
      act(() => back?.click());
      const email = field(root, 'Email address');
      expect(email.value).toBe('anna@example.co.uk');
      expect(document.activeElement).toBe(email);
      expect(root.querySelector('p.notice')).toBeNull();
      expect(root.querySelector('[aria-invalid]')).toBeNull();

      // And on to a fresh step 2, focus on its explanation as before.
      t.api.on('POST /api/auth/password-reset/', { status: 200, body: { message: 'sent' } });
      await fillAndSubmit(root, { 'Email address': 'anna@example.org' });
      expect(hiddenEmail(root)).toBe('anna@example.org');
      expect(field(root, 'Reset code').value).toBe('');
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      expect(document.activeElement?.textContent).toContain('6-digit code');
    });

    it('hydrates step 1\'s outcome without a mismatch, then requests a code and moves to step 2', async () => {
      t.island = await hydrateServerMarkup('forgot-password-form', ForgotPasswordForm, REQUEST_REFUSED);
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(errorOf(field(root, 'Email address'))).toBe('Enter a valid email address.');
      t.api.on('POST /api/auth/password-reset/', { status: 200, body: { message: 'sent' } });
      await fillAndSubmit(root, { 'Email address': 'anna@example.co.uk' });
      expect(t.api.calls[0]?.body).toEqual({ email: 'anna@example.co.uk' });
      expect(hiddenEmail(root)).toBe('anna@example.co.uk');
      expect(document.activeElement?.textContent).toContain('6-digit code');
    });
  });
});

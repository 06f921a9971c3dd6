import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, field, fillAndSubmit } from '../../test/forms.ts';
import { setUpAccountFormTest } from '../../test/account-form.ts';
import { hydrateServerMarkup } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { navigate } from '../navigation/navigate.ts';
import { appStore } from '../store/index.ts';
import ForgotPasswordForm from './index.tsx';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

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

    const back = Array.from(t.island.element.querySelectorAll('button')).find((button) => button.textContent === 'Use another email address');
    act(() => back?.click());
    const email = field(t.island.element, 'Email address');
    expect(email.value).toBe('anna@example.co.uk');
    expect(document.activeElement).toBe(email);
  });
});

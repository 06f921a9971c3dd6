import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '../../../test/fake-api.ts';
import { errorOf, field, fillAndSubmit } from '../../../test/forms.ts';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { formReasonElement, formReasonOf, invalidNames, isBefore, serverMarkup, submitButtonOf } from '../../../test/server-markup.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore } from '../../lib/store/index.ts';
import VerifyForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const PROPS = { email: 'anna@example.co.uk' };

describe('verify-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    vi.mocked(navigate).mockClear();
  });

  it('server-renders the email prefilled and a one-time-code field', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('verify-form', JSON.stringify(PROPS), 'verify-form-0-');
    expect(field(host, 'Email address').value).toBe('anna@example.co.uk');
    const otp = field(host, 'Verification code');
    expect(otp.name).toBe('otp');
    expect(otp.getAttribute('inputmode')).toBe('numeric');
    expect(otp.getAttribute('autocomplete')).toBe('one-time-code');
    expect(otp.getAttribute('maxlength')).toBe('6');
    expect(otp.required).toBe(true);
    expect(Array.from(host.querySelectorAll('button')).map((button) => button.textContent)).toEqual(['Verify email', 'Resend code']);
  });

  it('renders with no email prop too', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('verify-form', '{}', 'verify-form-0-');
    expect(field(host, 'Email address').value).toBe('');
  });

  it('hydrates without errors and verifies the code, then goes to /user/login', async () => {
    t.island = await hydrateServerMarkup('verify-form', VerifyForm, PROPS);
    expect(t.island.errors).toEqual([]);
    t.api.on('POST /api/auth/verify-email/', { status: 200, body: { message: 'ok' } });
    await fillAndSubmit(t.island.element, { 'Verification code': '123456' });
    expect(t.api.calls[0]?.body).toEqual({ email: 'anna@example.co.uk', otp: '123456' });
    expect(appStore.getState().alert?.message).toBe('Verification successful! Please login to continue.');
    expect(navigate).toHaveBeenCalledWith('/user/login');
  });

  it('shows the otp error next to the code', async () => {
    t.island = await hydrateServerMarkup('verify-form', VerifyForm, PROPS);
    t.api.on('POST /api/auth/verify-email/', { status: 400, body: { otp: ['The code is wrong. 4 tries left.'] } });
    await fillAndSubmit(t.island.element, { 'Verification code': '000000' });
    const otp = field(t.island.element, 'Verification code');
    expect(errorOf(otp)).toBe('The code is wrong. 4 tries left.');
    expect(otp.getAttribute('aria-invalid')).toBe('true');
    expect(appStore.getState().alert?.message).toBe('The code is wrong. 4 tries left.');
  });

  it('resends the code to the address in the field, without needing the code', async () => {
    t.island = await hydrateServerMarkup('verify-form', VerifyForm, PROPS);
    t.api.on('POST /api/auth/resend-otp/', { status: 200, body: { message: 'sent' } });
    field(t.island.element, 'Email address').value = 'other@example.co.uk';
    const resend = Array.from(t.island.element.querySelectorAll('button')).find((button) => button.textContent === 'Resend code');
    expect(resend?.type).toBe('button');
    await act(async () => {
      resend?.click();
      await flushPromises();
    });
    expect(t.api.calls.map((call) => [call.path, call.body])).toEqual([['/api/auth/resend-otp/', { email: 'other@example.co.uk' }]]);
    expect(appStore.getState().alert?.message).toBe('Verification code resent! Please check your email.');
    expect(resend?.disabled).toBe(false);
  });

  describe('the page rendered again after a post without JavaScript', () => {
    const REFUSED = {
      email: 'anna@example.co.uk',
      errors: { otp: ['The code is wrong. 4 tries left.', 'Not shown.'] },
      // What was posted wins over the address in the page's query.
      values: { email: 'anna@example.org', otp: '000000' },
    };
    const REASON = { email: 'anna@example.co.uk', errors: { non_field_errors: ['Too many tries. Ask for a new code.'] }, values: { email: 'anna@example.co.uk', otp: '123456' } };

    it('shows the code\'s message beside it and fills the form with what was posted, still posting to /user/verify', () => {
      const host = serverMarkup('verify-form', REFUSED);
      const form = host.querySelector('form')!;
      expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/user/verify']);
      expect(errorOf(field(host, 'Verification code'))).toBe('The code is wrong. 4 tries left.');
      expect(errorOf(field(host, 'Email address'))).toBeNull();
      expect(invalidNames(host)).toEqual(['otp']);
      expect(host.textContent).not.toContain('Not shown.');
      expect(formReasonOf(host)).toBe('');
      expect(field(host, 'Email address').value).toBe('anna@example.org');
      expect(field(host, 'Verification code').value).toBe('000000');
    });

    it('says why above the buttons when the reason belongs to no field; "Resend code" submits nothing without JavaScript', () => {
      const host = serverMarkup('verify-form', REASON);
      expect(formReasonOf(host)).toBe('Too many tries. Ask for a new code.');
      const message = formReasonElement(host)!;
      expect(isBefore(field(host, 'Verification code'), message) && isBefore(message, submitButtonOf(host))).toBe(true);
      expect(host.querySelector('[aria-invalid]')).toBeNull();
      // The only submit button is "Verify email": the resend button does not post the form.
      expect(Array.from(host.querySelectorAll('button[type="submit"], input[type="submit"]'), (b) => b.textContent)).toEqual(['Verify email']);
      const resend = Array.from(host.querySelectorAll('button')).find((button) => button.textContent === 'Resend code');
      expect(resend?.getAttribute('type')).toBe('button');
      expect(resend?.hasAttribute('formaction')).toBe(false);
    });

    it('hydrates the outcome without a mismatch, then verifies the address that was posted', async () => {
      t.island = await hydrateServerMarkup('verify-form', VerifyForm, REFUSED);
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(invalidNames(root)).toEqual(['otp']);
      t.api.on('POST /api/auth/verify-email/', { status: 200, body: { message: 'ok' } });
      await fillAndSubmit(root, { 'Verification code': '123456' });
      expect(t.api.calls[0]?.body).toEqual({ email: 'anna@example.org', otp: '123456' });
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/user/login');
    });

    it('hydrates the form\'s reason without a mismatch and drops it on the next submit', async () => {
      t.island = await hydrateServerMarkup('verify-form', VerifyForm, REASON);
      expect(t.island.errors).toEqual([]);
      expect(formReasonOf(t.island.element)).toBe('Too many tries. Ask for a new code.');
      t.api.on('POST /api/auth/verify-email/', { status: 400, body: { otp: ['The code has expired.'] } });
      await fillAndSubmit(t.island.element, {});
      expect(formReasonOf(t.island.element)).toBe('');
      expect(errorOf(field(t.island.element, 'Verification code'))).toBe('The code has expired.');
    });
  });
});

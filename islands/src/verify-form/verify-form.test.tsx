import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '../../test/fake-api.ts';
import { errorOf, field, fillAndSubmit } from '../../test/forms.ts';
import { setUpAccountFormTest } from '../../test/account-form.ts';
import { hydrateServerMarkup } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { navigate } from '../navigation/navigate.ts';
import { appStore } from '../store/index.ts';
import VerifyForm from './index.tsx';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

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
});

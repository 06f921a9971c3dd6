import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, field, fillAndSubmit } from '../../../test/forms.ts';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { formReasonElement, formReasonOf, invalidNames, isBefore, serverMarkup, submitButtonOf } from '../../../test/server-markup.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore } from '../../lib/store/index.ts';
import RegisterForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const VALUES = {
  'Full name': 'Anna Smith',
  'Email address': 'anna@example.co.uk',
  'Phone number': '07700 900123',
  Password: 'a-good-password',
};

describe('register-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    vi.mocked(navigate).mockClear();
  });

  it('server-renders the four fields with autocomplete and required', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('register-form', '{}', 'register-form-0-');
    const expected: [string, string, string, string][] = [
      ['Full name', 'full_name', 'text', 'name'],
      ['Email address', 'email', 'email', 'email'],
      ['Phone number', 'phone_number', 'tel', 'tel'],
      ['Password', 'password', 'password', 'new-password'],
    ];
    for (const [label, name, type, autocomplete] of expected) {
      const input = field(host, label);
      expect([input.name, input.type, input.getAttribute('autocomplete'), input.required]).toEqual([name, type, autocomplete, true]);
    }
    // Hints are announced with their field.
    const password = field(host, 'Password');
    expect(host.querySelector(`[id="${password.getAttribute('aria-describedby')}"]`)?.textContent).toContain('At least 8 characters');
    expect(host.querySelector('a[href="/user/login"]')).not.toBeNull();
  });

  it('hydrates without errors, registers and goes to the verify page', async () => {
    t.island = await hydrateServerMarkup('register-form', RegisterForm);
    expect(t.island.errors).toEqual([]);
    t.api.on('POST /api/auth/register/', { status: 201, body: { message: 'ok', email: 'anna@example.co.uk' } });
    await fillAndSubmit(t.island.element, VALUES);
    expect(t.api.calls[0]?.body).toEqual({
      full_name: 'Anna Smith',
      email: 'anna@example.co.uk',
      phone_number: '07700 900123',
      password: 'a-good-password',
    });
    expect(appStore.getState().alert?.message).toBe('Registration successful! Please check your email to verify your account.');
    expect(navigate).toHaveBeenCalledWith('/user/verify?email=anna%40example.co.uk');
    expect(t.island.errors).toEqual([]);
  });

  it('shows each field first server message next to it', async () => {
    t.island = await hydrateServerMarkup('register-form', RegisterForm);
    t.api.on('POST /api/auth/register/', {
      status: 400,
      body: {
        error: true,
        message: 'Please correct the errors below.',
        full_name: ['This field may not be blank.'],
        email: ['An account with this email already exists.'],
        phone_number: ['Enter a valid UK phone number.', 'x'],
        password: ['This password is too common.'],
      },
    });
    await fillAndSubmit(t.island.element, VALUES);
    expect(errorOf(field(t.island.element, 'Full name'))).toBe('This field may not be blank.');
    expect(errorOf(field(t.island.element, 'Email address'))).toBe('An account with this email already exists.');
    expect(errorOf(field(t.island.element, 'Phone number'))).toBe('Enter a valid UK phone number.');
    expect(errorOf(field(t.island.element, 'Password'))).toBe('This password is too common.');
    expect(appStore.getState().alert?.message).toBe('Please correct the errors below.');
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('the page rendered again after a post without JavaScript', () => {
    const REFUSED = {
      errors: {
        email: ['An account with this email already exists.', 'A second message that is not shown.'],
        phone_number: ['Enter a valid UK phone number.'],
        non_field_errors: ['Not shown: the fields carry the reasons.'],
      },
      // The server never sends the password back; if it did, it would not be shown.
      values: { full_name: 'Anna Smith', email: 'anna@example.co.uk', phone_number: '12345', password: 'a-posted-password' },
    };
    const REASON = { errors: { non_field_errors: ['Too many attempts. Try again in a few minutes.'] }, values: { full_name: 'Anna Smith', email: 'anna@example.co.uk' } };

    it('shows each field\'s first message beside it and fills the form again, but for the password', () => {
      const host = serverMarkup('register-form', REFUSED);
      const form = host.querySelector('form')!;
      expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/user/register']);
      expect(errorOf(field(host, 'Email address'))).toBe('An account with this email already exists.');
      expect(errorOf(field(host, 'Phone number'))).toBe('Enter a valid UK phone number.');
      expect(errorOf(field(host, 'Full name'))).toBeNull();
      expect(invalidNames(host)).toEqual(['email', 'phone_number']);
      expect(host.textContent).not.toContain('A second message');
      expect(formReasonOf(host)).toBe('');
      expect(field(host, 'Full name').value).toBe('Anna Smith');
      expect(field(host, 'Email address').value).toBe('anna@example.co.uk');
      expect(field(host, 'Phone number').value).toBe('12345');
      expect(field(host, 'Password').value).toBe('');
      expect(host.innerHTML).not.toContain('a-posted-password');
    });

    it('says why above the button when the reason belongs to no field', () => {
      const host = serverMarkup('register-form', REASON);
      expect(formReasonOf(host)).toBe('Too many attempts. Try again in a few minutes.');
      const message = formReasonElement(host)!;
      expect(isBefore(field(host, 'Password'), message) && isBefore(message, submitButtonOf(host))).toBe(true);
      expect(host.querySelector('[aria-invalid]')).toBeNull();
      expect(field(host, 'Email address').value).toBe('anna@example.co.uk');
    });

    it('hydrates the messages and values without a mismatch; editing a field clears its message, the next submit the rest', async () => {
      t.island = await hydrateServerMarkup('register-form', RegisterForm, REFUSED);
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(invalidNames(root)).toEqual(['email', 'phone_number']);
      expect(field(root, 'Full name').value).toBe('Anna Smith');

      const phone = field(root, 'Phone number');
      phone.value = '07700 900123';
      act(() => {
        phone.dispatchEvent(new Event('input', { bubbles: true }));
      });
      expect(invalidNames(root)).toEqual(['email']);

      t.api.on('POST /api/auth/register/', { status: 201, body: { message: 'ok', email: 'anna@example.co.uk' } });
      await fillAndSubmit(root, { Password: 'a-good-password' });
      expect(t.api.calls[0]?.body).toEqual({ full_name: 'Anna Smith', email: 'anna@example.co.uk', phone_number: '07700 900123', password: 'a-good-password' });
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/user/verify?email=anna%40example.co.uk');
      expect(t.island.errors).toEqual([]);
    });

    it('hydrates the form\'s reason without a mismatch and drops it on the next submit', async () => {
      t.island = await hydrateServerMarkup('register-form', RegisterForm, REASON);
      expect(t.island.errors).toEqual([]);
      expect(formReasonOf(t.island.element)).toBe('Too many attempts. Try again in a few minutes.');
      t.api.on('POST /api/auth/register/', { status: 400, body: { error: true, message: 'Please correct the errors below.', password: ['This password is too common.'] } });
      await fillAndSubmit(t.island.element, { 'Phone number': '07700 900123', Password: 'password' });
      expect(formReasonOf(t.island.element)).toBe('');
      expect(errorOf(field(t.island.element, 'Password'))).toBe('This password is too common.');
    });
  });
});

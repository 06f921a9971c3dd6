import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, field, fillAndSubmit } from '../../test/forms.ts';
import { setUpAccountFormTest } from '../../test/account-form.ts';
import { hydrateServerMarkup } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { navigate } from '../navigation/navigate.ts';
import { appStore } from '../store/index.ts';
import RegisterForm from './index.tsx';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

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
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, field, fillAndSubmit } from '../../../test/forms.ts';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { formReasonElement, formReasonOf, invalidNames, isBefore, serverMarkup, submitButtonOf } from '../../../test/server-markup.ts';
import { appStore, startSignedInSession } from '../../lib/store/index.ts';
import ChangePasswordForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

describe('change-password-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    startSignedInSession('access-1', 'r1');
  });

  it('server-renders current and new password with the right autocomplete', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('change-password-form', '{}', 'change-password-form-0-');
    const current = field(host, 'Current password');
    expect([current.name, current.type, current.getAttribute('autocomplete')]).toEqual(['current_password', 'password', 'current-password']);
    const next = field(host, 'New password');
    expect([next.name, next.type, next.getAttribute('autocomplete')]).toEqual(['new_password', 'password', 'new-password']);
  });

  it('hydrates without errors, sends old_password and new_password, and clears the form', async () => {
    t.island = await hydrateServerMarkup('change-password-form', ChangePasswordForm);
    expect(t.island.errors).toEqual([]);
    t.api.on('PUT /api/auth/update-password/', { status: 200, body: { message: 'ok' } });
    await fillAndSubmit(t.island.element, { 'Current password': 'old-secret-1', 'New password': 'new-secret-22' });
    expect(t.api.calls[0]?.body).toEqual({ old_password: 'old-secret-1', new_password: 'new-secret-22' });
    expect(t.api.calls[0]?.headers.authorization).toBe('Bearer access-1');
    expect(appStore.getState().alert?.message).toBe('Password updated successfully!');
    expect(field(t.island.element, 'Current password').value).toBe('');
  });

  it('shows old_password errors at the current password field', async () => {
    t.island = await hydrateServerMarkup('change-password-form', ChangePasswordForm);
    t.api.on('PUT /api/auth/update-password/', {
      status: 400,
      body: { old_password: ['Your current password is not right.'], new_password: ['This password is too short.'] },
    });
    await fillAndSubmit(t.island.element, { 'Current password': 'nope', 'New password': 'short' });
    const current = field(t.island.element, 'Current password');
    expect(errorOf(current)).toBe('Your current password is not right.');
    expect(errorOf(field(t.island.element, 'New password'))).toBe('This password is too short.');
    expect(document.activeElement).toBe(current);
    expect(appStore.getState().alert?.message).toBe('Your current password is not right.');
    expect(current.value).toBe('nope');
  });

  describe('the page rendered again after a post without JavaScript', () => {
    const NEEDS_JS = 'Changing your password needs JavaScript and sign-in: turn JavaScript on in your browser, then sign in.';
    const REFUSED = { errors: { non_field_errors: [NEEDS_JS] } };

    it('still posts to /user/change-password, and says why above the button', () => {
      const host = serverMarkup('change-password-form', REFUSED);
      const form = host.querySelector('form')!;
      expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/user/change-password']);
      expect(formReasonOf(host)).toBe(NEEDS_JS);
      const message = formReasonElement(host)!;
      expect(isBefore(field(host, 'New password'), message) && isBefore(message, submitButtonOf(host))).toBe(true);
      expect(host.querySelector('[aria-invalid]')).toBeNull();
      expect([field(host, 'Current password').value, field(host, 'New password').value]).toEqual(['', '']);
    });

    it('puts a field\'s message beside it, old_password\'s at the current password', () => {
      const host = serverMarkup('change-password-form', { errors: { old_password: ['Your current password is not right.'], new_password: ['This password is too short.'] } });
      expect(errorOf(field(host, 'Current password'))).toBe('Your current password is not right.');
      expect(errorOf(field(host, 'New password'))).toBe('This password is too short.');
      expect(invalidNames(host)).toEqual(['current_password', 'new_password']);
      expect(formReasonOf(host)).toBe('');
    });

    it('hydrates the reason without a mismatch and drops it on the next submit, which goes to the API', async () => {
      t.island = await hydrateServerMarkup('change-password-form', ChangePasswordForm, REFUSED);
      expect(t.island.errors).toEqual([]);
      expect(formReasonOf(t.island.element)).toBe(NEEDS_JS);
      t.api.on('PUT /api/auth/update-password/', { status: 200, body: { message: 'ok' } });
      await fillAndSubmit(t.island.element, { 'Current password': 'old-secret-1', 'New password': 'new-secret-22' });
      expect(t.api.calls[0]?.body).toEqual({ old_password: 'old-secret-1', new_password: 'new-secret-22' });
      expect(formReasonOf(t.island.element)).toBe('');
      expect(appStore.getState().alert?.message).toBe('Password updated successfully!');
    });
  });
});

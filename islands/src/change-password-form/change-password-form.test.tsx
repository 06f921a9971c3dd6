import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, field, fillAndSubmit } from '../../test/forms.ts';
import { setUpAccountFormTest } from '../../test/account-form.ts';
import { hydrateServerMarkup } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { appStore, startSignedInSession } from '../store/index.ts';
import ChangePasswordForm from './index.tsx';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

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
});

import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { hydrateServerMarkup, type HydratedIsland } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { navigate } from '../navigation/navigate.ts';
import { appStore, AUTH_STORAGE_KEY, initialAppState, resetSessionModule, restoreSession } from '../store/index.ts';
import { firstNameOf } from './first-name.ts';
import AccountMenu from './index.tsx';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

function storeSignedIn(user: unknown): void {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ accessToken: 'a', refreshToken: 'r', user, email: null, tokenExpiry: Date.now() + 600_000 }),
  );
}

describe('account-menu', () => {
  let island: HydratedIsland | null = null;
  let api: FakeApi;

  beforeEach(() => {
    localStorage.clear();
    resetSessionModule();
    vi.mocked(navigate).mockClear();
    api = installFakeApi();
    api.on('POST /api/auth/logout/', { status: 200, body: {} });
  });

  afterEach(() => {
    act(() => island?.root.unmount());
    island?.element.remove();
    island = null;
    resetSessionModule();
    appStore.setState(initialAppState);
    localStorage.clear();
  });

  it('server-renders "Log in" and "Register"', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('account-menu', '{}', 'account-menu-0-');
    const links = Array.from(host.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Log in', '/user/login'],
      ['Register', '/user/register'],
    ]);
  });

  it('hydrates a signed-in session without errors: first name to the profile, and "Log out"', async () => {
    storeSignedIn({ id: 1, full_name: '  Anna Maria Smith ', email: 'anna@example.co.uk', certificates: [] });
    restoreSession();
    island = await hydrateServerMarkup('account-menu', AccountMenu);
    expect(island.errors).toEqual([]);
    const profile = island.element.querySelector('a');
    expect(profile?.getAttribute('href')).toBe('/user/profile');
    expect(profile?.firstChild?.textContent).toBe('Anna');
    const logout = island.element.querySelector('button');
    expect(logout?.textContent).toBe('Log out');

    act(() => logout?.click());
    expect(navigate).toHaveBeenCalledWith('/user/login');
    expect(api.callsTo('POST /api/auth/logout/')[0]?.body).toEqual({ refresh: 'r' });
    expect(island.element.textContent).toContain('Log in');
    expect(island.errors).toEqual([]);
  });

  it('says "Your account" while the name is unknown', async () => {
    storeSignedIn(null);
    api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
    restoreSession();
    island = await hydrateServerMarkup('account-menu', AccountMenu);
    expect(island.element.querySelector('a')?.firstChild?.textContent).toBe('Your account');
  });

  it('takes the first word of the name', () => {
    expect(firstNameOf('Anna Smith')).toBe('Anna');
    expect(firstNameOf('  ')).toBeNull();
    expect(firstNameOf(undefined)).toBeNull();
  });
});

import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { hydrateServerMarkup, type HydratedIsland } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { navigate } from '../navigation/navigate.ts';
import { settle } from '../../test/forms.ts';
import { resetMarketplaceModule } from '../marketplace/actions.ts';
import { appStore, AUTH_STORAGE_KEY, initialAppState, resetSessionModule, restoreSession, setServiceStore } from '../store/index.ts';
import { firstNameOf } from './first-name.ts';
import AccountMenu from './index.tsx';
import { unreadBadgeText, unreadLabel } from './unread.ts';

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
    resetMarketplaceModule();
    vi.mocked(navigate).mockClear();
    api = installFakeApi();
    api.on('POST /api/auth/logout/', { status: 200, body: {} });
    api.on('GET /api/notifications', { status: 200, body: { count: 0, next: null, previous: null, results: [] } });
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

  describe('the unread notifications badge', () => {
    const unreadPage = (count: number) => ({ count, next: null, previous: null, results: [] });
    const bell = () => island?.element.querySelector<HTMLAnchorElement>('a[href="/notifications"]') ?? null;

    it('is not in the server markup, and a signed-out visitor asks for no count', async () => {
      expect(loadServerBundle()('account-menu', '{}', 'account-menu-0-')).not.toContain('/notifications');
      island = await hydrateServerMarkup('account-menu', AccountMenu);
      await settle();
      expect(bell()).toBeNull();
      expect(api.callsTo('GET /api/notifications')).toHaveLength(0);
    });

    it("shows a signed-in member's unread count from GET /api/notifications?is_read=false, with an accessible label", async () => {
      api.on('GET /api/notifications', { status: 200, body: unreadPage(3) });
      storeSignedIn({ id: 1, full_name: 'Anna Smith', email: 'anna@example.co.uk', certificates: [] });
      restoreSession();
      island = await hydrateServerMarkup('account-menu', AccountMenu);
      await settle();
      expect(island.errors).toEqual([]);
      const call = api.callsTo('GET /api/notifications')[0];
      expect(new URL(call!.url, 'http://localhost').search).toBe('?is_read=false');
      expect(call?.headers.authorization).toBe('Bearer a');
      expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 3 unread');
      expect(bell()?.querySelector('.isl-badge')?.textContent).toBe('3');
      expect(bell()?.querySelector('.isl-badge')?.getAttribute('aria-hidden')).toBe('true');
    });

    it('asks again when the notifications change, and shows no badge when none are unread', async () => {
      api.on('GET /api/notifications', { status: 200, body: unreadPage(1) }, { status: 200, body: unreadPage(0) });
      storeSignedIn({ id: 1, full_name: 'Anna Smith', email: 'anna@example.co.uk', certificates: [] });
      restoreSession();
      island = await hydrateServerMarkup('account-menu', AccountMenu);
      await settle();
      expect(bell()?.querySelector('.isl-badge')?.textContent).toBe('1');

      // /notifications marked one read.
      act(() =>
        setServiceStore({
          notifications: [{ id: 1, title: 'T', message: 'M', link: '/', is_read: true, created_at: '2026-11-02T09:00:00Z' }],
        }),
      );
      await settle();
      expect(api.callsTo('GET /api/notifications')).toHaveLength(2);
      expect(bell()?.getAttribute('aria-label')).toBe('Notifications, none unread');
      expect(bell()?.querySelector('.isl-badge')).toBeNull();
    });

    it('caps the badge at 99+', () => {
      expect(unreadBadgeText(120)).toBe('99+');
      expect(unreadBadgeText(99)).toBe('99');
      expect(unreadBadgeText(null)).toBeNull();
      expect(unreadLabel(null)).toBe('Notifications');
    });
  });
});

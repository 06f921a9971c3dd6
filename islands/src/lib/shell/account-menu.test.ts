import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { settle } from '../../../test/forms.ts';
import { storeSignedInSession } from '../../../test/signed-in-session.ts';
import { resetMarketplaceModule } from '../marketplace/actions.ts';
import { navigate } from '../navigation/navigate.ts';
import { appStore, initialAppState, resetSessionModule, restoreSession, setServiceStore } from '../store/index.ts';
import { startAccountMenu } from './account-menu.ts';
import { firstNameOf } from './first-name.ts';
import { unreadBadgeText, unreadLabel } from './unread.ts';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

/** The server's markup of the menu (app/src/parts/menu.rs). */
function serverMenu(): HTMLElement {
  const container = document.createElement('div');
  container.className = 'menu-account';
  container.dataset.shell = 'account-menu';
  container.innerHTML =
    '<div class="isl-account-menu"><a class="isl-account-menu__link" href="/user/login">Log in</a>' +
    '<a class="button button--primary isl-account-menu__register" href="/user/register">Register</a></div>';
  document.body.append(container);
  return container;
}

describe('account menu', () => {
  let menu: HTMLElement;
  let stop: () => void = () => undefined;
  let api: FakeApi;

  beforeEach(() => {
    localStorage.clear();
    resetSessionModule();
    resetMarketplaceModule();
    vi.mocked(navigate).mockClear();
    api = installFakeApi();
    api.on('POST /api/auth/logout/', { status: 200, body: {} });
    api.on('GET /api/notifications', { status: 200, body: { count: 0, next: null, previous: null, results: [] } });
    api.on('GET /api/messages/unread/', { status: 200, body: { total: 0, bookings: [] } });
    menu = serverMenu();
  });

  afterEach(() => {
    stop();
    menu.remove();
    resetSessionModule();
    appStore.setState(initialAppState);
    localStorage.clear();
  });

  const links = () => Array.from(menu.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]);
  const bell = () => menu.querySelector<HTMLAnchorElement>('a[href="/notifications"]');

  it('keeps "Log in" and "Register" for a visitor, and asks for no count', async () => {
    stop = startAccountMenu(menu);
    await settle();
    expect(links()).toEqual([
      ['Log in', '/user/login'],
      ['Register', '/user/register'],
    ]);
    expect(api.callsTo('GET /api/notifications')).toHaveLength(0);
    expect(api.callsTo('GET /api/messages/unread/')).toHaveLength(0);
  });

  it('shows a signed-in member their first name to the profile, and "Log out" that signs out', async () => {
    storeSignedInSession({ user: { id: 1, full_name: '  Anna Maria Smith ', email: 'anna@example.co.uk', certificates: [] } });
    restoreSession();
    stop = startAccountMenu(menu);
    const profile = menu.querySelector('a');
    expect(profile?.getAttribute('href')).toBe('/user/profile');
    expect(profile?.firstChild?.textContent).toBe('Anna');
    expect(profile?.textContent).toBe('Anna: your profile');
    const logout = menu.querySelector('button');
    expect(logout?.textContent).toBe('Log out');

    logout?.click();
    expect(navigate).toHaveBeenCalledWith('/user/login');
    expect(api.callsTo('POST /api/auth/logout/')[0]?.body).toEqual({ refresh: 'r' });
    expect(menu.textContent).toContain('Log in');
  });

  it('says "Your account" while the name is unknown', () => {
    storeSignedInSession();
    api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
    restoreSession();
    stop = startAccountMenu(menu);
    expect(menu.querySelector('a')?.firstChild?.textContent).toBe('Your account');
  });

  it('takes the first word of the name', () => {
    expect(firstNameOf('Anna Smith')).toBe('Anna');
    expect(firstNameOf('  ')).toBeNull();
    expect(firstNameOf(undefined)).toBeNull();
  });

  describe('the unread notifications badge', () => {
    const unreadPage = (count: number) => ({ count, next: null, previous: null, results: [] });

    it("shows a signed-in member's unread count from GET /api/notifications?is_read=false, with an accessible label", async () => {
      api.on('GET /api/notifications', { status: 200, body: unreadPage(3) });
      storeSignedInSession({ user: { id: 1, full_name: 'Anna Smith', email: 'anna@example.co.uk', certificates: [] } });
      restoreSession();
      stop = startAccountMenu(menu);
      await settle();
      const call = api.callsTo('GET /api/notifications')[0];
      expect(new URL(call!.url, 'http://localhost').search).toBe('?is_read=false');
      expect(call?.headers.authorization).toBe('Bearer a');
      expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 3 unread');
      expect(bell()?.querySelector('.isl-badge')?.textContent).toBe('3');
      expect(bell()?.querySelector('.isl-badge')?.getAttribute('aria-hidden')).toBe('true');
    });

    it('asks again when the notifications change, and shows no badge when none are unread', async () => {
      api.on('GET /api/notifications', { status: 200, body: unreadPage(1) }, { status: 200, body: unreadPage(0) });
      storeSignedInSession({ user: { id: 1, full_name: 'Anna Smith', email: 'anna@example.co.uk', certificates: [] } });
      restoreSession();
      stop = startAccountMenu(menu);
      await settle();
      expect(bell()?.querySelector('.isl-badge')?.textContent).toBe('1');

      // /notifications marked one read.
      setServiceStore({ notifications: [{ id: 1, title: 'T', message: 'M', link: '/', is_read: true, created_at: '2026-11-02T09:00:00Z' }] });
      await settle();
      expect(api.callsTo('GET /api/notifications')).toHaveLength(2);
      expect(bell()?.getAttribute('aria-label')).toBe('Notifications, none unread');
      expect(bell()?.querySelector('.isl-badge')).toBeNull();
    });

    it('shows the unread messages on the link to /user/messages, asked again when the notifications change', async () => {
      api.on('GET /api/messages/unread/', { status: 200, body: { total: 2, bookings: [] } }, { status: 200, body: { total: 0, bookings: [] } });
      storeSignedInSession({ user: { id: 1, full_name: 'Anna Smith', email: 'anna@example.co.uk', certificates: [] } });
      restoreSession();
      stop = startAccountMenu(menu);
      await settle();
      const envelope = () => menu.querySelector<HTMLAnchorElement>('a[href="/user/messages"]');
      expect(envelope()?.getAttribute('aria-label')).toBe('Messages, 2 unread');
      expect(envelope()?.querySelector('.isl-badge')?.textContent).toBe('2');
      expect(bell()?.querySelector('.isl-badge')).toBeNull();

      setServiceStore({ notifications: [] });
      await settle();
      expect(api.callsTo('GET /api/messages/unread/')).toHaveLength(2);
      expect(envelope()?.getAttribute('aria-label')).toBe('Messages, none unread');
      expect(envelope()?.querySelector('.isl-badge')).toBeNull();
    });

    it('caps the badge at 99+', () => {
      expect(unreadBadgeText(120)).toBe('99+');
      expect(unreadBadgeText(99)).toBe('99');
      expect(unreadBadgeText(null)).toBeNull();
      expect(unreadLabel(null)).toBe('Notifications');
    });
  });
});

import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore, resetServiceModule, type Notification } from '../../lib/store/index.ts';
import NotificationsList, { formatWhen, siteLink } from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const NEWER: Notification = {
  id: 12,
  title: 'Booking confirmed',
  message: 'Your end of tenancy clean is booked for 3 December.',
  link: '/user/bookings',
  is_read: false,
  created_at: '2026-11-02T09:30:00Z',
};
const OLDER: Notification = {
  id: 5,
  title: 'Review received',
  message: 'Anna S. reviewed Deep clean.',
  link: '/services/details?id=3',
  is_read: true,
  created_at: '2026-10-01T14:00:00Z',
};

const page = (results: Notification[]) => ({ count: results.length, next: null, previous: null, results });

const items = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLLIElement>('li'));
const buttonNamed = (root: ParentNode, text: string) =>
  Array.from(root.querySelectorAll('button')).find((button) => button.textContent?.startsWith(text)) ?? null;

describe('notifications-list', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
    vi.mocked(navigate).mockClear();
  });

  it('leaves its place empty in the server markup (the page says why), then offers to sign in and come back', async () => {
    expect(loadServerBundle()('notifications-list', '{}', 'notifications-list-0-')).toBe('');
    t.island = await hydrateServerMarkup('notifications-list', NotificationsList);
    expect(t.island.errors).toEqual([]);
    expect(t.island.element.textContent).toContain('Sign in to see your notifications.');
    expect(t.island.element.querySelector('a.button')?.getAttribute('href')).toBe('/user/login?redirect=%2Fnotifications');
    expect(t.api.callsTo('GET /api/notifications')).toHaveLength(0);
  });

  it('lists the notifications newest first: title, message, link, date and read state', async () => {
    t.api.on('GET /api/notifications', { status: 200, body: page([NEWER, OLDER]) });
    signIn();
    t.island = await hydrateServerMarkup('notifications-list', NotificationsList);
    await settle();
    expect(t.island.errors).toEqual([]);
    expect(t.api.callsTo('GET /api/notifications')).toHaveLength(1);
    expect(t.api.callsTo('GET /api/notifications')[0]?.headers.authorization).toBe('Bearer a');

    const [first, second] = items(t.island.element);
    expect(first?.querySelector('h3')?.textContent).toBe('Booking confirmed');
    expect(first?.textContent).toContain('Your end of tenancy clean is booked for 3 December.');
    expect(first?.querySelector('a')?.getAttribute('href')).toBe('/user/bookings');
    expect(first?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-02T09:30:00Z');
    expect(first?.querySelector('time')?.textContent).toBe('2 November 2026 at 09:30');
    expect(first?.querySelector('.isl-notification__state')?.textContent).toBe('Unread');
    expect(first?.classList.contains('isl-notification--unread')).toBe(true);
    expect(second?.querySelector('h3')?.textContent).toBe('Review received');
    expect(second?.querySelector('.isl-notification__state')?.textContent).toBe('Read');
    // Only unread ones can be marked read.
    expect(buttonNamed(first!, 'Mark as read')?.textContent).toBe('Mark as read: Booking confirmed');
    expect(buttonNamed(second!, 'Mark as read')).toBeNull();
    expect(t.island.element.textContent).toContain('You have 1 unread notification.');
  });

  it('marks one as read with PATCH {is_read: true}', async () => {
    t.api.on('GET /api/notifications', { status: 200, body: page([NEWER, OLDER]) });
    t.api.on('PATCH /api/notifications/12/', { status: 200, body: { ...NEWER, is_read: true } });
    signIn();
    t.island = await hydrateServerMarkup('notifications-list', NotificationsList);
    await settle();

    await act(async () => buttonNamed(items(t.island!.element)[0]!, 'Mark as read')?.click());
    await settle();
    expect(t.api.callsTo('PATCH /api/notifications/12/').map((call) => call.body)).toEqual([{ is_read: true }]);
    const first = items(t.island.element)[0]!;
    expect(first.querySelector('.isl-notification__state')?.textContent).toBe('Read');
    expect(buttonNamed(first, 'Mark as read')).toBeNull();
    expect(document.activeElement).toBe(first);
    expect(buttonNamed(t.island.element, 'Mark all as read')).toBeNull();
    expect(t.island.element.textContent).toContain('All your notifications are read.');
  });

  it('marks all as read with POST /api/notifications/read-all/', async () => {
    t.api.on('GET /api/notifications', { status: 200, body: page([NEWER, { ...OLDER, is_read: false }]) });
    t.api.on('POST /api/notifications/read-all/', { status: 200, body: { updated: 2 } });
    signIn();
    t.island = await hydrateServerMarkup('notifications-list', NotificationsList);
    await settle();
    expect(t.island.element.textContent).toContain('You have 2 unread notifications.');

    await act(async () => buttonNamed(t.island!.element, 'Mark all as read')?.click());
    await settle();
    expect(t.api.callsTo('POST /api/notifications/read-all/')).toHaveLength(1);
    expect(items(t.island.element).map((item) => item.querySelector('.isl-notification__state')?.textContent)).toEqual(['Read', 'Read']);
    expect(appStore.getState().service.notifications.every((item) => item.is_read)).toBe(true);
  });

  it('says so when a change fails, and keeps the item unread', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    t.api.on('GET /api/notifications', { status: 200, body: page([NEWER]) });
    t.api.on('PATCH /api/notifications/12/', { status: 500, body: {} });
    signIn();
    t.island = await hydrateServerMarkup('notifications-list', NotificationsList);
    await settle();
    await act(async () => buttonNamed(t.island!.element, 'Mark as read')?.click());
    await settle();
    expect(t.island.element.querySelector('[role="alert"]')?.textContent).toBe('We could not update your notifications. Please try again.');
    expect(items(t.island.element)[0]?.querySelector('.isl-notification__state')?.textContent).toBe('Unread');
  });

  it('says when there are none, and offers to try again when the list cannot load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    t.api.on('GET /api/notifications', { status: 500, body: {} }, { status: 200, body: page([]) });
    signIn();
    t.island = await hydrateServerMarkup('notifications-list', NotificationsList);
    await settle();
    expect(t.island.element.textContent).toContain('We could not load your notifications.');
    await act(async () => buttonNamed(t.island!.element, 'Try again')?.click());
    await settle();
    expect(t.island.element.textContent).toContain('You have no notifications yet.');
    expect(t.api.callsTo('GET /api/notifications')).toHaveLength(2);
  });

  it('links only to paths on this site, and shows the date in UK time', () => {
    expect(siteLink('/user/bookings')).toBe('/user/bookings');
    expect(siteLink('//evil.example/x')).toBeNull();
    expect(siteLink('javascript:alert(1)')).toBeNull();
    expect(formatWhen('2026-07-02T08:30:00Z')).toBe('2 July 2026 at 09:30');
    expect(formatWhen('soon')).toBe('soon');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { buttonNamed, click, listOf, signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore, resetServiceModule, setServiceStore } from '../../lib/store/index.ts';
import BookingList from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const booking = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  service: { id: id + 100, title, slug: `service-${id}` },
  date: '2030-01-15',
  time: '09:30',
  address_line_1: '1 High Street',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  notes: '',
  length: 1,
  status: 'Pending',
  amount: '120.00',
  payment_status: 'Unpaid',
  refund_until: '2030-01-14T09:30:00Z',
  created_at: '2026-11-23T10:00:00Z',
  provider: null,
  messages: { link: `/bookings/messages?booking=${id}&reader=7&signature=ab`, unread: 0 },
  ...extra,
});

const items = (root: HTMLElement) => Array.from(root.querySelectorAll('li'));

describe('booking-list', () => {
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

  it('leaves its place empty in the server markup (the page explains itself without JavaScript)', () => {
    expect(loadServerBundle()('booking-list', '{}', 'booking-list-0-')).toBe('');
  });

  it("lists the member's bookings: service link, date, time, address, amount in pounds, status and payment", async () => {
    signIn();
    setServiceStore({ currentBooking: booking(2, 'Oven cleaning') });
    t.api.on('GET /api/service/booking/', { status: 200, body: listOf([booking(2, 'Oven cleaning', { amount: '1250.5' }), booking(1, 'Deep clean', { status: 'Confirmed', payment_status: 'Paid' })]) });
    t.island = await hydrateServerMarkup('booking-list', BookingList);
    await settle();
    expect(t.island.errors).toEqual([]);

    const list = items(t.island.element);
    expect(list).toHaveLength(2);
    const first = list[0]!;
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/services/details?id=102');
    expect(first.querySelector('a')?.textContent).toBe('Oven cleaning');
    expect(first.textContent).toContain('15 Jan 2030');
    expect(first.textContent).toContain('09:30');
    expect(first.textContent).toContain('1 High Street, Leeds, LS1 4AP');
    expect(first.textContent).toContain('£1,250.50');
    expect(first.textContent).toContain('Pending');
    expect(first.textContent).toContain('Not paid yet');
    expect(first.textContent).toContain('Just booked');
    expect(list[1]!.textContent).toContain('Confirmed');
    expect(list[1]!.textContent).toContain('Paid');
    expect(list[1]!.textContent).not.toContain('Just booked');
    expect(first.textContent).not.toContain('Who is coming');
  });

  it('names who is coming once a provider has taken the booking, with their photo if they have one', async () => {
    signIn();
    const photo = 'http://127.0.0.1/files/pictures/p.jpg?expires=1&signature=ab';
    t.api.on('GET /api/service/booking/', {
      status: 200,
      body: listOf([
        booking(2, 'Boiler service', { status: 'Confirmed', provider: { first_name: 'Priya', photo, profile: '/providers/profile?id=4' } }),
        booking(1, 'Deep clean', { status: 'Confirmed', provider: { first_name: 'Dai', photo: null, profile: null } }),
      ]),
    });
    t.island = await hydrateServerMarkup('booking-list', BookingList);
    await settle();
    const [withPhoto, without] = items(t.island.element);
    expect(withPhoto!.textContent).toContain('Who is coming');
    expect(withPhoto!.textContent).toContain('Priya');
    expect(withPhoto!.querySelector('img')?.getAttribute('src')).toBe(photo);
    expect(withPhoto!.querySelector('a[href="/providers/profile?id=4"]')?.textContent).toBe('Priya: their profile and reviews');
    expect(without!.textContent).toContain('Dai');
    expect(without!.querySelector('img')).toBeNull();
    expect(without!.querySelector('a[href^="/providers/"]')).toBeNull();
  });

  it("links each booking to its messages, saying how many are new", async () => {
    signIn();
    t.api.on('GET /api/service/booking/', {
      status: 200,
      body: listOf([booking(2, 'Boiler service', { messages: { link: '/bookings/messages?booking=2&reader=7&signature=ab', unread: 3 } }), booking(1, 'Deep clean')]),
    });
    t.island = await hydrateServerMarkup('booking-list', BookingList);
    await settle();
    const [busy, quiet] = items(t.island.element);
    const link = Array.from(busy!.querySelectorAll('a')).find((a) => a.textContent?.startsWith('Messages'))!;
    expect(link.getAttribute('href')).toBe('/bookings/messages?booking=2&reader=7&signature=ab');
    expect(link.textContent).toBe('Messages (3 new) about Boiler service');
    expect(Array.from(quiet!.querySelectorAll('a')).find((a) => a.textContent?.startsWith('Messages'))!.textContent).toBe('Messages about Deep clean');
  });

  it('offers Cancel on a booking still to happen, Pay now on an unpaid one, and says before cancelling whether a payment is refunded', async () => {
    signIn();
    const soon = new Date(Date.now() - 60_000).toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    t.api.on('GET /api/service/booking/', {
      status: 200,
      body: listOf([
        booking(4, 'Oven cleaning', { refund_until: later }),
        booking(3, 'Deep clean', { payment_status: 'Paid', refund_until: later }),
        booking(2, 'Carpet clean', { payment_status: 'Paid', refund_until: soon }),
        booking(1, 'Window clean', { status: 'Completed' }),
      ]),
    });
    t.island = await hydrateServerMarkup('booking-list', BookingList, { refund_window_hours: 48 });
    await settle();
    const list = items(t.island.element);
    const cancels = list.map((item) => Array.from(item.querySelectorAll('button')).some((button) => button.textContent?.startsWith('Cancel booking')));
    expect(cancels).toEqual([true, true, true, false]);
    const pays = list.map((item) => item.querySelector('a[href^="/payment?booking="]')?.getAttribute('href') ?? null);
    expect(pays).toEqual(['/payment?booking=4', null, null, null]);
    expect(list[1]!.textContent).toContain('Free cancellation until');

    await click(buttonNamed(list[1]!, 'Cancel booking'));
    expect(list[1]!.textContent).toContain('Your payment of £120.00 will be refunded in full.');
    await click(buttonNamed(list[1]!, 'Keep it'));
    await click(buttonNamed(list[2]!, 'Cancel booking'));
    expect(list[2]!.textContent).toContain('It is less than 48 hours before the booking, so your payment of £120.00 will not be refunded.');
  });

  it('offers to move a booking to another time until the refund window closes', async () => {
    signIn();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const soon = new Date(Date.now() - 60_000).toISOString();
    t.api.on('GET /api/service/booking/', { status: 200, body: listOf([booking(4, 'Oven cleaning', { refund_until: later, length: 2 }), booking(3, 'Deep clean', { refund_until: soon })]) });
    t.island = await hydrateServerMarkup('booking-list', BookingList);
    await settle();
    const moves = items(t.island.element).map((item) => item.querySelector('a[href^="/services/book"]')?.getAttribute('href') ?? null);
    expect(moves).toEqual(['/services/book?id=104&postcode=LS1+4AP&length=2&move=4', null]);
  });

  it('cancels only after confirming: DELETE, the alert exactly "Booking deleted successfully", and the item leaves the list', async () => {
    signIn();
    t.api.on('GET /api/service/booking/', { status: 200, body: listOf([booking(5, 'Oven cleaning'), booking(4, 'Deep clean')]) });
    t.api.on('DELETE /api/service/booking/5/', { status: 204 });
    t.island = await hydrateServerMarkup('booking-list', BookingList);
    await settle();
    const root = t.island.element;

    await click(buttonNamed(items(root)[0]!, 'Cancel booking'));
    expect(t.api.callsTo('DELETE /api/service/booking/5/')).toHaveLength(0);
    expect(root.textContent).toContain('Cancel your booking of Oven cleaning on');
    await click(buttonNamed(root, 'Keep it'));
    expect(root.textContent).not.toContain('Cancel your booking of');

    await click(buttonNamed(items(root)[0]!, 'Cancel booking'));
    await click(buttonNamed(root, 'Yes, cancel it'));

    expect(t.api.callsTo('DELETE /api/service/booking/5/')).toHaveLength(1);
    expect(appStore.getState().alert).toMatchObject({ message: 'Booking deleted successfully', type: 'success' });
    expect(items(root).map((item) => item.querySelector('a')?.textContent)).toEqual(['Deep clean']);
    expect(appStore.getState().loading).toBe(false);
    expect(document.activeElement, 'focus stays in the list, not at the top of the page').toBe(root.querySelector('ul[aria-label="Your bookings"]'));
  });

  it('after a failed deletion shows no alert but turns the loader off, and keeps the booking', async () => {
    signIn();
    t.api.on('GET /api/service/booking/', { status: 200, body: listOf([booking(5, 'Oven cleaning')]) });
    t.api.on('DELETE /api/service/booking/5/', { status: 500, body: { error: true, message: 'Server error.' } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    t.island = await hydrateServerMarkup('booking-list', BookingList);
    await settle();
    const root = t.island.element;
    const loaderStates: boolean[] = [];
    const unsubscribe = appStore.subscribe(() => loaderStates.push(appStore.getState().loading));

    await click(buttonNamed(root, 'Cancel booking'));
    await click(buttonNamed(root, 'Yes, cancel it'));
    unsubscribe();

    expect(t.api.callsTo('DELETE /api/service/booking/5/')).toHaveLength(1);
    expect(loaderStates).toContain(true);
    expect(appStore.getState().loading).toBe(false);
    expect(appStore.getState().alert).toBeNull();
    expect(items(root)).toHaveLength(1);
    expect(buttonNamed(root, 'Cancel booking').disabled).toBe(false);
  });

  it('says so when there are no bookings, with a way to browse services', async () => {
    signIn();
    t.api.on('GET /api/service/booking/', { status: 200, body: listOf([]) });
    t.island = await hydrateServerMarkup('booking-list', BookingList);
    await settle();
    expect(t.island.element.textContent).toContain('No bookings yet');
    expect(t.island.element.querySelector('a[href="/services"]')).not.toBeNull();
  });
});

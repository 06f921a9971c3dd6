import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { errorOf, field, fillAndSubmit } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { serverMarkup, signedOutFormOf } from '../../../test/server-markup.ts';
import { todayIso } from '../../lib/member-services/controls.tsx';
import { signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore, resetServiceModule, SERVICE_STORAGE_KEY } from '../../lib/store/index.ts';
import BookingForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const PROPS = { service: 7 };
const BOOKING = {
  id: 41,
  service: { id: 7, title: 'End of tenancy cleaning', slug: 'end-of-tenancy-cleaning' },
  date: '2030-01-15',
  time: '09:30',
  address_line_1: '1 High Street',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  notes: 'Side gate',
  status: 'Pending',
  amount: '120.00',
  payment_status: 'Unpaid',
  created_at: '2026-11-23T10:00:00Z',
};
const VALUES = {
  Date: '2030-01-15',
  Time: '09:30',
  'Address line 1': ' 1 High Street ',
  'Town or city': 'Leeds',
  Postcode: 'LS1 4AP',
  'Notes for your provider': 'Side gate',
};

describe('booking-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    vi.mocked(navigate).mockClear();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
  });

  it('renders on the server the whole form as a visitor sees it: fields disabled, and a way to sign in that comes back here', () => {
    const root = serverMarkup('booking-form', PROPS);
    expect(['Date', 'Time', 'Address line 1', 'Town or city', 'Postcode', 'Notes for your provider'].map((label) => field(root, label).name)).toEqual([
      'date',
      'time',
      'address_line_1',
      'city',
      'postcode',
      'notes',
    ]);
    // A prerendered page's today would be stale: the browser sets the earliest date.
    expect(field(root, 'Date').hasAttribute('min')).toBe(false);
    expect(signedOutFormOf(root)).toEqual({
      disabled: true,
      submittable: false,
      signIn: 'Sign into book this service, so that we can confirm the booking to you. New here? Create an account',
      returnsTo: '/services/book?id=7',
    });
  });

  it('keeps that markup for a signed-out visitor once hydrated, without a mismatch', async () => {
    t.island = await hydrateServerMarkup('booking-form', BookingForm, PROPS);
    expect(t.island.errors).toEqual([]);
    expect(signedOutFormOf(t.island.element)).toMatchObject({ disabled: true, submittable: false, returnsTo: '/services/book?id=7' });
  });

  it('hydrates for a member into a form that posts nowhere by itself, the date today or later', async () => {
    signIn();
    t.island = await hydrateServerMarkup('booking-form', BookingForm, PROPS);
    expect(t.island.errors).toEqual([]);
    const form = t.island.element.querySelector('form');
    expect(form).not.toBeNull();
    expect(form?.hasAttribute('action')).toBe(false);
    expect(form?.hasAttribute('method')).toBe(false);
    const date = field(t.island.element, 'Date');
    expect(date.type).toBe('date');
    expect(date.min).toBe(todayIso());
    expect(field(t.island.element, 'Time').type).toBe('time');
    expect(field(t.island.element, 'Notes for your provider').required).toBe(false);
  });

  it('posts exactly the booking fields (never an amount), keeps the booking as currentBooking and goes to /user/bookings', async () => {
    signIn();
    t.island = await hydrateServerMarkup('booking-form', BookingForm, PROPS);
    t.api.on('POST /api/service/booking/', { status: 201, body: BOOKING });

    await fillAndSubmit(t.island.element, VALUES);

    const calls = t.api.callsTo('POST /api/service/booking/');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      service: 7,
      date: '2030-01-15',
      time: '09:30',
      address_line_1: '1 High Street',
      city: 'Leeds',
      postcode: 'LS1 4AP',
      notes: 'Side gate',
    });
    expect(Object.keys(calls[0]?.body as object)).not.toContain('amount');
    expect(appStore.getState().service.currentBooking).toEqual(BOOKING);
    expect(JSON.parse(localStorage.getItem(SERVICE_STORAGE_KEY) ?? '{}').currentBooking).toEqual(BOOKING);
    expect(navigate).toHaveBeenCalledWith('/user/bookings');
    expect(appStore.getState().loading).toBe(false);
  });

  it('alerts exactly "Failed to book service" and shows the server messages beside their fields', async () => {
    signIn();
    t.island = await hydrateServerMarkup('booking-form', BookingForm, PROPS);
    t.api.on('POST /api/service/booking/', {
      status: 400,
      body: { error: true, message: 'Enter a valid UK postcode.', postcode: ['Enter a valid UK postcode.'] },
    });

    await fillAndSubmit(t.island.element, { ...VALUES, Postcode: 'nowhere' });

    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to book service', type: 'error' });
    expect(errorOf(field(t.island.element, 'Postcode'))).toBe('Enter a valid UK postcode.');
    expect(navigate).not.toHaveBeenCalled();
    expect(appStore.getState().service.currentBooking).toBeNull();
    expect(appStore.getState().loading).toBe(false);
  });

  it('keeps a free time chosen on the page as chosen, and books it for the hours asked', async () => {
    signIn();
    const chosen = { service: 7, date: '2030-01-15', time: '09:30', postcode: 'LS6 2AB', length: 3 };
    t.island = await hydrateServerMarkup('booking-form', BookingForm, chosen);
    expect(t.island.errors).toEqual([]);
    expect([field(t.island.element, 'Date').value, field(t.island.element, 'Time').value, field(t.island.element, 'Postcode').value]).toEqual(['2030-01-15', '09:30', 'LS6 2AB']);
    expect(field(t.island.element, 'Date').readOnly && field(t.island.element, 'Time').readOnly).toBe(true);
    t.api.on('POST /api/service/booking/', { status: 201, body: BOOKING });

    await fillAndSubmit(t.island.element, { 'Address line 1': '1 Park Row', 'Town or city': 'Leeds' });

    expect(t.api.callsTo('POST /api/service/booking/')[0]?.body).toMatchObject({ service: 7, date: '2030-01-15', time: '09:30', postcode: 'LS6 2AB', length: 3 });
  });
});

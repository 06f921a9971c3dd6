// What the payment islands' tests share (imported by tests only): a signed-in member with a
// fake API, and a booking and a payment as the API answers them.
import { afterEach, beforeEach } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { signIn } from '../member-services/testing.ts';
import { resetServiceModule } from '../store/index.ts';

/** A signed-in member and a fake API for each test; the page's address is reset after it. */
export function setUpPaymentIslandTest() {
  const t = setUpAccountFormTest();
  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
    signIn();
  });
  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  return t;
}

export const bookingOf = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  service: { id: 40, title: 'Oven cleaning', slug: 'oven-cleaning' },
  date: '2030-01-15',
  time: '09:30',
  address_line_1: '1 High Street',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  notes: '',
  status: 'Pending',
  amount: '45.00',
  payment_status: 'Unpaid',
  refund_until: '2030-01-14T09:30:00Z',
  created_at: '2026-11-23T10:00:00Z',
  ...extra,
});

export const paymentOf = (id: number, booking: number, extra: Record<string, unknown> = {}) => ({
  id,
  booking: { id: booking, service: { id: 40, title: 'Oven cleaning', slug: 'oven-cleaning' }, date: '2030-01-15', time: '09:30', status: 'Pending', payment_status: 'Unpaid' },
  amount: '45.00',
  currency: 'GBP',
  status: 'Pending',
  provider: 'test',
  test_mode: true,
  checkout_url: null,
  receipt_number: `BW-${String(id).padStart(6, '0')}`,
  created_at: '2026-11-23T10:00:00Z',
  paid_at: null,
  refunded_at: null,
  ...extra,
});

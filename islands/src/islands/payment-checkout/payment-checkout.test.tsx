import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { buttonNamed, click, listOf } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { bookingOf, paymentOf, setUpPaymentIslandTest } from '../../lib/payments/testing.ts';
import PaymentCheckout from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

describe('payment-checkout', () => {
  const t = setUpPaymentIslandTest();

  afterEach(() => {
    vi.mocked(navigate).mockClear();
  });

  it('leaves its place empty in the server markup (the page explains itself without JavaScript)', () => {
    expect(loadServerBundle()('payment-checkout', '{}', 'payment-checkout-0-')).toBe('');
  });

  it('shows the booking and its amount, and Pay starts the payment for that booking and goes to the checkout', async () => {
    window.history.replaceState(null, '', '/payment?booking=7');
    t.api.on('GET /api/service/booking/7/', { status: 200, body: bookingOf(7) });
    t.api.on('GET /api/payments/', { status: 200, body: listOf([]) });
    t.api.on('POST /api/payments/', { status: 201, body: paymentOf(3, 7, { checkout_url: 'https://checkout.example/cs_1' }) });
    t.island = await hydrateServerMarkup('payment-checkout', PaymentCheckout);
    await settle();
    const root = t.island.element;
    expect(root.textContent).toContain('Oven cleaning');
    expect(root.textContent).toContain('£45.00');
    await click(buttonNamed(root, 'Pay £45.00'));
    expect(t.api.callsTo('POST /api/payments/')[0]?.body).toEqual({ booking: 7 });
    expect(navigate).toHaveBeenCalledWith('https://checkout.example/cs_1');
  });

  it("shows the server's reason when a payment cannot start, and lets the member try again", async () => {
    window.history.replaceState(null, '', '/payment?booking=7');
    t.api.on('GET /api/service/booking/7/', { status: 200, body: bookingOf(7) });
    t.api.on('GET /api/payments/', { status: 200, body: listOf([]) });
    t.api.on('POST /api/payments/', { status: 502, body: { error: true, message: 'The payment provider could not be reached.' } });
    t.island = await hydrateServerMarkup('payment-checkout', PaymentCheckout);
    await settle();
    await click(buttonNamed(t.island.element, 'Pay £45.00'));
    expect(t.island.element.querySelector('[role="alert"]')?.textContent).toBe('The payment provider could not be reached.');
    expect(buttonNamed(t.island.element, 'Pay £45.00').disabled).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("in test mode, the checkout's buttons pay or cancel the open payment and go to /success or /cancel", async () => {
    window.history.replaceState(null, '', '/payment?booking=7&checkout=test_cs_3');
    t.api.on('GET /api/service/booking/7/', { status: 200, body: bookingOf(7) });
    t.api.on('GET /api/payments/', { status: 200, body: listOf([paymentOf(3, 7, { checkout_url: '/payment?booking=7&checkout=test_cs_3' })]) });
    t.api.on('POST /api/payments/3/test-checkout/', { status: 200, body: paymentOf(3, 7, { status: 'Paid' }) });
    t.island = await hydrateServerMarkup('payment-checkout', PaymentCheckout);
    await settle();
    const root = t.island.element;
    expect(root.textContent).toContain('Test mode checkout');
    expect(root.textContent).toContain('no card is charged');
    await click(buttonNamed(root, 'Complete test payment'));
    expect(t.api.callsTo('POST /api/payments/3/test-checkout/')[0]?.body).toEqual({ outcome: 'paid' });
    expect(navigate).toHaveBeenCalledWith('/success?payment=3');
  });

  it('offers no Pay button for a paid booking, but its receipt', async () => {
    window.history.replaceState(null, '', '/payment?booking=7');
    t.api.on('GET /api/service/booking/7/', { status: 200, body: bookingOf(7, { payment_status: 'Paid' }) });
    t.api.on('GET /api/payments/', { status: 200, body: listOf([paymentOf(3, 7, { status: 'Paid' })]) });
    t.island = await hydrateServerMarkup('payment-checkout', PaymentCheckout);
    await settle();
    const root = t.island.element;
    expect(root.textContent).toContain('This booking is paid.');
    expect(root.querySelector('a[href="/user/payments?receipt=3"]')).not.toBeNull();
    expect(Array.from(root.querySelectorAll('button')).some((button) => button.textContent?.startsWith('Pay'))).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { paymentOf, setUpPaymentIslandTest } from '../../lib/payments/testing.ts';
import PaymentOutcome, { POLL_EVERY_MS } from './index.tsx';

describe('payment-outcome', () => {
  const t = setUpPaymentIslandTest();

  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves its place empty in the server markup (it claims nothing before reading the payment)', () => {
    expect(loadServerBundle()('payment-outcome', '{"page":"success"}', 'payment-outcome-0-')).toBe('');
  });

  it('on /success says "confirming" while the payment is pending, reads it again, and shows it received once paid', async () => {
    window.history.replaceState(null, '', '/success?payment=3');
    let answer = paymentOf(3, 7);
    t.api.on('GET /api/payments/3/', () => ({ status: 200, body: answer }));
    t.island = await hydrateServerMarkup('payment-outcome', PaymentOutcome, { page: 'success' });
    await settle();
    const root = t.island.element;
    expect(root.textContent).toContain('Confirming your payment…');
    expect(root.textContent).not.toContain('Payment received');

    answer = paymentOf(3, 7, { status: 'Paid', paid_at: '2026-11-24T10:00:00Z' });
    await act(async () => {
      await new Promise((done) => setTimeout(done, POLL_EVERY_MS + 100));
    });
    await settle();
    expect(t.api.callsTo('GET /api/payments/3/').length).toBeGreaterThanOrEqual(2);
    expect(root.textContent).toContain('Payment received');
    expect(root.textContent).toContain('BW-000003');
    expect(root.querySelector('a[href="/user/payments?receipt=3"]')).not.toBeNull();
  }, 10_000);

  it('never shows a cancelled payment as received, on /success or /cancel', async () => {
    for (const page of ['success', 'cancel']) {
      window.history.replaceState(null, '', `/${page}?payment=4`);
      t.api.on('GET /api/payments/4/', { status: 200, body: paymentOf(4, 7, { status: 'Cancelled' }) });
      t.island = await hydrateServerMarkup('payment-outcome', PaymentOutcome, { page });
      await settle();
      const root = t.island.element;
      expect(root.textContent).not.toContain('Payment received');
      expect(root.textContent).toContain('You have not been charged.');
      expect(root.querySelector('a[href="/payment?booking=7"]')?.textContent).toBe('Try again');
      act(() => t.island?.root.unmount());
      t.island.element.remove();
    }
  });
});

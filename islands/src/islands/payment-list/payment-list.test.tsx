import { describe, expect, it, vi } from 'vitest';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { buttonNamed, click, listOf } from '../../lib/member-services/testing.ts';
import { paymentOf, setUpPaymentIslandTest } from '../../lib/payments/testing.ts';
import PaymentList from './index.tsx';

const COMPANY = { brand: 'Brightway', address: '221 Example Street, London, W1A 1AA', email: 'hello@brightway.example' };

describe('payment-list', () => {
  const t = setUpPaymentIslandTest();

  it('leaves its place empty in the server markup', () => {
    expect(loadServerBundle()('payment-list', JSON.stringify(COMPANY), 'payment-list-0-')).toBe('');
  });

  it("lists the member's payments, with a receipt link for paid and refunded ones only", async () => {
    window.history.replaceState(null, '', '/user/payments');
    t.api.on('GET /api/payments/', {
      status: 200,
      body: listOf([paymentOf(3, 7, { status: 'Paid', paid_at: '2026-11-24T10:00:00Z' }), paymentOf(2, 7, { status: 'Cancelled' }), paymentOf(1, 6, { status: 'Refunded', paid_at: '2026-11-20T10:00:00Z' })]),
    });
    t.island = await hydrateServerMarkup('payment-list', PaymentList, COMPANY);
    await settle();
    const rows = Array.from(t.island.element.querySelectorAll('li'));
    expect(rows.map((row) => row.querySelector('h2')?.textContent)).toEqual(['BW-000003: Oven cleaning', 'BW-000002: Oven cleaning', 'BW-000001: Oven cleaning']);
    expect(rows[0]!.textContent).toContain('£45.00 (GBP)');
    expect(rows[0]!.textContent).toContain('Test mode');
    expect(rows.map((row) => row.querySelector('a[href^="/user/payments?receipt="]')?.getAttribute('href') ?? null)).toEqual(['/user/payments?receipt=3', null, '/user/payments?receipt=1']);
  });

  it('with ?receipt= shows that receipt with the company, and Print receipt prints it', async () => {
    window.history.replaceState(null, '', '/user/payments?receipt=3');
    t.api.on('GET /api/payments/3/', { status: 200, body: paymentOf(3, 7, { status: 'Paid', paid_at: '2026-11-24T10:00:00Z' }) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    t.island = await hydrateServerMarkup('payment-list', PaymentList, COMPANY);
    await settle();
    const root = t.island.element;
    expect(root.querySelector('h2')?.textContent).toBe('Receipt BW-000003');
    expect(root.textContent).toContain('221 Example Street, London, W1A 1AA');
    expect(root.textContent).toContain('Test mode: no card was charged.');
    await click(buttonNamed(root, 'Print receipt'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says so when a receipt is not the member\'s', async () => {
    window.history.replaceState(null, '', '/user/payments?receipt=9');
    t.api.on('GET /api/payments/9/', { status: 404, body: { error: true, message: 'Not found.' } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    t.island = await hydrateServerMarkup('payment-list', PaymentList, COMPANY);
    await settle();
    expect(t.island.element.textContent).toContain('We could not find that receipt.');
  });
});

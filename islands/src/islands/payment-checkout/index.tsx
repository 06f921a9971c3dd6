import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { addressOf, pounds, SignInNotice } from '../../lib/member-services/controls.tsx';
import { ukDate } from '../../lib/member-services/uk-dates.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { failureMessage, fetchBooking, fetchPayments, isMissing, queryId, settleTestCheckout, startPayment, ukMoment } from '../../lib/payments/calls.ts';
import type { BookingView, PaymentView } from '../../lib/payments/types.ts';
import { RecordActions } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

type Load =
  | { readonly state: 'loading' }
  | { readonly state: 'no-booking' }
  | { readonly state: 'missing' }
  | { readonly state: 'failed' }
  | { readonly state: 'ready'; readonly booking: BookingView; readonly payments: readonly PaymentView[] };

/**
 * /payment?booking=N: the booking, what it costs and whether it is paid, and a Pay button
 * (`POST /api/payments/`) that sends the member to the provider's checkout. With the test
 * provider the checkout is this page again with `checkout=`: a "Test mode checkout" panel
 * whose buttons pay or cancel, as the provider's webhook would, then go to /success or /cancel.
 */
export default function PaymentCheckout() {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (!mounted || !signedIn) return;
    const id = queryId('booking');
    if (id === null) {
      setLoad({ state: 'no-booking' });
      return;
    }
    let live = true;
    void Promise.all([fetchBooking(id), fetchPayments(id)]).then(
      ([booking, payments]) => live && setLoad({ state: 'ready', booking, payments }),
      (error: unknown) => live && setLoad({ state: isMissing(error) ? 'missing' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [mounted, signedIn]);

  if (!mounted) return null;
  if (!signedIn) return <SignInNotice message="Sign in to pay for your booking." path={`${window.location.pathname}${window.location.search}`} />;
  if (load.state === 'loading') {
    return (
      <p className="isl-status" role="status">
        Loading your booking…
      </p>
    );
  }
  if (load.state !== 'ready') {
    const said = { 'no-booking': 'Choose a booking to pay for from your bookings.', missing: 'We could not find that booking.', failed: 'We could not load your booking. Please try again.' }[load.state];
    return (
      <p className="isl-status" role="status">
        {said} <a href="/user/bookings">Go to your bookings</a>
      </p>
    );
  }

  const { booking, payments } = load;
  const paid = payments.find((payment) => payment.status === 'Paid');
  const open = payments.find((payment) => payment.status === 'Pending');
  const testCheckout = open !== undefined && open.test_mode && new URLSearchParams(window.location.search).get('checkout') === `test_cs_${open.id}`;
  const amount = pounds(booking.amount);

  const act = (call: () => Promise<string>) => {
    setBusy(true);
    setProblem(null);
    call().then(navigate, (error: unknown) => {
      setProblem(failureMessage(error));
      setBusy(false);
    });
  };
  const pay = () => act(async () => (await startPayment(booking.id)).checkout_url ?? `/payment?booking=${booking.id}`);
  const settle = (outcome: 'paid' | 'cancelled') => {
    if (open === undefined) return;
    act(async () => {
      await settleTestCheckout(open.id, outcome);
      return `/${outcome === 'paid' ? 'success' : 'cancel'}?payment=${open.id}`;
    });
  };

  return (
    <div className="card isl-payment">
      <h2>Payment summary</h2>
      <dl className="facts">
        <div>
          <dt>Service</dt>
          <dd>{booking.service.title}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={booking.date}>{ukDate(booking.date)}</time> at {booking.time}
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{addressOf(booking)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{amount} (GBP)</dd>
        </div>
      </dl>
      {booking.status === 'Cancelled' ? (
        <p>This booking is cancelled, so there is nothing to pay.</p>
      ) : paid !== undefined || booking.payment_status === 'Paid' ? (
        <p>
          This booking is paid. {paid !== undefined && <a href={`/user/payments?receipt=${paid.id}`}>View receipt</a>}
        </p>
      ) : booking.payment_status === 'Refunded' ? (
        <p>This booking's payment was refunded.</p>
      ) : testCheckout ? (
        <section className="isl-payment__test" aria-labelledby="test-checkout-heading">
          <h3 id="test-checkout-heading">Test mode checkout</h3>
          <p>
            <span className="isl-tag">Test mode</span> This is the built-in test provider: no card is charged and no money moves.
          </p>
          <RecordActions paragraph>
            <button className="button button--primary" type="button" disabled={busy} onClick={() => settle('paid')}>
              Complete test payment
            </button>
            <button className="button button--secondary" type="button" disabled={busy} onClick={() => settle('cancelled')}>
              Cancel test payment
            </button>
          </RecordActions>
        </section>
      ) : (
        <>
          <p>Cancel before {ukMoment(booking.refund_until)} (UK time) for a full refund; later, the payment is kept.</p>
          <p>
            <button className="button button--primary" type="button" disabled={busy} onClick={pay}>
              Pay {amount}
            </button>
          </p>
        </>
      )}
      {problem !== null && (
        <p className="isl-status isl-status--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;

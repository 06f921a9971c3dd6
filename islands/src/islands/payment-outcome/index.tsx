import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { pounds, SignInNotice } from '../../lib/member-services/controls.tsx';
import { ukDate } from '../../lib/member-services/uk-dates.ts';
import { fetchPayment, isMissing, queryId } from '../../lib/payments/calls.ts';
import type { PaymentView } from '../../lib/payments/types.ts';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

/** How often a payment still being confirmed is read again, and for how long. */
export const POLL_EVERY_MS = 2_000;
export const POLL_FOR_MS = 120_000;

type Load =
  | { readonly state: 'loading' }
  | { readonly state: 'missing' }
  | { readonly state: 'failed' }
  | { readonly state: 'ready'; readonly payment: PaymentView; readonly gaveUp: boolean };

/**
 * /success and /cancel?payment=N, where the provider sends the member back: the payment as
 * the server has it, never as the address claims. A payment the provider has not confirmed yet
 * shows "Confirming your payment…" and is read again every 2 seconds, for 2 minutes.
 */
export default function PaymentOutcome({ page }: { page?: unknown }) {
  const returnedFrom = page === 'cancel' ? 'cancel' : 'success';
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (!mounted || !signedIn) return;
    const id = queryId('payment');
    if (id === null) {
      setLoad({ state: 'missing' });
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const read = () => {
      fetchPayment(id).then(
        (payment) => {
          if (!live) return;
          const waiting = payment.status === 'Pending' && returnedFrom === 'success';
          const gaveUp = waiting && Date.now() - started >= POLL_FOR_MS;
          setLoad({ state: 'ready', payment, gaveUp });
          if (waiting && !gaveUp) timer = setTimeout(read, POLL_EVERY_MS);
        },
        (error: unknown) => live && setLoad({ state: isMissing(error) ? 'missing' : 'failed' }),
      );
    };
    read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [mounted, signedIn, returnedFrom]);

  if (!mounted) return null;
  if (!signedIn) return <SignInNotice message="Sign in to see your payment." path={`${window.location.pathname}${window.location.search}`} />;
  if (load.state === 'loading') {
    return (
      <p className="isl-status" role="status">
        Loading your payment…
      </p>
    );
  }
  if (load.state !== 'ready') {
    return (
      <p className="isl-status" role="status">
        {load.state === 'missing' ? 'We could not find that payment.' : 'We could not load your payment. Please try again.'} <a href="/user/payments">See your payments</a>
      </p>
    );
  }

  const { payment, gaveUp } = load;
  const what = `${pounds(payment.amount)} for ${payment.booking.service.title} on ${ukDate(payment.booking.date)} at ${payment.booking.time}`;
  const testMode = payment.test_mode && <span className="isl-tag">Test mode</span>;
  const tryAgain = (
    <a className="button button--primary" href={`/payment?booking=${payment.booking.id}`}>
      Try again
    </a>
  );

  if (payment.status === 'Paid' || payment.status === 'Refunded') {
    return (
      <div className="card isl-payment" role="status">
        <h2>{payment.status === 'Paid' ? 'Payment received' : 'Payment refunded'}</h2>
        <p>
          {testMode} {payment.status === 'Paid' ? `Thank you: we have received ${what}.` : `Your payment of ${what} was refunded.`} Receipt number{' '}
          <strong>{payment.receipt_number}</strong>.
          {payment.test_mode && ' This was a test-mode payment: no card was charged.'}
        </p>
        <p className="prose-actions">
          <a className="button button--primary" href={`/user/payments?receipt=${payment.id}`}>
            View receipt
          </a>
          <a className="button button--secondary" href="/user/bookings">
            View your bookings
          </a>
        </p>
      </div>
    );
  }
  if (payment.status === 'Pending' && returnedFrom === 'success') {
    return (
      <div className="card isl-payment">
        <p className="isl-status" role="status">
          {testMode} {gaveUp ? 'Still confirming: we will email your receipt as soon as the payment is confirmed.' : 'Confirming your payment…'}
        </p>
        {gaveUp && (
          <p>
            <a href="/user/payments">See your payments</a>
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="card isl-payment" role="status">
      <h2>{returnedFrom === 'cancel' ? 'Payment cancelled' : 'Payment not taken'}</h2>
      <p>
        {testMode} {returnedFrom === 'cancel' ? 'Payment cancelled. You have not been charged.' : 'This payment did not go through. You have not been charged.'} Your booking is kept, unpaid.
      </p>
      <p className="prose-actions">
        {tryAgain}
        <a className="button button--secondary" href="/user/bookings">
          Go to your bookings
        </a>
      </p>
    </div>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;

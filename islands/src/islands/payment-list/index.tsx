import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { pounds } from '../../lib/member-services/controls.tsx';
import { ukDate } from '../../lib/member-services/uk-dates.ts';
import { PAYMENT_STATUS_LABELS, fetchPayment, fetchPayments, isMissing, queryId, ukMoment } from '../../lib/payments/calls.ts';
import type { PaymentView } from '../../lib/payments/types.ts';
import { Fact, RecordActions, RecordCard } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

/** The company, as a receipt names it (from the page's website info). */
interface Company {
  readonly brand?: unknown;
  readonly address?: unknown;
  readonly email?: unknown;
}

type Load<Data> = { readonly state: 'loading' } | { readonly state: 'missing' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly data: Data };

/**
 * /user/payments: the member's payments, newest first, each with its receipt; with
 * `?receipt=N`, that payment's receipt alone, which prints without the site around it.
 */
export default function PaymentList(company: Company) {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [receipt, setReceipt] = useState<number | null>(null);

  useEffect(() => {
    restoreSession();
    setReceipt(queryId('receipt'));
  }, []);

  if (!mounted || !signedIn) return null;
  return receipt === null ? <Payments /> : <Receipt id={receipt} company={company} />;
}

function useLoaded<Data>(load: () => Promise<Data>): Load<Data> {
  const [state, setState] = useState<Load<Data>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ state: 'ready', data }),
      (error: unknown) => live && setState({ state: isMissing(error) ? 'missing' : 'failed' }),
    );
    return () => {
      live = false;
    };
    // Loaded once per mount: the page's query does not change under it.
  }, []);
  return state;
}

function Payments() {
  const load = useLoaded(() => fetchPayments());
  if (load.state === 'loading') {
    return (
      <p className="isl-status" role="status">
        Loading your payments…
      </p>
    );
  }
  if (load.state !== 'ready') {
    return (
      <p className="isl-status" role="status">
        We could not load your payments. Please reload the page to try again.
      </p>
    );
  }
  if (load.data.length === 0) {
    return (
      <div className="empty-state">
        <h2>No payments yet</h2>
        <p>
          You have not made any payments yet. Pay for a booking from <a href="/user/bookings">your bookings</a>.
        </p>
      </div>
    );
  }
  return (
    <ul className="isl-records" aria-label="Your payments">
      {load.data.map((payment) => (
        <RecordCard
          key={payment.id}
          level={2}
          labelled={false}
          title={
            <>
              {payment.receipt_number}: {payment.booking.service.title}
            </>
          }
          tag={payment.test_mode && <span className="isl-tag">Test mode</span>}
          facts={
            <>
              <Fact term="Booking">
                <time dateTime={payment.booking.date}>{ukDate(payment.booking.date)}</time> at {payment.booking.time}
              </Fact>
              <Fact term="Amount">
                {pounds(payment.amount)} ({payment.currency})
              </Fact>
              <Fact term="Status">{PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}</Fact>
              <Fact term="Paid">{payment.paid_at ? ukMoment(payment.paid_at) : '—'}</Fact>
            </>
          }
        >
          {(payment.status === 'Paid' || payment.status === 'Refunded') && (
            <RecordActions paragraph>
              <a href={`/user/payments?receipt=${payment.id}`}>
                View receipt<span className="visually-hidden"> {payment.receipt_number}</span>
              </a>
            </RecordActions>
          )}
          {payment.status === 'Pending' && payment.checkout_url && (
            <RecordActions paragraph>
              <a href={`/payment?booking=${payment.booking.id}`}>Continue to payment</a>
            </RecordActions>
          )}
        </RecordCard>
      ))}
    </ul>
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function Receipt({ id, company }: { id: number; company: Company }) {
  const load = useLoaded(() => fetchPayment(id));
  if (load.state === 'loading') {
    return (
      <p className="isl-status" role="status">
        Loading your receipt…
      </p>
    );
  }
  if (load.state !== 'ready') {
    return (
      <p className="isl-status" role="status">
        {load.state === 'missing' ? 'We could not find that receipt.' : 'We could not load your receipt. Please reload the page to try again.'} <a href="/user/payments">All payments</a>
      </p>
    );
  }
  const payment = load.data;
  return (
    <article className="card isl-receipt" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">Receipt {payment.receipt_number}</h2>
      <p className="isl-receipt__company">
        <strong>{text(company.brand)}</strong>
        <br />
        {text(company.address)}
        <br />
        {text(company.email)}
      </p>
      {payment.test_mode && <p className="isl-receipt__test">Test mode: no card was charged.</p>}
      <dl className="facts">
        <div>
          <dt>Service</dt>
          <dd>{payment.booking.service.title}</dd>
        </div>
        <div>
          <dt>Booked for</dt>
          <dd>
            {ukDate(payment.booking.date)} at {payment.booking.time}
          </dd>
        </div>
        <div>
          <dt>Amount paid</dt>
          <dd>
            {pounds(payment.amount)} ({payment.currency})
          </dd>
        </div>
        <div>
          <dt>Paid on</dt>
          <dd>{payment.paid_at ? ukMoment(payment.paid_at) : '—'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}</dd>
        </div>
        {payment.refunded_at && (
          <div>
            <dt>Refunded on</dt>
            <dd>{ukMoment(payment.refunded_at)}</dd>
          </div>
        )}
      </dl>
      <p className="isl-receipt__actions">
        <button className="button button--primary" type="button" onClick={() => window.print()}>
          Print receipt
        </button>{' '}
        <a href="/user/payments">All payments</a>
      </p>
    </article>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;

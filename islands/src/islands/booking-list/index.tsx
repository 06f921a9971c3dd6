import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { cancelBooking, fetchBookings, isOpenBooking, type Booking } from '../../lib/member-services/bookings.ts';
import { addressOf, ConfirmStep, pounds } from '../../lib/member-services/controls.tsx';
import { RecordListStatus, useRecordList } from '../../lib/member-services/record-list.tsx';
import { ukDate } from '../../lib/member-services/uk-dates.ts';
import { ukMoment } from '../../lib/payments/calls.ts';
import { ThreadLink } from '../../lib/member-services/thread-link.tsx';
import { Fact, RecordActions, RecordCard, RecordNote } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

const PAYMENT_LABELS: Readonly<Record<string, string>> = { Unpaid: 'Not paid yet', Paid: 'Paid', Refunded: 'Refunded' };

/** Whether the member may cancel here: a booking still to happen (a paid one is refunded inside the window). */
function cancellable(booking: Booking): boolean {
  return isOpenBooking(booking.status);
}

/** The booking page of its service, asking the free times at its postcode, to move it there. */
function moveHref(booking: Booking): string {
  const query = new URLSearchParams({ id: String(booking.service.id), postcode: booking.postcode, length: String(booking.length), move: String(booking.id) });
  return `/services/book?${query}`;
}

/** What cancelling does with a paid booking's money, said before the member confirms. */
function refundSentence(booking: Booking, refundWindowHours: number, now: number = Date.now()): string {
  if (booking.payment_status !== 'Paid') return '';
  return now < Date.parse(booking.refund_until)
    ? ` Your payment of ${pounds(booking.amount)} will be refunded in full.`
    : ` It is less than ${refundWindowHours} hours before the booking, so your payment of ${pounds(booking.amount)} will not be refunded.`;
}

/**
 * /user/bookings: the member's bookings that are not cancelled (`GET /api/service/booking/`),
 * newest first, each with its service, date, time, address, amount, status, who is coming
 * (once a provider has taken it, with their photo if any), payment status and its messages
 * (with how many are new), and Cancel behind a confirmation (`DELETE`; 'Booking deleted successfully'). The
 * server renders nothing here (the page says, without JavaScript, what it needs); the member
 * guard sends a signed-out visitor to login.
 */
export default function BookingList({ refund_window_hours }: { refund_window_hours?: unknown }) {
  const refundWindowHours = typeof refund_window_hours === 'number' ? refund_window_hours : 24;
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);

  useEffect(() => {
    restoreSession();
  }, []);

  if (!mounted || !signedIn) return null;
  return <Bookings refundWindowHours={refundWindowHours} />;
}

function Bookings({ refundWindowHours }: { refundWindowHours: number }) {
  const current = useAppStore((state) => state.service.currentBooking);
  // After a cancellation the pressed button is gone: focus goes to the list (or its empty
  // state), not back to the start of the page.
  const list = useRecordList(fetchBookings);
  if (list.load.state !== 'ready') return <RecordListStatus load={list.load} what="your bookings" onRetry={list.retry} />;
  if (list.load.items.length === 0) {
    return (
      <div className="empty-state">
        <h2 tabIndex={-1} ref={list.focusAfterRemoval}>
          No bookings yet
        </h2>
        <p>When you book a service it shows here, with its date, status and payment.</p>
        <p>
          <a className="button button--primary" href="/services">
            Browse services
          </a>
        </p>
      </div>
    );
  }
  return (
    <ul className="isl-records" aria-label="Your bookings" tabIndex={-1} ref={list.focusAfterRemoval}>
      {list.load.items.map((booking) => (
        <BookingItem key={booking.id} booking={booking} isNew={current !== null && current.id === booking.id} refundWindowHours={refundWindowHours} onCancelled={list.remove} />
      ))}
    </ul>
  );
}

function BookingItem({ booking, isNew, refundWindowHours, onCancelled }: { booking: Booking; isNew: boolean; refundWindowHours: number; onCancelled: (id: number) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = booking.service.title;

  const confirm = (): void => {
    setBusy(true);
    void cancelBooking(booking.id).then((result) => {
      if (result.success) {
        onCancelled(booking.id);
        return;
      }
      setBusy(false);
      setConfirming(false);
    });
  };

  return (
    <RecordCard
      level={2}
      title={<a href={`/services/details?id=${booking.service.id}`}>{title}</a>}
      tag={isNew && <span className="isl-tag isl-tag--new">Just booked</span>}
      facts={
        <>
          <Fact term="Date">
            <time dateTime={booking.date}>{ukDate(booking.date)}</time>
          </Fact>
          <Fact term="Time">{booking.time}</Fact>
          <Fact term="Address">{addressOf(booking)}</Fact>
          <Fact term="Amount">{pounds(booking.amount)}</Fact>
          <Fact term="Status">{booking.status}</Fact>
          {booking.provider && (
            <Fact term="Who is coming">
              {booking.provider.photo && <img className="isl-provider-photo" src={booking.provider.photo} alt="" width={40} height={40} />}
              {booking.provider.profile == null ? (
                booking.provider.first_name
              ) : (
                <a href={booking.provider.profile}>
                  {booking.provider.first_name}
                  <span className="visually-hidden">: their profile and reviews</span>
                </a>
              )}
            </Fact>
          )}
          <Fact term="Payment">{PAYMENT_LABELS[booking.payment_status] ?? booking.payment_status}</Fact>
        </>
      }
    >
      {booking.notes !== '' && <RecordNote>Notes: {booking.notes}</RecordNote>}
      {booking.payment_status === 'Paid' && <RecordNote>Free cancellation until {ukMoment(booking.refund_until)} (UK time).</RecordNote>}
      {booking.messages && (
        <RecordActions paragraph>
          <ThreadLink thread={booking.messages} title={title} />
        </RecordActions>
      )}
      {booking.payment_status === 'Unpaid' && cancellable(booking) && !confirming && (
        <RecordActions paragraph>
          <a className="button button--primary" href={`/payment?booking=${booking.id}`}>
            Pay now<span className="visually-hidden"> for {title}</span>
          </a>
        </RecordActions>
      )}
      {confirming ? (
        <ConfirmStep
          question={`Cancel your booking of ${title} on ${ukDate(booking.date)}?${refundSentence(booking, refundWindowHours)}`}
          confirmLabel="Yes, cancel it"
          keepLabel="Keep it"
          busy={busy}
          onConfirm={confirm}
          onKeep={() => setConfirming(false)}
        />
      ) : cancellable(booking) ? (
        <RecordActions>
          {Date.now() < Date.parse(booking.refund_until) && (
            <a className="button button--secondary" href={moveHref(booking)}>
              Move<span className="visually-hidden"> {title} to another time</span>
            </a>
          )}
          <button className="button button--secondary" type="button" onClick={() => setConfirming(true)}>
            Cancel booking<span className="visually-hidden"> of {title}</span>
          </button>
        </RecordActions>
      ) : null}
    </RecordCard>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;

import { useEffect, useId, useState, type FormEvent } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { rescheduleBooking } from '../../lib/member-services/bookings.ts';
import { idOf } from '../../lib/member-services/record-id.ts';
import { ukDate } from '../../lib/member-services/uk-dates.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

export interface MoveBookingProps {
  /** The member's booking being moved. */
  readonly booking?: unknown;
  /** The free time chosen on the page, where the service's providers keep hours. */
  readonly date?: unknown;
  readonly time?: unknown;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * /services/book?id=N&move=B: the member moves booking B to the free time chosen on the page
 * (or, where any time will do, to the date and time they type): `POST
 * /api/service/booking/{id}/reschedule/`, then back to /user/bookings, where it shows at its
 * new time. The server's refusal (too late, no longer free, not theirs) is said as it is.
 */
export default function MoveBooking(props: MoveBookingProps) {
  const booking = idOf(props.booking);
  const chosen = { date: textOf(props.date), time: textOf(props.time) };
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState({ date: '', time: '' });
  const headingId = useId();

  useEffect(() => {
    restoreSession();
  }, []);

  if (!mounted || !signedIn || booking === null) return null;
  const given = chosen.date !== '' && chosen.time !== '';
  const when = given ? chosen : typed;
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setBusy(true);
    void rescheduleBooking(booking, when.date, when.time).then((result) => {
      setBusy(false);
      if (result.success) navigate('/user/bookings');
      else setProblem(result.message);
    });
  };
  return (
    <form className="form isl-move-booking" onSubmit={submit} aria-labelledby={headingId}>
      <h2 id={headingId}>Move your booking</h2>
      {given ? (
        <p>{`To ${ukDate(chosen.date)} at ${chosen.time}.`}</p>
      ) : (
        <div className="form-row">
          <label className="field">
            <span>New date</span>
            <input type="date" required value={typed.date} onChange={(event) => setTyped({ ...typed, date: event.target.value })} />
          </label>
          <label className="field">
            <span>New time</span>
            <input type="time" required value={typed.time} onChange={(event) => setTyped({ ...typed, time: event.target.value })} />
          </label>
        </div>
      )}
      {problem === null ? null : (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <button className="button button--primary" type="submit" disabled={busy}>
        Move my booking
      </button>
    </form>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;

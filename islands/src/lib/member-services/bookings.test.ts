import { describe, expect, it } from 'vitest';
import { isOpenBooking } from './bookings.ts';

describe('isOpenBooking', () => {
  it('holds for a booking still to come and for no other', () => {
    expect(isOpenBooking('Pending')).toBe(true);
    expect(isOpenBooking('Confirmed')).toBe(true);
    expect(isOpenBooking('Completed')).toBe(false);
    expect(isOpenBooking('Cancelled')).toBe(false);
  });
});

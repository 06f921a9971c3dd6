// The marketplace alerts used by the islands, word for word from spec section 8, and the
// rating range of spec section 9.

export const MARKETPLACE_ALERTS = {
  reviewSubmitted: 'Review Submitted successfully',
  reviewFailed: 'Failed to Submit Review',
  reviewRequired: 'Rating & review are required',
} as const;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

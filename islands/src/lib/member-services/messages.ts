// The alerts of the member's bookings, provider applications and bookmarks. The spec's texts
// (section 8) are word for word; the spec has none for a provider application that succeeds or
// for bookmarks, so those are ours, kept short.

export const MEMBER_ALERTS = {
  // Spec section 8.
  bookFailed: 'Failed to book service',
  bookingDeleted: 'Booking deleted successfully',
  applyFailed: 'Failed to apply service',
  applicationDeleted: 'Application deleted successfully',
  deleteApplicationFailed: 'Failed to delete application',
  // Ours.
  applicationSent: 'Application sent successfully',
  bookmarkRemoved: 'Bookmark removed',
  bookmarkFailed: 'Failed to update bookmark',
} as const;

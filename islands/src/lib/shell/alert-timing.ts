// Spec section 9: the alert disappears after 3 seconds; enter 300 ms, leave 200 ms (the
// animation lengths themselves live in style/islands.css).
export const ALERT_VISIBLE_MS = 3000;
export const ALERT_LEAVE_MS = 200;

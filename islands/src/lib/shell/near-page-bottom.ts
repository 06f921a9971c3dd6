// Spec section 9: the back-to-top button appears within 100 px of the page bottom.
export const NEAR_BOTTOM_THRESHOLD_PX = 100;

export function isNearPageBottom(win: Window = window, threshold = NEAR_BOTTOM_THRESHOLD_PX): boolean {
  return win.innerHeight + win.scrollY >= win.document.documentElement.scrollHeight - threshold;
}

import { useSyncExternalStore } from 'react';

// Spec section 9: the button appears within 100 px of the page bottom.
export const NEAR_BOTTOM_THRESHOLD_PX = 100;

export function isNearPageBottom(threshold = NEAR_BOTTOM_THRESHOLD_PX): boolean {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - threshold;
}

function subscribeToScrollAndResize(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  // The page can also grow or shrink without a scroll (content loaded by other islands).
  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(onChange) : null;
  resizeObserver?.observe(document.documentElement);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
    resizeObserver?.disconnect();
  };
}

/** Whether the viewport is within the threshold of the page bottom; false on the server. */
export function useNearPageBottom(): boolean {
  return useSyncExternalStore(subscribeToScrollAndResize, () => isNearPageBottom(), () => false);
}

import type { MouseEvent } from 'react';
import { useNearPageBottom } from './near-page-bottom.ts';

function scrollToTop(event: MouseEvent<HTMLButtonElement>): void {
  // The button hides itself once the page leaves the bottom. Were it still focused, the browser
  // would move focus away and React would restore the scroll position, stopping the smooth
  // scroll after a few pixels; so let go of focus first (the next Tab starts at the top).
  event.currentTarget.blur();
  // Smooth, unless the visitor asked the system for less motion.
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * The bottom-centre button (md and up) that scrolls smoothly to the top; it shows only
 * near the page bottom. Without JavaScript it cannot work, so the server renders it hidden.
 */
export default function BackToTop() {
  const nearBottom = useNearPageBottom();
  return (
    <button
      type="button"
      className="isl-back-to-top"
      aria-label="Back to top"
      hidden={!nearBottom}
      onClick={scrollToTop}
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </button>
  );
}

import type { HydrationStrategy } from './island-elements.ts';

// Spec section 9: without requestIdleCallback (Safari), idle work waits 50 ms.
export const IDLE_FALLBACK_MS = 50;
// An idle island still hydrates within this time on a page that is never idle.
const IDLE_DEADLINE_MS = 2000;
// A visible island starts loading a little before it scrolls into view.
const VISIBLE_ROOT_MARGIN = '200px';
// The first signs that a visitor is about to use an island: pointing at it, touching it,
// moving the focus into it.
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Calls `start` once, when the strategy says: at once, when idle, when `element` is seen, or
 * when the visitor first reaches for it.
 */
export function scheduleHydration(
  element: Element,
  strategy: HydrationStrategy,
  start: () => void,
  win: Window & typeof globalThis = window,
): void {
  if (strategy === 'idle') {
    if (typeof win.requestIdleCallback === 'function') {
      win.requestIdleCallback(() => start(), { timeout: IDLE_DEADLINE_MS });
    } else {
      win.setTimeout(start, IDLE_FALLBACK_MS);
    }
    return;
  }
  if (strategy === 'visible' && typeof win.IntersectionObserver === 'function') {
    const observer = new win.IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: VISIBLE_ROOT_MARGIN },
    );
    observer.observe(element);
    return;
  }
  if (strategy === 'interaction') {
    const begin = (): void => {
      for (const type of INTENT_EVENTS) element.removeEventListener(type, begin, true);
      start();
    };
    for (const type of INTENT_EVENTS) element.addEventListener(type, begin, { capture: true, passive: true });
    return;
  }
  // 'load', and 'visible' where IntersectionObserver is missing.
  start();
}

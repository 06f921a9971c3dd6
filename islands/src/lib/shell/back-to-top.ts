import { isNearPageBottom } from './near-page-bottom.ts';

/**
 * The bottom-centre button (md and up) that scrolls smoothly to the top, shown only near the
 * page bottom. The server renders it hidden: without JavaScript it could not work. Returns
 * what stops it.
 */
export function startBackToTop(button: HTMLButtonElement, win: Window & typeof globalThis = window): () => void {
  const update = (): void => {
    button.hidden = !isNearPageBottom(win);
  };
  const scrollToTop = (): void => {
    // Let go of focus first: a focused button that hides itself would make the browser move
    // focus and stop the smooth scroll after a few pixels.
    button.blur();
    const reduceMotion = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    win.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  };
  win.addEventListener('scroll', update, { passive: true });
  win.addEventListener('resize', update);
  // The page can also grow or shrink without a scroll (content loaded by islands).
  const resizeObserver = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(update) : null;
  resizeObserver?.observe(win.document.documentElement);
  button.addEventListener('click', scrollToTop);
  update();
  return () => {
    win.removeEventListener('scroll', update);
    win.removeEventListener('resize', update);
    resizeObserver?.disconnect();
    button.removeEventListener('click', scrollToTop);
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBackToTop } from './back-to-top.ts';

const PAGE_HEIGHT = 3000;
const VIEWPORT_HEIGHT = 800;

function scrollWindowTo(scrollY: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  window.dispatchEvent(new Event('scroll'));
}

/** The server's markup of the button (app/src/parts/app_shell.rs): hidden. */
function serverButton(): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'isl-back-to-top';
  button.setAttribute('aria-label', 'Back to top');
  button.hidden = true;
  document.body.append(button);
  return button;
}

describe('back to top', () => {
  let button: HTMLButtonElement;
  let stop: () => void = () => undefined;

  beforeEach(() => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: PAGE_HEIGHT });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT_HEIGHT });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    button = serverButton();
  });

  afterEach(() => {
    stop();
    button.remove();
  });

  it('stays hidden at the top of a long page', () => {
    stop = startBackToTop(button);
    expect(button.hidden).toBe(true);
  });

  it('appears within 100 px of the page bottom and hides again above', () => {
    stop = startBackToTop(button);
    // 800 + 2100 = 2900 = 3000 - 100: exactly at the threshold.
    scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT - 100);
    expect(button.hidden).toBe(false);
    scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT - 101);
    expect(button.hidden).toBe(true);
    scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT);
    expect(button.hidden).toBe(false);
  });

  it('shows at once when the page loads scrolled to the bottom', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: PAGE_HEIGHT - VIEWPORT_HEIGHT });
    stop = startBackToTop(button);
    expect(button.hidden).toBe(false);
  });

  it('scrolls smoothly to the top when pressed, letting go of focus first', () => {
    stop = startBackToTop(button);
    scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT);
    button.focus();
    expect(document.activeElement).toBe(button);
    button.click();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.activeElement).not.toBe(button);
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    window.matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce') })) as unknown as typeof window.matchMedia;
    try {
      stop = startBackToTop(button);
      scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT);
      button.click();
      expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('stops listening when stopped', () => {
    stop = startBackToTop(button);
    stop();
    scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT);
    expect(button.hidden).toBe(true);
  });
});

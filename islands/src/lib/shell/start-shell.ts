import { startAccountMenu } from './account-menu.ts';
import { startBackToTop } from './back-to-top.ts';
import { startFullScreenLoader } from './full-screen-loader.ts';
import { startToastAlert } from './toast-alert.ts';

// Elements already started: running the runtime twice must not start a widget twice.
const started = new WeakSet<Element>();

function each<E extends Element>(doc: Document, selector: string, start: (element: E) => unknown): void {
  for (const element of doc.querySelectorAll<E>(selector)) {
    if (started.has(element)) continue;
    started.add(element);
    start(element);
    element.setAttribute('data-started', 'true');
  }
}

/**
 * Starts the app shell's widgets the layout puts on every page (spec section 2): the toast
 * alert, the full-screen loader, the back-to-top button and the header's account menus. They
 * are plain TypeScript over the server's markup, so that a page without islands loads no
 * React; the contact button is a plain link and needs nothing.
 */
export function startShell(win: Window & typeof globalThis = window): void {
  const doc = win.document;
  each<HTMLElement>(doc, '.isl-toast-region', (region) => startToastAlert(region, win));
  each<HTMLElement>(doc, '.isl-loader-region', (region) => startFullScreenLoader(region));
  each<HTMLButtonElement>(doc, '.isl-back-to-top', (button) => startBackToTop(button, win));
  each<HTMLElement>(doc, '[data-shell="account-menu"]', (container) => startAccountMenu(container));
}

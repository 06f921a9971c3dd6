import { dismissAlert, showCarriedAlert } from '../store/alert.ts';
import { appStore } from '../store/app-store.ts';
import { ALERT_LEAVE_MS, ALERT_VISIBLE_MS } from './alert-timing.ts';
import { alertTone, type AlertTone } from './alert-tone.ts';

const SVG = 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"';

/** A decorative icon per tone; the message itself carries the meaning. */
const ICONS: Record<AlertTone, string> = {
  success: '<path d="M20 6 9 17l-5-5"/>',
  error: '<circle cx="12" cy="12" r="10"/><path d="m15 9-6 6M9 9l6 6"/>',
  warning: '<path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z"/><path d="M12 9v4M12 17h.01"/>',
};

function toastMarkup(tone: AlertTone): string {
  return (
    `<svg class="isl-toast__icon" width="20" height="20" ${SVG}>${ICONS[tone]}</svg>` +
    '<p class="isl-toast__message"></p>' +
    `<button type="button" class="isl-toast__close" aria-label="Dismiss"><svg width="16" height="16" ${SVG}><path d="M18 6 6 18M6 6l12 12"/></svg></button>`
  );
}

/**
 * The alert of the app shell: shows the store's alert in `region` (the polite live region the
 * server renders empty), and hides it after 3 s or when dismissed. Shows, once, the alert the
 * previous page carried over. Returns what stops it.
 */
export function startToastAlert(region: HTMLElement, win: Window & typeof globalThis = window, store = appStore): () => void {
  let shownId: number | null = null;
  let timers: number[] = [];
  const clearTimers = (): void => {
    timers.forEach((timer) => win.clearTimeout(timer));
    timers = [];
  };
  const leave = (id: number): void => {
    clearTimers();
    region.querySelector('.isl-toast')?.classList.add('isl-toast--leaving');
    timers.push(win.setTimeout(() => dismissAlert(id), ALERT_LEAVE_MS));
  };
  const render = (): void => {
    const { alert } = store.getState();
    if (alert === null) {
      if (shownId !== null) {
        clearTimers();
        region.replaceChildren();
        shownId = null;
      }
      return;
    }
    if (alert.id === shownId) return;
    clearTimers();
    shownId = alert.id;
    const tone = alertTone(alert.type);
    const toast = win.document.createElement('div');
    toast.className = `isl-toast isl-toast--${tone}`;
    toast.dataset.alertType = tone;
    toast.innerHTML = toastMarkup(tone);
    toast.querySelector('.isl-toast__message')!.textContent = alert.message;
    toast.querySelector('button')!.addEventListener('click', () => leave(alert.id));
    region.replaceChildren(toast);
    timers.push(win.setTimeout(() => leave(alert.id), ALERT_VISIBLE_MS));
  };
  const unsubscribe = store.subscribe(render);
  render();
  showCarriedAlert();
  return () => {
    unsubscribe();
    clearTimers();
  };
}

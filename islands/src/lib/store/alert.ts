import type { AlertType } from './app-state.ts';
import { appStore } from './app-store.ts';

let lastAlertId = 0;

/** Shows `message` in the toast alert, replacing any alert on screen. */
export function showAlert(message: string, type: AlertType = 'warning'): void {
  lastAlertId += 1;
  appStore.setState({ alert: { id: lastAlertId, message, type } });
}

/** Removes the alert; with an id, only if that alert is still the one shown. */
export function dismissAlert(id?: number): void {
  appStore.setState((state) => (id === undefined || state.alert?.id === id ? { alert: null } : {}));
}

/** Where an alert waits while the browser loads the next page. */
const CARRIED_ALERT_KEY = 'carried-alert';
/** A carried alert older than this belongs to an abandoned navigation, not to this page. */
const CARRIED_ALERT_MAX_AGE_MS = 10_000;

/**
 * Keeps the alert on screen for the next page: pages change by a full load, which would
 * otherwise lose the message ('Registration successful! ...' shown just before leaving).
 */
export function carryAlertToNextPage(): void {
  const { alert } = appStore.getState();
  if (alert === null) return;
  try {
    sessionStorage.setItem(CARRIED_ALERT_KEY, JSON.stringify({ message: alert.message, type: alert.type, at: Date.now() }));
  } catch {
    // Storage may be unavailable (private mode, quota): the alert is then only lost.
  }
}

/** Shows, once, the alert the previous page carried over. */
export function showCarriedAlert(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(CARRIED_ALERT_KEY);
    sessionStorage.removeItem(CARRIED_ALERT_KEY);
  } catch {
    return;
  }
  if (raw === null) return;
  try {
    const carried = JSON.parse(raw) as { message?: unknown; type?: unknown; at?: unknown };
    const fresh = typeof carried.at === 'number' && Date.now() - carried.at <= CARRIED_ALERT_MAX_AGE_MS;
    if (fresh && typeof carried.message === 'string' && typeof carried.type === 'string') {
      showAlert(carried.message, carried.type);
    }
  } catch {
    // A malformed entry is dropped.
  }
}

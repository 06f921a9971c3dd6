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

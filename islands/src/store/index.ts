// The shared store of all islands: import from here, not from the files behind it.
export type { Alert, AlertType, AppState } from './app-state.ts';
export { initialAppState } from './app-state.ts';
export { appStore } from './app-store.ts';
export { useAppStore } from './use-app-store.ts';
export { showAlert, dismissAlert } from './alert.ts';
export { setLoading } from './loading.ts';

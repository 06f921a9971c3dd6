import { appStore } from './app-store.ts';

/** Switches the full-screen loader on or off. */
export function setLoading(loading: boolean): void {
  appStore.setState({ loading });
}

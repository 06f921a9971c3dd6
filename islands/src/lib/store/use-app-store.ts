import { useSyncExternalStore } from 'react';
import type { AppState } from './app-state.ts';
import { appStore } from './app-store.ts';

/**
 * Subscribes a component to part of the shared state. The selector must return a value
 * held by the state (or a primitive) so that snapshots compare equal between renders.
 * The server snapshot is the initial state: server markup and hydration always agree.
 */
export function useAppStore<Selected>(selector: (state: AppState) => Selected): Selected {
  return useSyncExternalStore(
    appStore.subscribe,
    () => selector(appStore.getState()),
    () => selector(appStore.getInitialState()),
  );
}

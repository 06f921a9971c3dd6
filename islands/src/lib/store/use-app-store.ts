import { useSyncExternalStore } from 'react';
import { useMarkupViewer } from '../hooks/viewer-context.ts';
import { SERVER_VIEWER, type ViewerState } from '../runtime/viewer-state.ts';
import type { AppState } from './app-state.ts';
import { appStore } from './app-store.ts';

const markupStates = new WeakMap<ViewerState, AppState>();

/** The state the markup was drawn in: the initial state, with the session the markup shows. */
function markupStateOf(viewer: ViewerState): AppState {
  const initial = appStore.getInitialState();
  if (viewer === SERVER_VIEWER) return initial;
  let state = markupStates.get(viewer);
  if (state === undefined) {
    state = { ...initial, session: viewer.session };
    markupStates.set(viewer, state);
  }
  return state;
}

/**
 * Subscribes a component to part of the shared state. The selector must return a value
 * held by the state (or a primitive) so that snapshots compare equal between renders.
 * The server snapshot is the state the markup shows (the initial state, or the viewer the
 * runtime drew on it): hydration renders what the markup holds.
 */
export function useAppStore<Selected>(selector: (state: AppState) => Selected): Selected {
  const viewer = useMarkupViewer();
  return useSyncExternalStore(
    appStore.subscribe,
    () => selector(appStore.getState()),
    () => selector(markupStateOf(viewer)),
  );
}

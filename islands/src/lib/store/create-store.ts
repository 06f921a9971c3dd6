/** A minimal external store for `useSyncExternalStore`: immutable state, change listeners. */
export interface Store<State extends object> {
  getState(): State;
  /** The state the store started with: the server's snapshot (useAppStore adds the session the runtime drew). */
  getInitialState(): State;
  /** Shallow-merges `update` into the state and notifies listeners if anything changed. */
  setState(update: Partial<State> | ((state: State) => Partial<State>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<State extends object>(initialState: State): Store<State> {
  let state = initialState;
  const listeners = new Set<() => void>();

  return {
    getState: () => state,
    getInitialState: () => initialState,
    setState(update) {
      const patch = typeof update === 'function' ? update(state) : update;
      const changed = (Object.keys(patch) as (keyof State)[]).some((key) => !Object.is(patch[key], state[key]));
      if (!changed) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from './create-store.ts';
import {
  appStore,
  dismissAlert,
  initialAppState,
  initialServiceStore,
  initialSession,
  initialWebsiteInfo,
  setLoading,
  showAlert,
} from './index.ts';

describe('createStore', () => {
  it('merges updates, notifies listeners only on change, and keeps its initial state', () => {
    const store = createStore({ count: 0, name: 'a' });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.setState({ count: 1 });
    expect(store.getState()).toEqual({ count: 1, name: 'a' });
    expect(listener).toHaveBeenCalledTimes(1);

    store.setState({ count: 1 });
    store.setState((state) => ({ name: state.name }));
    expect(listener).toHaveBeenCalledTimes(1);

    store.setState((state) => ({ count: state.count + 1 }));
    expect(store.getState().count).toBe(2);
    expect(store.getInitialState()).toEqual({ count: 0, name: 'a' });

    unsubscribe();
    store.setState({ count: 3 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('gives a new state object on change so snapshots compare by identity', () => {
    const store = createStore({ flag: false });
    const before = store.getState();
    store.setState({ flag: true });
    expect(store.getState()).not.toBe(before);
    expect(before.flag).toBe(false);
  });
});

describe('the app store', () => {
  afterEach(() => appStore.setState(initialAppState));

  it('starts with no alert, the loader off and nobody signed in (the server snapshot)', () => {
    expect(appStore.getInitialState()).toEqual({
      alert: null,
      loading: false,
      session: initialSession,
      service: initialServiceStore,
      websiteInfo: initialWebsiteInfo,
    });
  });

  it('shows an alert with a fresh id each time and dismisses it', () => {
    showAlert('Saved', 'success');
    const first = appStore.getState().alert;
    expect(first).toMatchObject({ message: 'Saved', type: 'success' });
    showAlert('Saved', 'success');
    const second = appStore.getState().alert;
    expect(second?.id).not.toBe(first?.id);

    // Dismissing an alert that was replaced leaves the new one alone.
    dismissAlert(first?.id);
    expect(appStore.getState().alert).toBe(second);
    dismissAlert(second?.id);
    expect(appStore.getState().alert).toBeNull();

    showAlert('Careful');
    expect(appStore.getState().alert?.type).toBe('warning');
    dismissAlert();
    expect(appStore.getState().alert).toBeNull();
  });

  it('switches the loading flag', () => {
    setLoading(true);
    expect(appStore.getState().loading).toBe(true);
    setLoading(false);
    expect(appStore.getState().loading).toBe(false);
  });
});

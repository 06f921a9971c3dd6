import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateServerMarkup, type HydratedIsland } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { appStore, initialAppState, showAlert } from '../store/index.ts';
import { ALERT_LEAVE_MS, ALERT_VISIBLE_MS } from './alert-timing.ts';
import ToastAlert from './index.tsx';

const toastOf = (island: HydratedIsland) => island.element.querySelector<HTMLElement>('.isl-toast');

describe('toast-alert', () => {
  let island: HydratedIsland | null = null;

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    act(() => island?.root.unmount());
    island?.element.remove();
    island = null;
    appStore.setState(initialAppState);
    vi.useRealTimers();
  });

  it('server-renders an empty polite live region', () => {
    const html = loadServerBundle()('toast-alert', '{}', 'toast-alert-0-');
    const host = document.createElement('div');
    host.innerHTML = html;
    const region = host.querySelector('[role="status"]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.textContent).toBe('');
  });

  it('hydrates the server markup without errors, then shows an alert from the store', async () => {
    island = await hydrateServerMarkup('toast-alert', ToastAlert);
    expect(island.errors).toEqual([]);
    expect(island.element.dataset.hydrated).toBe('true');

    act(() => showAlert('Booking deleted successfully', 'success'));
    const toast = toastOf(island);
    expect(toast?.textContent).toContain('Booking deleted successfully');
    expect(toast?.classList.contains('isl-toast--success')).toBe(true);
    expect(toast?.closest('[role="status"]')).not.toBeNull();
    expect(island.element.querySelector('button[aria-label="Dismiss"]')).not.toBeNull();
    expect(island.errors).toEqual([]);
  });

  it('hydrates without a mismatch when an alert was raised before hydration', async () => {
    showAlert('Failed to book service', 'error');
    island = await hydrateServerMarkup('toast-alert', ToastAlert);
    expect(island.errors).toEqual([]);
    expect(toastOf(island)?.classList.contains('isl-toast--error')).toBe(true);
  });

  it('leaves after 3 s with a 200 ms animation, then clears the store', async () => {
    island = await hydrateServerMarkup('toast-alert', ToastAlert);
    act(() => showAlert('Rating & review are required', 'error'));

    act(() => vi.advanceTimersByTime(ALERT_VISIBLE_MS - 1));
    expect(toastOf(island)?.classList.contains('isl-toast--leaving')).toBe(false);

    act(() => vi.advanceTimersByTime(1));
    expect(toastOf(island)?.classList.contains('isl-toast--leaving')).toBe(true);
    expect(appStore.getState().alert).not.toBeNull();

    act(() => vi.advanceTimersByTime(ALERT_LEAVE_MS));
    expect(toastOf(island)).toBeNull();
    expect(appStore.getState().alert).toBeNull();
    expect(ALERT_VISIBLE_MS).toBe(3000);
    expect(ALERT_LEAVE_MS).toBe(200);
  });

  it('is dismissed by its close button', async () => {
    island = await hydrateServerMarkup('toast-alert', ToastAlert);
    act(() => showAlert('Failed to post job', 'error'));
    const close = island.element.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]');
    act(() => close?.click());
    expect(toastOf(island)?.classList.contains('isl-toast--leaving')).toBe(true);
    act(() => vi.advanceTimersByTime(ALERT_LEAVE_MS));
    expect(toastOf(island)).toBeNull();
  });

  it('restarts the 3 s for a new alert shown over an old one', async () => {
    island = await hydrateServerMarkup('toast-alert', ToastAlert);
    act(() => showAlert('first', 'success'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => showAlert('second', 'success'));
    act(() => vi.advanceTimersByTime(2000));
    expect(toastOf(island)?.textContent).toContain('second');
    expect(toastOf(island)?.classList.contains('isl-toast--leaving')).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(toastOf(island)?.classList.contains('isl-toast--leaving')).toBe(true);
    act(() => vi.advanceTimersByTime(ALERT_LEAVE_MS));
    expect(toastOf(island)).toBeNull();
  });

  it('shows any other type in the warning style', async () => {
    island = await hydrateServerMarkup('toast-alert', ToastAlert);
    act(() => showAlert('Heads up', 'info'));
    expect(toastOf(island)?.classList.contains('isl-toast--warning')).toBe(true);
    expect(toastOf(island)?.dataset.alertType).toBe('warning');
  });
});

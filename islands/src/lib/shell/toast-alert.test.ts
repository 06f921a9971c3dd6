import { serverLiveRegion } from '../../../test/live-region.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carryAlertToNextPage } from '../store/alert.ts';
import { appStore, initialAppState, showAlert } from '../store/index.ts';
import { ALERT_LEAVE_MS, ALERT_VISIBLE_MS } from './alert-timing.ts';
import { startToastAlert } from './toast-alert.ts';

describe('toast alert', () => {
  let region: HTMLElement;
  let stop: () => void = () => undefined;
  const toast = () => region.querySelector<HTMLElement>('.isl-toast');
  const leaving = () => toast()?.classList.contains('isl-toast--leaving');
  /** The toast is leaving now, and gone once its leave animation has run. */
  const expectGoneAfterLeaving = () => {
    expect(leaving()).toBe(true);
    vi.advanceTimersByTime(ALERT_LEAVE_MS);
    expect(toast()).toBeNull();
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    region = serverLiveRegion('isl-toast-region');
  });

  afterEach(() => {
    stop();
    region.remove();
    appStore.setState(initialAppState);
    vi.useRealTimers();
  });

  it('shows the store alert in the live region, with its tone and a dismiss button', () => {
    stop = startToastAlert(region);
    expect(region.textContent).toBe('');
    showAlert('Booking deleted successfully', 'success');
    expect(toast()?.textContent).toContain('Booking deleted successfully');
    expect(toast()?.classList.contains('isl-toast--success')).toBe(true);
    expect(toast()?.closest('[role="status"]')).toBe(region);
    expect(region.querySelector('button[aria-label="Dismiss"]')).not.toBeNull();
  });

  it('shows an alert raised before it started', () => {
    showAlert('Failed to book service', 'error');
    stop = startToastAlert(region);
    expect(toast()?.classList.contains('isl-toast--error')).toBe(true);
  });

  it('writes the message as text, never as markup', () => {
    stop = startToastAlert(region);
    showAlert('<img src=x onerror=alert(1)>', 'error');
    expect(region.querySelector('img')).toBeNull();
    expect(toast()?.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('leaves after 3 s with a 200 ms animation, then clears the store', () => {
    stop = startToastAlert(region);
    showAlert('Rating & review are required', 'error');
    vi.advanceTimersByTime(ALERT_VISIBLE_MS - 1);
    expect(leaving()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(leaving()).toBe(true);
    expect(appStore.getState().alert).not.toBeNull();
    vi.advanceTimersByTime(ALERT_LEAVE_MS);
    expect(toast()).toBeNull();
    expect(appStore.getState().alert).toBeNull();
    expect(ALERT_VISIBLE_MS).toBe(3000);
    expect(ALERT_LEAVE_MS).toBe(200);
  });

  it('is dismissed by its close button', () => {
    stop = startToastAlert(region);
    showAlert('Failed to post job', 'error');
    region.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')?.click();
    expectGoneAfterLeaving();
  });

  it('restarts the 3 s for a new alert shown over an old one', () => {
    stop = startToastAlert(region);
    showAlert('first', 'success');
    vi.advanceTimersByTime(2000);
    showAlert('second', 'success');
    vi.advanceTimersByTime(2000);
    expect(toast()?.textContent).toContain('second');
    expect(leaving()).toBe(false);
    vi.advanceTimersByTime(1000);
    expectGoneAfterLeaving();
  });

  it('shows any other type in the warning style', () => {
    stop = startToastAlert(region);
    showAlert('Heads up', 'info');
    expect(toast()?.classList.contains('isl-toast--warning')).toBe(true);
    expect(toast()?.dataset.alertType).toBe('warning');
  });

  it("shows the previous page's carried alert once", () => {
    showAlert('Registration successful!', 'success');
    carryAlertToNextPage();
    appStore.setState(initialAppState);
    stop = startToastAlert(region);
    expect(toast()?.textContent).toContain('Registration successful!');
    // The next page: a new, empty region, and nothing carried this time.
    stop();
    appStore.setState(initialAppState);
    region.replaceChildren();
    stop = startToastAlert(region);
    expect(toast()).toBeNull();
  });
});

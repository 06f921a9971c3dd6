import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carryAlertToNextPage, showAlert, showCarriedAlert } from './alert.ts';
import { appStore } from './app-store.ts';

describe('an alert carried to the next page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    appStore.setState({ alert: null });
  });

  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
    appStore.setState({ alert: null });
  });

  /** What a full page load does to the in-memory store. */
  function loadNextPage(): void {
    appStore.setState({ alert: null });
  }

  it('is shown once on the next page', () => {
    showAlert('Registration successful! Please check your email to verify your account.', 'success');
    carryAlertToNextPage();
    loadNextPage();
    showCarriedAlert();
    expect(appStore.getState().alert).toMatchObject({
      message: 'Registration successful! Please check your email to verify your account.',
      type: 'success',
    });
    loadNextPage();
    showCarriedAlert();
    expect(appStore.getState().alert).toBeNull();
  });

  it('is dropped when the next page comes more than 10 s later', () => {
    showAlert('Verification successful! Please login to continue.', 'success');
    carryAlertToNextPage();
    loadNextPage();
    vi.advanceTimersByTime(10_001);
    showCarriedAlert();
    expect(appStore.getState().alert).toBeNull();
  });

  it('carries nothing when no alert is on screen', () => {
    carryAlertToNextPage();
    expect(sessionStorage.length).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../../../test/fake-intersection-observer.ts';
import { IDLE_FALLBACK_MS, scheduleHydration } from './hydration-schedule.ts';

type TestWindow = Window & typeof globalThis;

describe('scheduleHydration', () => {
  const element = document.createElement('div');

  beforeEach(() => {
    vi.useFakeTimers();
    FakeIntersectionObserver.reset();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts "load" islands at once', () => {
    const start = vi.fn();
    scheduleHydration(element, 'load', start, window as TestWindow);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts "idle" islands from requestIdleCallback', () => {
    const start = vi.fn();
    let idleCallback: (() => void) | undefined;
    const win = {
      requestIdleCallback: vi.fn((callback: () => void) => {
        idleCallback = callback;
        return 1;
      }),
      setTimeout,
    } as unknown as TestWindow;
    scheduleHydration(element, 'idle', start, win);
    expect(start).not.toHaveBeenCalled();
    idleCallback?.();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts "idle" islands after 50 ms where requestIdleCallback is missing', () => {
    const start = vi.fn();
    const win = { setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms) } as unknown as TestWindow;
    scheduleHydration(element, 'idle', start, win);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    expect(IDLE_FALLBACK_MS).toBe(50);
  });

  it('starts "visible" islands when they come into view, once', () => {
    const start = vi.fn();
    const win = { IntersectionObserver: FakeIntersectionObserver } as unknown as TestWindow;
    scheduleHydration(element, 'visible', start, win);
    const observer = FakeIntersectionObserver.instances[0];
    expect([...(observer?.observed ?? [])]).toEqual([element]);
    expect(observer?.options?.rootMargin).toBe('200px');
    observer?.report(false);
    expect(start).not.toHaveBeenCalled();
    observer?.report(true);
    expect(start).toHaveBeenCalledTimes(1);
    expect(observer?.disconnected).toBe(true);
  });

  it('starts "visible" islands at once where IntersectionObserver is missing', () => {
    const start = vi.fn();
    scheduleHydration(element, 'visible', start, {} as TestWindow);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts "interaction" islands at the first sign of use inside them, once', () => {
    const start = vi.fn();
    const island = document.createElement('div');
    island.innerHTML = '<input name="email">';
    document.body.append(island);
    scheduleHydration(island, 'interaction', start, window as TestWindow);
    document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
    island.querySelector('input')?.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    island.dispatchEvent(new Event('pointerover', { bubbles: true }));
    island.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    island.remove();
  });

  it.each(['pointerover', 'pointerdown', 'touchstart', 'keydown'])('starts "interaction" islands on %s', (type) => {
    const start = vi.fn();
    const island = document.createElement('div');
    scheduleHydration(island, 'interaction', start, window as TestWindow);
    island.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_INTERVAL_MS, watchForNewBuild, type BuildWatch } from './build-update.ts';

function latest(id: string): Response {
  return new Response(JSON.stringify({ id, timestamp: 42 }), { headers: { 'content-type': 'application/json' } });
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('watchForNewBuild', () => {
  let watch: BuildWatch | null = null;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });

  afterEach(() => {
    watch?.stop();
    watch = null;
    vi.useRealTimers();
  });

  it('polls /builds/latest.json?t=<now> every hour and reports a new build once', async () => {
    let serverBuild = 'b1';
    const fetchImpl = vi.fn(async () => latest(serverBuild));
    const onNewBuild = vi.fn();
    watch = watchForNewBuild({ currentBuildId: 'b1', onNewBuild, fetchImpl });

    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS - 1);
    expect(fetchImpl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(`/builds/latest.json?t=${Date.now()}`, { credentials: 'same-origin' });
    expect(watch.isStale()).toBe(false);

    serverBuild = 'b2';
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(watch.isStale()).toBe(true);
    expect(onNewBuild).toHaveBeenCalledWith({ id: 'b2', timestamp: 42 });

    // Once stale, polling stops.
    await vi.advanceTimersByTimeAsync(3 * BUILD_POLL_INTERVAL_MS);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(BUILD_POLL_INTERVAL_MS).toBe(3_600_000);
  });

  it('checks again when the tab becomes visible', async () => {
    const fetchImpl = vi.fn(async () => latest('b9'));
    const onNewBuild = vi.fn();
    watch = watchForNewBuild({ currentBuildId: 'b1', onNewBuild, fetchImpl });

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).not.toHaveBeenCalled();

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(watch.isStale()).toBe(true);
  });

  it('only logs failures and keeps polling', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValue(latest('b2'));
    const onNewBuild = vi.fn();
    watch = watchForNewBuild({ currentBuildId: 'b1', onNewBuild, fetchImpl, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
  });
});

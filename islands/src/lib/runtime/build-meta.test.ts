import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_META_DELAY_MS, buildMetaUrl, fetchBuildMeta, fetchBuildMetaAfterLoad, getBuildMeta } from './build-meta.ts';

type TestWindow = Window & typeof globalThis;

const META = { id: 'b1', timestamp: 1_700_000_000_000, matcher: { static: {} }, prerendered: ['/', '/jobs'] };

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A window that has loaded, with the given connection. */
function loadedWindow(connection?: object): TestWindow {
  return {
    document: { readyState: 'complete' },
    navigator: { connection },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  } as unknown as TestWindow;
}

describe('build meta', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for /builds/meta/{id}.json', () => {
    expect(buildMetaUrl('3f2a 1b')).toBe('/builds/meta/3f2a%201b.json');
  });

  it('fetches the meta about 1 s after load and keeps it', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(META));
    const pending = fetchBuildMetaAfterLoad('b1', loadedWindow({ effectiveType: '4g' }), fetchImpl);
    await vi.advanceTimersByTimeAsync(BUILD_META_DELAY_MS - 1);
    expect(fetchImpl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual(META);
    expect(fetchImpl).toHaveBeenCalledWith('/builds/meta/b1.json', { credentials: 'same-origin' });
    expect(getBuildMeta()).toEqual(META);
    expect(BUILD_META_DELAY_MS).toBe(1000);
  });

  it('skips the fetch on a very slow connection or with saveData', async () => {
    for (const connection of [{ effectiveType: '2g' }, { effectiveType: 'slow-2g' }, { saveData: true }]) {
      const fetchImpl = vi.fn(async () => jsonResponse(META));
      const pending = fetchBuildMetaAfterLoad('b1', loadedWindow(connection), fetchImpl);
      await vi.advanceTimersByTimeAsync(BUILD_META_DELAY_MS);
      await expect(pending).resolves.toBeNull();
      expect(fetchImpl).not.toHaveBeenCalled();
    }
  });

  it('only logs a failed fetch or an HTTP error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    await expect(fetchBuildMeta('b1', async () => Promise.reject(new TypeError('offline')))).resolves.toBeNull();
    await expect(fetchBuildMeta('gone', async () => jsonResponse({}, 404))).resolves.toBeNull();
    await expect(fetchBuildMeta('b1', async () => new Response('not json'))).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(error).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_TIMEOUT_MS, prefetchPage } from './prefetch-page.ts';

type TestWindow = Window & typeof globalThis;

describe('prefetchPage', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.useRealTimers();
  });

  it('adds <link rel="prefetch"> where supported and resolves when it loads', async () => {
    const supports = vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token) => token === 'prefetch');
    const pending = prefetchPage('/jobs', window as TestWindow);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="prefetch"]');
    expect(link?.getAttribute('href')).toBe('/jobs');
    link?.dispatchEvent(new Event('load'));
    await expect(pending).resolves.toBeUndefined();
    expect(supports).toHaveBeenCalled();
  });

  it('gives up waiting after the timeout (the slot must not stay taken)', async () => {
    vi.useFakeTimers();
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    let settled = false;
    void prefetchPage('/slow', window as TestWindow).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(PREFETCH_TIMEOUT_MS);
    expect(settled).toBe(true);
  });

  it('falls back to a same-origin fetch elsewhere', async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(false);
    const fetchSpy = vi.fn(async () => new Response('<html></html>'));
    const win = { document, fetch: fetchSpy } as unknown as TestWindow;
    await prefetchPage('/about', win);
    expect(fetchSpy).toHaveBeenCalledWith('/about', { credentials: 'same-origin' });
    expect(document.head.querySelector('link')).toBeNull();
  });
});

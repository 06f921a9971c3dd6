import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKMARKS_STORAGE_KEY } from '../member-services/bookmark-storage.ts';

// Only the scheduling is under test here: hydrateIsland itself has its own test.
const hydrated: string[] = [];
vi.mock('./hydrate-island.ts', () => ({
  hydrateIsland: vi.fn(async (island: { name: string }) => {
    hydrated.push(island.name);
    return null;
  }),
}));

// Which islands the runtime hands to the drawing of the viewer's own state.
const drawnNames: string[][] = [];
vi.mock('./draw-viewer.ts', () => ({
  drawViewer: vi.fn((islands: { name: string }[]) => {
    drawnNames.push(islands.map((island) => island.name));
  }),
}));

const { hydrateIslands } = await import('./hydrate-islands.ts');
const { appStore } = await import('../store/app-store.ts');

describe('hydrateIslands', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    hydrated.length = 0;
    document.body.innerHTML = `
      <div data-island="now" data-hydrate="load" data-props="{}"></div>
      <div data-island="later" data-hydrate="idle" data-props="{}"></div>
      <div data-island="seen" data-hydrate="visible" data-props="{}"></div>`;
  });

  afterEach(() => {
    vi.useRealTimers();
    drawnNames.length = 0;
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it('hydrates each island by its strategy, and never twice', async () => {
    // jsdom has neither requestIdleCallback nor IntersectionObserver: idle waits 50 ms,
    // visible starts at once.
    expect(hydrateIslands(document, {})).toBe(3);
    await Promise.resolve();
    expect(hydrated).toEqual(['now', 'seen']);
    await vi.advanceTimersByTimeAsync(50);
    expect(hydrated).toEqual(['now', 'seen', 'later']);

    expect(hydrateIslands(document, {})).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(hydrated).toHaveLength(3);
  });

  it('hydrates an "interaction" island when the viewer reaches for it, a member too', async () => {
    document.body.innerHTML = `<div data-island="asked" data-hydrate="interaction" data-props="{}"><input></div>`;
    expect(hydrateIslands(document, {})).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(hydrated).toEqual([]);
    document.querySelector('input')?.dispatchEvent(new Event('focusin', { bubbles: true }));
    await Promise.resolve();
    expect(hydrated).toEqual(['asked']);
    // A first visit has no state of its own to draw: the drawing's code is not even loaded.
    expect(drawnNames).toEqual([]);

    const signedOut = appStore.getState().session;
    appStore.setState({ session: { ...signedOut, accessToken: 'token' } });
    try {
      document.body.innerHTML = `
        <div data-island="waits" data-hydrate="interaction" data-props="{}"></div>
        <div data-island="now" data-hydrate="idle" data-props="{}"></div>`;
      expect(hydrateIslands(document, {})).toBe(2);
      await vi.advanceTimersByTimeAsync(5000);
      expect(hydrated).toEqual(['asked', 'now']);
      // The member's own state is drawn on the island that waits, not on the one React takes at
      // idle, nor on the one React took before they signed in.
      expect(drawnNames).toEqual([['waits']]);
    } finally {
      appStore.setState({ session: signedOut });
    }
  });

  it('draws a member on the islands that wait once the visitor signs in, in another tab say', async () => {
    document.body.innerHTML = `<div data-island="later" data-hydrate="interaction" data-props="{}"></div>`;
    hydrateIslands(document, {});
    await vi.advanceTimersByTimeAsync(0);
    // A visitor with nothing kept: not even the drawing's code is loaded.
    expect(drawnNames).toEqual([]);
    const signedOut = appStore.getState().session;
    appStore.setState({ session: { ...signedOut, accessToken: 'token' } });
    try {
      await vi.advanceTimersByTimeAsync(0);
      expect(drawnNames).toEqual([['later']]);
    } finally {
      appStore.setState({ session: signedOut });
    }
  });

  it("draws a visitor's kept bookmarks on the islands that wait only", async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, '[]');
    document.body.innerHTML = `
      <div data-island="toggle" data-hydrate="interaction" data-props="{}"></div>
      <div data-island="now" data-hydrate="load" data-props="{}"></div>
      <div data-island="list" data-hydrate="interaction" data-props="{}"></div>`;
    expect(hydrateIslands(document, {})).toBe(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(drawnNames).toEqual([['toggle', 'list']]);
  });

  it('starts an "interaction" island pressed without any sign beforehand (a script, a distant label)', async () => {
    document.body.innerHTML = `<div data-island="pressed" data-hydrate="interaction" data-props="{}"><button type="button">Go</button></div>`;
    expect(hydrateIslands(document, {})).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(hydrated).toEqual([]);
    document.querySelector('button')?.click();
    await Promise.resolve();
    expect(hydrated).toEqual(['pressed']);
  });
});

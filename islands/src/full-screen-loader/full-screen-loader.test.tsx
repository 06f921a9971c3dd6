import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateServerMarkup, type HydratedIsland } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { appStore, initialAppState, setLoading } from '../store/index.ts';
import FullScreenLoader from './index.tsx';

describe('full-screen-loader', () => {
  let island: HydratedIsland | null = null;

  afterEach(() => {
    act(() => island?.root.unmount());
    island?.element.remove();
    island = null;
    appStore.setState(initialAppState);
  });

  it('server-renders a polite status region with nothing to show', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('full-screen-loader', '{}', 'full-screen-loader-0-');
    const region = host.querySelector('[role="status"]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(host.textContent).toBe('');
    expect(host.querySelector('.isl-loader')).toBeNull();
  });

  it('shows "Loading..." while the loading flag is on, and nothing after', async () => {
    island = await hydrateServerMarkup('full-screen-loader', FullScreenLoader);
    expect(island.errors).toEqual([]);

    act(() => setLoading(true));
    const region = island.element.querySelector('[role="status"][aria-live="polite"]');
    expect(region?.querySelector('.isl-loader')).not.toBeNull();
    expect(region?.querySelector('.isl-loader__text')?.textContent).toBe('Loading...');

    act(() => setLoading(false));
    expect(island.element.querySelector('.isl-loader')).toBeNull();
    expect(island.element.textContent).toBe('');
    expect(island.errors).toEqual([]);
  });

  it('hydrates without a mismatch when loading started before hydration', async () => {
    setLoading(true);
    island = await hydrateServerMarkup('full-screen-loader', FullScreenLoader);
    expect(island.errors).toEqual([]);
    expect(island.element.textContent).toBe('Loading...');
  });
});

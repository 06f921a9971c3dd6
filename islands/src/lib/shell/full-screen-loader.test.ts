import { serverLiveRegion } from '../../../test/live-region.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appStore, initialAppState, setLoading } from '../store/index.ts';
import { startFullScreenLoader } from './full-screen-loader.ts';

describe('full-screen loader', () => {
  let region: HTMLElement;
  let stop: () => void = () => undefined;

  beforeEach(() => {
    region = serverLiveRegion('isl-loader-region');
  });

  afterEach(() => {
    stop();
    region.remove();
    appStore.setState(initialAppState);
  });

  it('shows "Loading..." while the loading flag is on, and nothing after', () => {
    stop = startFullScreenLoader(region);
    expect(region.textContent).toBe('');
    setLoading(true);
    expect(region.querySelector('.isl-loader')).not.toBeNull();
    expect(region.querySelector('.isl-loader__text')?.textContent).toBe('Loading...');
    setLoading(false);
    expect(region.querySelector('.isl-loader')).toBeNull();
    expect(region.textContent).toBe('');
  });

  it('covers the page at once when loading started before it', () => {
    setLoading(true);
    stop = startFullScreenLoader(region);
    expect(region.textContent).toBe('Loading...');
  });
});

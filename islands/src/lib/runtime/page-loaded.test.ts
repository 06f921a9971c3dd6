import { describe, expect, it } from 'vitest';
import { whenPageLoaded } from './page-loaded.ts';

function fakeWindow(readyState: DocumentReadyState): Window {
  const target = new EventTarget();
  return Object.assign(target, { document: { readyState } }) as unknown as Window;
}

describe('whenPageLoaded', () => {
  it('resolves at once when the page has loaded', async () => {
    await expect(whenPageLoaded(fakeWindow('complete'))).resolves.toBeUndefined();
  });

  it('waits for the load event otherwise', async () => {
    const win = fakeWindow('interactive');
    let loaded = false;
    const waiting = whenPageLoaded(win).then(() => {
      loaded = true;
    });
    await Promise.resolve();
    expect(loaded).toBe(false);
    win.dispatchEvent(new Event('load'));
    await waiting;
    expect(loaded).toBe(true);
  });
});

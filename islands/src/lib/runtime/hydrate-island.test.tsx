import { act, useId, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import type { ChunkReloadEnv } from './chunk-reload.ts';
import { hydrateIsland } from './hydrate-island.ts';
import type { IslandElement } from './island-elements.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An island with ids and state: hydration must keep its useId values and make it live. */
function Counter({ label }: { label?: unknown }) {
  const id = useId();
  const [count, setCount] = useState(0);
  return (
    <div>
      <label htmlFor={id}>{String(label)}</label>
      <output id={id}>{count}</output>
      <button type="button" onClick={() => setCount(count + 1)}>
        add
      </button>
    </div>
  );
}

function islandWithServerMarkup(props: Record<string, unknown>, prefix: string): IslandElement {
  const element = document.createElement('div');
  element.innerHTML = renderToString(<Counter {...props} />, { identifierPrefix: prefix });
  document.body.append(element);
  return { element, name: 'counter', props, strategy: 'load', prefix };
}

const reloadEnv = (): ChunkReloadEnv => ({ storage: window.sessionStorage, path: '/', now: () => 0, reload: vi.fn() });

describe('hydrateIsland', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.sessionStorage.clear();
  });

  it('hydrates server markup with the same prefix: ids kept, no errors, then interactive', async () => {
    const errors = vi.spyOn(console, 'error');
    const island = islandWithServerMarkup({ label: 'Clicks' }, 'counter-0-');
    const idBefore = island.element.querySelector('output')?.id;
    expect(idBefore).toContain('counter-0-');

    await act(async () => {
      await hydrateIsland(island, { counter: async () => ({ default: Counter as never }) }, reloadEnv());
    });
    expect(errors).not.toHaveBeenCalled();
    expect(island.element.dataset.hydrated).toBe('true');
    expect(island.element.querySelector('output')?.id).toBe(idBefore);

    act(() => island.element.querySelector('button')?.click());
    expect(island.element.querySelector('output')?.textContent).toBe('1');
  });

  it('reports a mismatch when client and server render differ (the check the tests rely on)', async () => {
    function Different() {
      return <p>client only</p>;
    }
    const hydrated = await hydrateServerMarkup('login-form', Different as never);
    expect(hydrated.errors.length).toBeGreaterThan(0);
    act(() => hydrated.root.unmount());
  });

  it('leaves an unknown island as server markup, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const island = islandWithServerMarkup({}, 'x-');
    await expect(hydrateIsland({ ...island, name: 'missing' }, {}, reloadEnv())).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknown island "missing"'));
    expect(island.element.dataset.hydrated).toBeUndefined();
  });

  it('reloads the page when the island chunk fails to load', async () => {
    const island = islandWithServerMarkup({}, 'x-');
    const env = reloadEnv();
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(hydrateIsland(island, { counter: failing }, env)).resolves.toBeNull();
    expect(env.reload).toHaveBeenCalledTimes(1);
  });
});

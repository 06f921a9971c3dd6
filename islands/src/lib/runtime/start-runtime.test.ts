import { act, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IslandLoader } from 'virtual:island-loaders';
import { storeSignedInSession } from '../../../test/signed-in-session.ts';
import {
  appStore,
  initialServiceStore,
  isExpiryCheckRunning,
  resetServiceModule,
  resetSessionModule,
  resetWebsiteInfo,
  SERVICE_STORAGE_KEY,
  showAlert,
} from '../store/index.ts';
import { startIslandsRuntime } from './start-runtime.ts';
// Loaded ahead, as a browser would have it cached: the runtime imports it on first hydration.
import './react-hydration.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Greeting() {
  return createElement('p', null, 'Hello');
}

const loaders: Record<string, IslandLoader> = {
  'greeting-now': async () => ({ default: Greeting as never }),
  'greeting-later': async () => ({ default: Greeting as never }),
};

/** A page as the server writes it: build id, the shell's toast region, two islands, links. */
function writePage(): void {
  const island = (name: string, index: number, hydrate: string) =>
    `<div class="island" data-island="${name}" data-props="{}" data-hydrate="${hydrate}" data-prefix="${name}-${index}-">${renderToString(createElement(Greeting), { identifierPrefix: `${name}-${index}-` })}</div>`;
  document.head.innerHTML = '<meta name="build-id" content="build-1">';
  document.body.innerHTML = `
    <main><a id="jobs" href="/jobs">Jobs</a></main>
    <div role="status" aria-live="polite" class="isl-toast-region"></div>
    ${island('greeting-now', 0, 'load')}
    ${island('greeting-later', 1, 'idle')}`;
}

/** Lets the event loop turn (the island's and React's chunks load) until `name` is hydrated. */
async function untilHydrated(name: string): Promise<void> {
  const hydrated = () => document.querySelector<HTMLElement>(`[data-island="${name}"]`)?.dataset.hydrated === 'true';
  for (let turn = 0; turn < 200 && !hydrated(); turn += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

describe('startIslandsRuntime', () => {
  let serverBuild = 'build-1';
  const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/builds/meta/')) return jsonResponse({ id: 'build-1', timestamp: 1, matcher: {}, prerendered: ['/'] });
    if (url.startsWith('/builds/latest.json')) return jsonResponse({ id: serverBuild, timestamp: 2 });
    return new Response('<!doctype html>');
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    serverBuild = 'build-1';
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
    writePage();
  });

  afterEach(() => {
    resetSessionModule();
    resetServiceModule();
    resetWebsiteInfo();
    localStorage.clear();
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('starts the shell, hydrates the islands, fetches the build meta after 1 s, and reloads fully once the build changed', async () => {
    const errors = vi.spyOn(console, 'error');
    const navigate = vi.fn();

    let runtime: ReturnType<typeof startIslandsRuntime> | undefined;
    await act(async () => {
      runtime = startIslandsRuntime(window, loaders, { navigate });
    });
    expect(runtime?.buildId).toBe('build-1');
    showAlert('Saved', 'success');
    expect(document.querySelector('.isl-toast-region')?.textContent).toContain('Saved');
    // React itself is loaded when the first island hydrates.
    await untilHydrated('greeting-now');
    expect(document.querySelector<HTMLElement>('[data-island="greeting-now"]')?.dataset.hydrated).toBe('true');
    // The idle island waits for requestIdleCallback's 50 ms fallback (jsdom has none).
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    await untilHydrated('greeting-later');
    expect(document.querySelector<HTMLElement>('[data-island="greeting-later"]')?.dataset.hydrated).toBe('true');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetchSpy).toHaveBeenCalledWith('/builds/meta/build-1.json', { credentials: 'same-origin' });
    expect(runtime?.prefetcher()).not.toBeNull();

    // The same build: links work as usual.
    await runtime?.buildWatch?.check();
    expect(runtime?.isStale()).toBe(false);

    serverBuild = 'build-2';
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringMatching(/^\/builds\/latest\.json\?t=\d+$/), {
      credentials: 'same-origin',
    });
    expect(runtime?.isStale()).toBe(true);
    expect(runtime?.prefetcher()).toBeNull();

    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.getElementById('jobs')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith(`${window.location.origin}/jobs`);
    expect(errors).not.toHaveBeenCalled();
  });

  it('restores the signed-in session before hydrating, on every page', async () => {
    resetSessionModule();
    const user = { id: 1, full_name: 'Anna Smith', email: 'anna@example.co.uk', certificates: [] };
    storeSignedInSession({ user });
    await act(async () => {
      startIslandsRuntime(window, loaders, { navigate: vi.fn() });
    });
    expect(appStore.getState().session).toMatchObject({ accessToken: 'a', refreshToken: 'r', user });
    expect(isExpiryCheckRunning()).toBe(true);
  });

  it('restores the service store at once and loads the categories and the website info in a later task', async () => {
    const category = { id: 1, name: 'Cleaning', slug: 'cleaning', description: '', icon: 'broom', priority: 1, service_count: 3 };
    const info = { id: 1, brand: 'Brightway', email: 'a@b.example', phones: [], address: 'London', opening_hours: '', socials: {} };
    const stored = { id: 9, name: 'Old', slug: 'old', description: '', icon: 'x', priority: 1, service_count: 0 };
    localStorage.setItem(SERVICE_STORAGE_KEY, JSON.stringify({ ...initialServiceStore, categories: [stored] }));
    fetchSpy.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/service/categories/?page_size=100') return jsonResponse({ count: 1, next: null, previous: null, results: [category] });
      if (url === '/api/website-info/') return jsonResponse({ count: 1, next: null, previous: null, results: [info] });
      return new Response('<!doctype html>');
    });
    let restoredAtStart: unknown;
    let callsAtStart: string[] = [];
    await act(async () => {
      startIslandsRuntime(window, loaders, { navigate: vi.fn() });
      // Restored synchronously, before any island hydrates or any answer comes.
      restoredAtStart = appStore.getState().service.categories;
      // The calls wait for a later task, so that the start is not one long task.
      callsAtStart = fetchSpy.mock.calls.map(([input]) => String(input));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(restoredAtStart).toEqual([stored]);
    expect(callsAtStart).toEqual([]);
    expect(fetchSpy).toHaveBeenCalledWith('/api/service/categories/?page_size=100', expect.objectContaining({ method: 'GET' }));
    expect(fetchSpy).toHaveBeenCalledWith('/api/website-info/', expect.objectContaining({ method: 'GET' }));
    expect(appStore.getState().service.categories).toEqual([category]);
    expect(appStore.getState().websiteInfo.websiteInfo).toEqual(info);
  });
});

import { appStore } from '../store/app-store.ts';

const COVER = '<div class="isl-loader"><span class="isl-loader__spinner" aria-hidden="true"></span><p class="isl-loader__text">Loading...</p></div>';

/**
 * Covers the page while the store's loading flag is on. `region` is the polite live region the
 * server renders empty, so that "Loading..." is announced when it appears. Returns what stops it.
 */
export function startFullScreenLoader(region: HTMLElement, store = appStore): () => void {
  const render = (): void => {
    const loading = store.getState().loading;
    if (loading === (region.firstElementChild !== null)) return;
    if (loading) region.innerHTML = COVER;
    else region.replaceChildren();
  };
  render();
  return store.subscribe(render);
}

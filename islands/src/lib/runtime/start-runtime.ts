import type { IslandLoader } from 'virtual:island-loaders';
import { fetchCategories, restoreServiceStore } from '../store/service.ts';
import { restoreSession } from '../store/session.ts';
import { startShell } from '../shell/start-shell.ts';
import { fetchWebsiteInfo } from '../store/website-info.ts';
import { readBuildId } from './build-id.ts';
import { fetchBuildMetaAfterLoad } from './build-meta.ts';
import { watchForNewBuild, type BuildWatch } from './build-update.ts';
import { hydrateIslands } from './hydrate-islands.ts';
import { watchLinksForPrefetch, type LinkPrefetcher } from './link-prefetcher.ts';
import { whenPageLoaded } from './page-loaded.ts';
import { prefetchPage } from './prefetch-page.ts';
import { createPrefetchQueue } from './prefetch-queue.ts';
import { fullLoadOnNavigationWhenStale } from './stale-build-navigation.ts';

export interface IslandsRuntime {
  readonly buildId: string | null;
  readonly buildWatch: BuildWatch | null;
  /** Whether the server now runs another build than this page's. */
  isStale(): boolean;
  /** The link prefetcher, once the page has loaded and while the build is current. */
  prefetcher(): LinkPrefetcher | null;
}

/**
 * Everything the page's runtime script does: restore the signed-in session and the service
 * store, start the app shell's widgets, hydrate the islands, load the service categories and
 * the website contact info in a task after that (spec section 1: at startup, on every page), then
 * (after `load`) prefetch internal links, fetch the build meta, and watch for a newer build.
 */
export function startIslandsRuntime(
  win: Window & typeof globalThis,
  loaders: Readonly<Record<string, IslandLoader>>,
  options: { readonly navigate?: (url: string) => void } = {},
): IslandsRuntime {
  // Before hydration, so that effects see the session and the islands that wait for an
  // interaction are drawn for this viewer; each hydrates with the state its markup shows.
  restoreSession();
  // After the session: a signed-out visitor gets no member records from storage.
  restoreServiceStore();
  startShell(win);
  hydrateIslands(win.document, loaders);
  // In a task of their own: starting a fetch is the costliest step here (the first one sets up
  // the page's loader), and a long task holds the page (Lighthouse's total blocking time).
  // Failures are only logged (spec section 8); the page works without either.
  win.setTimeout(() => {
    void fetchCategories();
    void fetchWebsiteInfo();
  }, 0);

  const buildId = readBuildId(win.document);
  let stale = false;
  let prefetcher: LinkPrefetcher | null = null;

  const buildWatch =
    buildId === null
      ? null
      : watchForNewBuild({
          currentBuildId: buildId,
          win,
          onNewBuild: () => {
            stale = true;
            // Pages of the old build are not worth fetching any more.
            prefetcher?.stop();
            prefetcher = null;
          },
        });
  fullLoadOnNavigationWhenStale(() => stale, win, options.navigate);

  void whenPageLoaded(win).then(() => {
    if (stale) return;
    prefetcher = watchLinksForPrefetch(createPrefetchQueue((url) => prefetchPage(url, win)), win);
  });
  if (buildId !== null) void fetchBuildMetaAfterLoad(buildId, win);

  return { buildId, buildWatch, isStale: () => stale, prefetcher: () => prefetcher };
}

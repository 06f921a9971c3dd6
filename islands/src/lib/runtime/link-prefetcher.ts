import { isSlowConnection } from './connection.ts';
import { anchorOfEvent, internalLinkUrl, isCurrentPage } from './internal-link.ts';
import type { PrefetchQueue } from './prefetch-queue.ts';

/** The URL worth prefetching for an anchor: an internal page other than this one, or null. */
export function prefetchableUrl(anchor: Element, location: Location): string | null {
  if (anchor.hasAttribute('data-no-prefetch')) return null;
  const url = internalLinkUrl(anchor, location);
  if (url === null || isCurrentPage(url, location)) return null;
  // Pages have no file extension; uploads, feeds and the like are not worth a prefetch.
  const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return null;
  url.hash = '';
  return url.href;
}

export interface LinkPrefetcher {
  stop(): void;
}

/**
 * Prefetches internal links a visitor shows an intent to follow: hovered, touched or focused,
 * through `queue`. Not the links that merely scroll into view: on a phone that would spend the
 * visitor's data on pages they never open. Nothing is prefetched while the connection is very
 * slow or the visitor saves data.
 */
export function watchLinksForPrefetch(queue: PrefetchQueue, win: Window & typeof globalThis = window): LinkPrefetcher {
  const doc = win.document;
  const onIntent = (event: Event): void => {
    const anchor = anchorOfEvent(event);
    if (anchor === null || isSlowConnection(win.navigator)) return;
    const url = prefetchableUrl(anchor, win.location);
    if (url !== null) queue.add(url);
  };
  const intentEvents = ['mouseover', 'focusin', 'touchstart'] as const;
  for (const type of intentEvents) doc.addEventListener(type, onIntent, { passive: true });
  return {
    stop() {
      for (const type of intentEvents) doc.removeEventListener(type, onIntent);
      queue.stop();
    },
  };
}

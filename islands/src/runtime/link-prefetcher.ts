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
 * Prefetches internal links as they come into view or get hovered, touched or focused
 * (those first), through `queue`. Links added later (by islands) are watched too. Nothing
 * is prefetched while the connection is very slow or the visitor saves data.
 */
export function watchLinksForPrefetch(queue: PrefetchQueue, win: Window & typeof globalThis = window): LinkPrefetcher {
  const doc = win.document;

  const consider = (anchor: Element, urgent: boolean): void => {
    if (isSlowConnection(win.navigator)) return;
    const url = prefetchableUrl(anchor, win.location);
    if (url !== null) queue.add(url, urgent);
  };

  const onIntent = (event: Event): void => {
    const anchor = anchorOfEvent(event);
    if (anchor !== null) consider(anchor, true);
  };
  const intentEvents = ['mouseover', 'focusin', 'touchstart'] as const;
  for (const type of intentEvents) doc.addEventListener(type, onIntent, { passive: true });

  let viewportObserver: IntersectionObserver | null = null;
  let mutationObserver: MutationObserver | null = null;
  if (typeof win.IntersectionObserver === 'function') {
    const observer = new win.IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        consider(entry.target, false);
      }
    });
    viewportObserver = observer;
    const observeLinksIn = (node: ParentNode): void => {
      for (const anchor of Array.from(node.querySelectorAll('a[href]'))) {
        if (prefetchableUrl(anchor, win.location) !== null) observer.observe(anchor);
      }
    };
    observeLinksIn(doc);
    if (typeof win.MutationObserver === 'function') {
      mutationObserver = new win.MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.addedNodes)) {
            if (node.nodeType !== 1) continue;
            const element = node as Element;
            if (element.matches('a[href]') && prefetchableUrl(element, win.location) !== null) observer.observe(element);
            observeLinksIn(element);
          }
        }
      });
      mutationObserver.observe(doc.body ?? doc.documentElement, { childList: true, subtree: true });
    }
  }

  return {
    stop() {
      for (const type of intentEvents) doc.removeEventListener(type, onIntent);
      viewportObserver?.disconnect();
      mutationObserver?.disconnect();
      queue.stop();
    },
  };
}

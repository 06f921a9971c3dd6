/**
 * The URL an anchor leads to when it is a page of this site: same origin, http(s), no
 * `download` attribute, not the JSON API under /api/. Otherwise null.
 */
export function internalLinkUrl(anchor: Element, location: Location = window.location): URL | null {
  if (anchor.hasAttribute('download')) return null;
  const href = anchor.getAttribute('href');
  if (href === null || href.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(href, location.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== location.origin) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return url;
}

/** Whether `url` is the page already shown (it may differ in its #hash). */
export function isCurrentPage(url: URL, location: Location = window.location): boolean {
  return url.pathname === location.pathname && url.search === location.search;
}

/** The closest anchor with an href around an event's target, if any. */
export function anchorOfEvent(event: Event): HTMLAnchorElement | null {
  const target = event.target as { closest?: (selector: string) => Element | null } | null;
  return (target?.closest?.('a[href]') as HTMLAnchorElement | null | undefined) ?? null;
}

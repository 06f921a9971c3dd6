import { anchorOfEvent, internalLinkUrl, isCurrentPage } from './internal-link.ts';

/**
 * Once the server runs a newer build, the next click on an internal link loads the page in
 * full (`location.href = url`) so that the visitor gets the new build's HTML and chunks,
 * even where an island would otherwise handle the navigation itself. Returns a remover.
 */
export function fullLoadOnNavigationWhenStale(
  isStale: () => boolean,
  win: Window = window,
  navigate: (url: string) => void = (url) => {
    win.location.href = url;
  },
): () => void {
  const onClick = (event: MouseEvent): void => {
    if (!isStale() || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = anchorOfEvent(event);
    if (anchor === null) return;
    const target = anchor.getAttribute('target');
    if (target !== null && target !== '' && target !== '_self') return;
    const url = internalLinkUrl(anchor, win.location);
    // A #hash on the same page only scrolls: nothing to reload.
    if (url === null || (url.hash !== '' && isCurrentPage(url, win.location))) return;
    event.preventDefault();
    navigate(url.href);
  };
  win.document.addEventListener('click', onClick);
  return () => win.document.removeEventListener('click', onClick);
}

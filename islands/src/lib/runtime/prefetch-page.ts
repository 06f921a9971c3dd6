// A prefetch that never reports back must not hold one of the 4 slots for ever.
export const PREFETCH_TIMEOUT_MS = 15_000;

/**
 * Asks the browser to fetch a page it will probably need next. `<link rel="prefetch">` keeps
 * the response for the coming navigation whatever its cache headers; where it is not
 * supported (Safari) a same-origin fetch warms the HTTP cache instead.
 */
export function prefetchPage(url: string, win: Window & typeof globalThis = window): Promise<void> {
  const doc = win.document;
  const link = doc.createElement('link');
  if (link.relList?.supports?.('prefetch')) {
    return new Promise((resolve) => {
      const timer = win.setTimeout(resolve, PREFETCH_TIMEOUT_MS);
      const done = (): void => {
        win.clearTimeout(timer);
        resolve();
      };
      link.rel = 'prefetch';
      link.href = url;
      link.addEventListener('load', done, { once: true });
      link.addEventListener('error', done, { once: true });
      doc.head.appendChild(link);
    });
  }
  return win
    .fetch(url, { credentials: 'same-origin' })
    .then((response) => response.arrayBuffer())
    .then(() => undefined);
}

/** Resolves once the window's `load` event has fired (at once if it already has). */
export function whenPageLoaded(win: Window = window): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    win.addEventListener('load', () => resolve(), { once: true });
  });
}

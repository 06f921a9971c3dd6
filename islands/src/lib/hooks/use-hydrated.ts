import { useSyncExternalStore } from 'react';

const noChanges = (): (() => void) => () => undefined;

/**
 * False on the server and while hydrating, true once the island runs in the browser. For
 * what only makes sense with JavaScript: the server leaves that place to the page's own
 * `<noscript>` notice, so a browser without JavaScript shows one notice, not two, and a
 * signed-in member never sees a "Sign in" flash before hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

import { useEffect, type ReactNode } from 'react';

/**
 * Wraps an island on the client to set `data-hydrated="true"` on its root once hydrated (a
 * signal for browser tests) and call `onHydrated`. It renders no element and calls no useId,
 * so the markup and the ids match the server render of the bare island.
 */
export function HydratedMarker({ root, onHydrated, children }: { root: HTMLElement; onHydrated?: () => void; children?: ReactNode }): ReactNode {
  useEffect(() => {
    root.dataset.hydrated = 'true';
    onHydrated?.();
  }, [root, onHydrated]);
  return children;
}

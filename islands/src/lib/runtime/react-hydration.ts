import { createElement, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { HydratedMarker } from './hydrated-marker.ts';
import type { IslandElement } from './island-elements.ts';

/**
 * Hydrates `island`'s server markup with `component`; `onHydrated` runs once React owns it. Kept apart from the runtime and imported
 * only when a page's first island hydrates: a page without islands never loads React.
 */
export function hydrateWithReact(island: IslandElement, component: ComponentType<Record<string, unknown>>, onHydrated?: () => void): Root {
  const content = createElement(component, island.props);
  return hydrateRoot(island.element, createElement(HydratedMarker, { root: island.element, onHydrated }, content), {
    identifierPrefix: island.prefix,
  });
}

import { createElement, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ViewerContext } from '../hooks/viewer-context.ts';
import { HydratedMarker } from './hydrated-marker.ts';
import type { IslandElement } from './island-elements.ts';
import { claimViewerState } from './viewer-state.ts';

/**
 * Hydrates `island`'s server markup with `component`; `onHydrated` runs once React owns it. Kept apart from the runtime and imported
 * only when a page's first island hydrates: a page without islands never loads React. The island renders, while hydrating, the viewer
 * its markup shows (drawn by the runtime, or the server's visitor).
 */
export function hydrateWithReact(island: IslandElement, component: ComponentType<Record<string, unknown>>, onHydrated?: () => void): Root {
  const content = createElement(component, island.props);
  const marked = createElement(HydratedMarker, { root: island.element, onHydrated }, content);
  return hydrateRoot(island.element, createElement(ViewerContext.Provider, { value: claimViewerState(island.element) }, marked), {
    identifierPrefix: island.prefix,
  });
}

import { act, type ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { vi } from 'vitest';
import { hydrateIsland } from '../src/lib/runtime/hydrate-island.ts';
import { loadServerBundle } from './server-bundle.ts';

export interface HydratedIsland {
  /** The island's root, as the server's Island component writes it. */
  readonly element: HTMLDivElement;
  readonly serverHtml: string;
  readonly root: Root;
  /** Everything React or the page reported as an error while hydrating. */
  readonly errors: unknown[];
}

// React warns about updates outside act() unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Renders an island with the server bundle into `<div data-island ...>` and hydrates it with
 * the runtime's hydrateIsland, as a page does, collecting any console error (React reports
 * hydration mismatches there) and any error event.
 */
export async function hydrateServerMarkup(
  name: string,
  component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown> = {},
): Promise<HydratedIsland> {
  const prefix = `${name}-0-`;
  const serverHtml = loadServerBundle()(name, JSON.stringify(props), prefix);
  const element = document.createElement('div');
  element.className = 'island';
  element.dataset.island = name;
  element.dataset.props = JSON.stringify(props);
  element.dataset.hydrate = 'load';
  element.dataset.prefix = prefix;
  element.innerHTML = serverHtml;
  document.body.append(element);

  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  const onError = (event: ErrorEvent): void => {
    errors.push(event.error ?? event.message);
  };
  window.addEventListener('error', onError);

  let root: Root | null = null;
  try {
    await act(async () => {
      root = await hydrateIsland(
        { element, name, props, strategy: 'load', prefix },
        { [name]: async () => ({ default: component }) },
      );
    });
  } finally {
    window.removeEventListener('error', onError);
  }
  if (root === null) throw new Error(`island ${name} did not hydrate`);
  return { element, serverHtml, root, errors };
}

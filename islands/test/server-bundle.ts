import vm from 'node:vm';
import { inject } from 'vitest';

/** The server bundle's entry point: `renderIsland(name, propsJson, idPrefix)`. */
export type RenderIsland = (name: string, propsJson: string, idPrefix: string) => string;

/**
 * Evaluates the server bundle in a fresh V8 context that has only the ECMAScript built-ins
 * (no console, timers, TextEncoder...), as in QuickJS, and returns its renderIsland.
 */
export function loadServerBundle(): RenderIsland {
  const context = vm.createContext({});
  vm.runInContext(inject('serverBundle'), context, { filename: 'server.js' });
  const renderIsland = (context as { renderIsland?: RenderIsland }).renderIsland;
  if (typeof renderIsland !== 'function') throw new Error('the server bundle defines no renderIsland');
  return renderIsland;
}

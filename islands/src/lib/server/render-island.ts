import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server.browser';
import { runPendingTimers } from './polyfills.ts';
import { stripLinkTags } from './strip-link-tags.ts';

export type IslandComponents = Readonly<Record<string, ComponentType<Record<string, unknown>>>>;

/** Renders the named island to HTML, the markup the browser will hydrate with the same props. */
export function renderIslandWith(
  components: IslandComponents,
  name: string,
  propsJson: string,
  idPrefix: string,
): string {
  const component = Object.prototype.hasOwnProperty.call(components, name) ? components[name] : undefined;
  if (!component) throw new Error(`Unknown island: ${name}`);
  const props: unknown = propsJson.trim() === '' ? {} : JSON.parse(propsJson);
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    throw new Error(`Island ${name}: props must be a JSON object`);
  }
  try {
    const html = renderToString(createElement(component, props as Record<string, unknown>), {
      identifierPrefix: idPrefix,
    });
    return stripLinkTags(html);
  } finally {
    runPendingTimers();
  }
}

import { logWarning } from './log.ts';

export type HydrationStrategy = 'load' | 'idle' | 'visible' | 'interaction';

/** One island the server put in the page: `<div data-island data-props data-hydrate data-prefix>`. */
export interface IslandElement {
  readonly element: HTMLElement;
  readonly name: string;
  readonly props: Record<string, unknown>;
  readonly strategy: HydrationStrategy;
  /** React's identifierPrefix: the same one the server rendered with, so useId agrees. */
  readonly prefix: string;
}

function hydrationStrategy(value: string | undefined): HydrationStrategy {
  return value === 'idle' || value === 'visible' || value === 'interaction' ? value : 'load';
}

function parseProps(name: string, json: string | undefined): Record<string, unknown> | null {
  if (json === undefined || json.trim() === '') return {};
  try {
    const props: unknown = JSON.parse(json);
    if (props !== null && typeof props === 'object' && !Array.isArray(props)) return props as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  // Hydrating with other props than the server's would only produce a mismatch.
  logWarning(`island "${name}" has unreadable data-props; left as server markup`);
  return null;
}

/** The islands inside `root`, in document order; malformed ones are skipped with a warning. */
export function findIslandElements(root: ParentNode = document): IslandElement[] {
  const islands: IslandElement[] = [];
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('[data-island]'))) {
    const name = element.dataset.island ?? '';
    if (name === '') continue;
    const props = parseProps(name, element.dataset.props);
    if (props === null) continue;
    islands.push({
      element,
      name,
      props,
      strategy: hydrationStrategy(element.dataset.hydrate),
      prefix: element.dataset.prefix ?? '',
    });
  }
  return islands;
}

import { useId } from 'react';
import { describe, expect, it } from 'vitest';
import { renderIslandWith, type IslandComponents } from './render-island.ts';

function Labelled({ label }: { label?: unknown }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{String(label)}</label>
      <input id={id} />
    </p>
  );
}

function WithStylesheet() {
  return (
    <div>
      <link rel="stylesheet" href="/x.css" precedence="default" />
      styled
    </div>
  );
}

const components = { labelled: Labelled, styled: WithStylesheet } as unknown as IslandComponents;

describe('renderIslandWith', () => {
  it('renders with the JSON props and the id prefix', () => {
    const html = renderIslandWith(components, 'labelled', '{"label":"Email"}', 'labelled-3-');
    expect(html).toContain('>Email</label>');
    expect(html).toMatch(/id="[^"]*labelled-3-/);
  });

  it('accepts empty props', () => {
    expect(renderIslandWith(components, 'labelled', '', 'p-')).toContain('<label');
  });

  it('throws on an unknown name, and on props that are not an object', () => {
    expect(() => renderIslandWith(components, 'nope', '{}', 'p-')).toThrow('Unknown island: nope');
    expect(() => renderIslandWith(components, 'toString', '{}', 'p-')).toThrow('Unknown island');
    expect(() => renderIslandWith(components, 'labelled', '[1]', 'p-')).toThrow('props must be a JSON object');
    expect(() => renderIslandWith(components, 'labelled', '{bad', 'p-')).toThrow();
  });

  it('strips the <link> tags React 19 hoists', () => {
    const html = renderIslandWith(components, 'styled', '{}', 'p-');
    expect(html).not.toContain('<link');
    expect(html).toContain('styled');
  });
});

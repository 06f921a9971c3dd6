import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateServerMarkup, type HydratedIsland } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import ContactButton from './index.tsx';

describe('contact-button', () => {
  let island: HydratedIsland | null = null;

  afterEach(() => {
    act(() => island?.root.unmount());
    island?.element.remove();
    island = null;
  });

  it('server-renders a real link to /contact with an accessible name and a hidden icon', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('contact-button', '{}', 'contact-button-0-');
    const link = host.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/contact');
    expect(link?.getAttribute('aria-label')).toBe('Contact us');
    expect(link?.classList.contains('isl-contact-button')).toBe(true);
    expect(link?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('hydrates the server markup without errors', async () => {
    island = await hydrateServerMarkup('contact-button', ContactButton);
    expect(island.errors).toEqual([]);
    expect(island.element.querySelector('a[href="/contact"]')).not.toBeNull();
  });
});

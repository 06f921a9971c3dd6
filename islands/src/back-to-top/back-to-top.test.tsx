import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateServerMarkup, type HydratedIsland } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import BackToTop from './index.tsx';

const PAGE_HEIGHT = 3000;
const VIEWPORT_HEIGHT = 800;

function scrollWindowTo(scrollY: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  window.dispatchEvent(new Event('scroll'));
}

describe('back-to-top', () => {
  let island: HydratedIsland | null = null;

  beforeEach(() => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: PAGE_HEIGHT });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT_HEIGHT });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });

  afterEach(() => {
    act(() => island?.root.unmount());
    island?.element.remove();
    island = null;
  });

  const button = () => island?.element.querySelector<HTMLButtonElement>('button[aria-label="Back to top"]') ?? null;

  it('server-renders a hidden button with an accessible name', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('back-to-top', '{}', 'back-to-top-0-');
    const rendered = host.querySelector('button');
    expect(rendered?.getAttribute('aria-label')).toBe('Back to top');
    expect(rendered?.hidden).toBe(true);
    expect(rendered?.getAttribute('type')).toBe('button');
  });

  it('hydrates without errors and stays hidden at the top of a long page', async () => {
    island = await hydrateServerMarkup('back-to-top', BackToTop);
    expect(island.errors).toEqual([]);
    expect(button()?.hidden).toBe(true);
  });

  it('appears within 100 px of the page bottom and hides again above', async () => {
    island = await hydrateServerMarkup('back-to-top', BackToTop);
    // 800 + 2100 = 2900 = 3000 - 100: exactly at the threshold.
    act(() => scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT - 100));
    expect(button()?.hidden).toBe(false);
    act(() => scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT - 101));
    expect(button()?.hidden).toBe(true);
    act(() => scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT));
    expect(button()?.hidden).toBe(false);
    expect(island.errors).toEqual([]);
  });

  it('hydrates without a mismatch when the page loads scrolled to the bottom', async () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: PAGE_HEIGHT - VIEWPORT_HEIGHT });
    island = await hydrateServerMarkup('back-to-top', BackToTop);
    expect(island.errors).toEqual([]);
    expect(button()?.hidden).toBe(false);
  });

  it('scrolls smoothly to the top when pressed', async () => {
    island = await hydrateServerMarkup('back-to-top', BackToTop);
    act(() => scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT));
    act(() => button()?.click());
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('lets go of focus when pressed, so hiding itself cannot stop the scroll', async () => {
    island = await hydrateServerMarkup('back-to-top', BackToTop);
    act(() => scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT));
    button()?.focus();
    expect(document.activeElement).toBe(button());
    act(() => button()?.click());
    expect(document.activeElement).not.toBe(button());
  });

  it('jumps without animation when the visitor prefers reduced motion', async () => {
    window.matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce') })) as unknown as typeof window.matchMedia;
    try {
      island = await hydrateServerMarkup('back-to-top', BackToTop);
      act(() => scrollWindowTo(PAGE_HEIGHT - VIEWPORT_HEIGHT));
      act(() => button()?.click());
      expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});

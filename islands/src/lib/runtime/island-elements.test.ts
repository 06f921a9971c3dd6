import { afterEach, describe, expect, it, vi } from 'vitest';
import { findIslandElements } from './island-elements.ts';

describe('findIslandElements', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reads name, props, strategy and prefix of every island in document order', () => {
    document.body.innerHTML = `
      <div class="island" data-island="login-form" data-props='{"a":1}' data-hydrate="idle" data-prefix="login-form-0-"></div>
      <p>not an island</p>
      <div class="island" data-island="review-form" data-props='{}' data-hydrate="visible" data-prefix="review-form-1-"></div>
      <div class="island" data-island="contact-button" data-prefix="contact-button-2-"></div>`;
    const islands = findIslandElements(document);
    expect(islands.map(({ name, props, strategy, prefix }) => ({ name, props, strategy, prefix }))).toEqual([
      { name: 'login-form', props: { a: 1 }, strategy: 'idle', prefix: 'login-form-0-' },
      { name: 'review-form', props: {}, strategy: 'visible', prefix: 'review-form-1-' },
      { name: 'contact-button', props: {}, strategy: 'load', prefix: 'contact-button-2-' },
    ]);
    expect(islands[0]?.element).toBe(document.querySelector('[data-island="login-form"]'));
  });

  it('treats an unknown strategy as load', () => {
    document.body.innerHTML = `<div data-island="x" data-hydrate="soon" data-props="{}"></div>`;
    expect(findIslandElements(document)[0]?.strategy).toBe('load');
  });

  it('skips, with a warning, islands whose props are not a JSON object', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = `
      <div data-island="broken" data-props="{nope"></div>
      <div data-island="array" data-props="[1,2]"></div>
      <div data-island="" data-props="{}"></div>
      <div data-island="fine" data-props="{}"></div>`;
    expect(findIslandElements(document).map((island) => island.name)).toEqual(['fine']);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

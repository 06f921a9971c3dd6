import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullLoadOnNavigationWhenStale } from './stale-build-navigation.ts';

describe('fullLoadOnNavigationWhenStale', () => {
  let stale = false;
  let navigate = vi.fn();
  let remove: () => void = () => {};

  beforeEach(() => {
    stale = false;
    navigate = vi.fn();
    document.body.innerHTML = `
      <a id="internal" href="/jobs">Jobs</a>
      <a id="external" href="https://elsewhere.example/">Away</a>
      <a id="api" href="/api/notifications">API</a>
      <a id="hash" href="#reviews">Reviews</a>
      <a id="blank" href="/about" target="_blank">About</a>
      <a id="download" href="/cv" download>CV</a>`;
    remove = fullLoadOnNavigationWhenStale(() => stale, window, navigate);
  });

  afterEach(() => {
    remove();
    document.body.innerHTML = '';
  });

  function click(id: string, init: MouseEventInit = {}): MouseEvent {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    // jsdom would try to navigate on an unprevented click: stop it after our listener ran.
    document.addEventListener('click', (e) => e.preventDefault(), { once: true });
    document.getElementById(id)?.dispatchEvent(event);
    return event;
  }

  it('leaves links alone while the build is current', () => {
    click('internal');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('loads the next internal page in full once a new build is out', () => {
    stale = true;
    click('internal');
    expect(navigate).toHaveBeenCalledWith(new URL('/jobs', window.location.href).href);
  });

  it('ignores other links, modified clicks and clicks handled already', () => {
    stale = true;
    for (const id of ['external', 'api', 'hash', 'blank', 'download']) click(id);
    click('internal', { ctrlKey: true });
    click('internal', { metaKey: true });
    click('internal', { button: 1 });
    const handled = new MouseEvent('click', { bubbles: true, cancelable: true });
    handled.preventDefault();
    document.getElementById('internal')?.dispatchEvent(handled);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('prevents the default navigation when it navigates itself', () => {
    stale = true;
    const seen: boolean[] = [];
    document.addEventListener('click', (e) => seen.push(e.defaultPrevented), { once: true });
    click('internal');
    expect(seen).toEqual([true]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../../../test/fake-intersection-observer.ts';
import { prefetchableUrl, watchLinksForPrefetch, type LinkPrefetcher } from './link-prefetcher.ts';
import type { PrefetchQueue } from './prefetch-queue.ts';

type TestWindow = Window & typeof globalThis;

const origin = window.location.origin;

function fakeQueue() {
  return { add: vi.fn(), stop: vi.fn(), inFlight: 0, waiting: 0 } satisfies PrefetchQueue;
}

function testWindow(connection?: object): TestWindow {
  return {
    document,
    location: window.location,
    navigator: { connection },
    IntersectionObserver: FakeIntersectionObserver,
    MutationObserver: window.MutationObserver,
  } as unknown as TestWindow;
}

describe('prefetchableUrl', () => {
  const link = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    return prefetchableUrl(host.firstElementChild as Element, window.location);
  };

  it('gives internal pages without their hash', () => {
    expect(link('<a href="/jobs#open">')).toBe(`${origin}/jobs`);
    expect(link('<a href="/services/details?id=3">')).toBe(`${origin}/services/details?id=3`);
  });

  it('skips files, the current page, opted-out links and everything internalLinkUrl rejects', () => {
    expect(link('<a href="/uploads/cv.pdf">')).toBeNull();
    expect(link(`<a href="${window.location.pathname}#top">`)).toBeNull();
    expect(link('<a href="/jobs" data-no-prefetch>')).toBeNull();
    expect(link('<a href="/api/notifications">')).toBeNull();
    expect(link('<a href="https://elsewhere.example/">')).toBeNull();
    expect(link('<a href="/jobs" download>')).toBeNull();
  });
});

describe('watchLinksForPrefetch', () => {
  let prefetcher: LinkPrefetcher | null = null;

  beforeEach(() => {
    FakeIntersectionObserver.reset();
    document.body.innerHTML = `
      <a id="jobs" href="/jobs">Jobs</a>
      <a id="about" href="/about"><span id="about-text">About</span></a>
      <a id="api" href="/api/service/">API</a>
      <a id="away" href="https://elsewhere.example/">Away</a>
      <a id="file" href="/cv" download>CV</a>`;
  });

  afterEach(() => {
    prefetcher?.stop();
    prefetcher = null;
    document.body.innerHTML = '';
  });

  it('queues hovered, touched and focused links', () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow());
    document.getElementById('about-text')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(queue.add).toHaveBeenLastCalledWith(`${origin}/about`);
    document.getElementById('jobs')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(queue.add).toHaveBeenLastCalledWith(`${origin}/jobs`);
    document.getElementById('api')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    document.getElementById('away')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(queue.add).toHaveBeenCalledTimes(2);
  });

  it('prefetches links only on intent, not as they scroll into view', () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow());
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
    const added = document.createElement('div');
    added.innerHTML = '<a id="late" href="/notifications">Notifications</a>';
    document.body.append(added);
    expect(queue.add).not.toHaveBeenCalled();
    document.getElementById('late')?.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(queue.add).toHaveBeenCalledWith(`${origin}/notifications`);
  });

  it('prefetches nothing on a very slow connection', () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow({ effectiveType: '2g' }));
    document.getElementById('jobs')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(queue.add).not.toHaveBeenCalled();
  });

  it('stops listening and stops its queue', () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow());
    prefetcher.stop();
    prefetcher = null;
    expect(queue.stop).toHaveBeenCalled();
    document.getElementById('jobs')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(queue.add).not.toHaveBeenCalled();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../../test/fake-intersection-observer.ts';
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

  it('watches only prefetchable links, and queues them as they come into view', () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow());
    const observer = FakeIntersectionObserver.instances[0];
    expect([...(observer?.observed ?? [])].map((element) => element.id)).toEqual(['jobs', 'about']);

    observer?.report(false);
    expect(queue.add).not.toHaveBeenCalled();
    observer?.report(true, [document.getElementById('jobs') as Element]);
    expect(queue.add).toHaveBeenCalledWith(`${origin}/jobs`, false);
    // Seen once is enough.
    expect([...(observer?.observed ?? [])].map((element) => element.id)).toEqual(['about']);
  });

  it('queues hovered, touched and focused links first', () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow());
    document.getElementById('about-text')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(queue.add).toHaveBeenLastCalledWith(`${origin}/about`, true);
    document.getElementById('jobs')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(queue.add).toHaveBeenLastCalledWith(`${origin}/jobs`, true);
    document.getElementById('api')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    document.getElementById('away')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(queue.add).toHaveBeenCalledTimes(2);
  });

  it('watches links added to the page later', async () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow());
    const added = document.createElement('div');
    added.innerHTML = '<a id="late" href="/notifications">Notifications</a>';
    document.body.append(added);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const observed = [...(FakeIntersectionObserver.instances[0]?.observed ?? [])].map((element) => element.id);
    expect(observed).toContain('late');
  });

  it('prefetches nothing on a very slow connection', () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow({ effectiveType: '2g' }));
    FakeIntersectionObserver.instances[0]?.report(true);
    document.getElementById('jobs')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(queue.add).not.toHaveBeenCalled();
  });

  it('stops listening and stops its queue', () => {
    const queue = fakeQueue();
    prefetcher = watchLinksForPrefetch(queue, testWindow());
    prefetcher.stop();
    prefetcher = null;
    expect(FakeIntersectionObserver.instances[0]?.disconnected).toBe(true);
    expect(queue.stop).toHaveBeenCalled();
    document.getElementById('jobs')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(queue.add).not.toHaveBeenCalled();
  });
});

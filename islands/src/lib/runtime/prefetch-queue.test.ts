import { describe, expect, it, vi } from 'vitest';
import { createPrefetchQueue, MAX_PARALLEL_PREFETCHES } from './prefetch-queue.ts';

/** A prefetch double whose requests the test finishes by hand. */
function controllablePrefetch() {
  const running = new Map<string, () => void>();
  const started: string[] = [];
  const prefetch = vi.fn(
    (url: string) =>
      new Promise<void>((resolve) => {
        started.push(url);
        running.set(url, resolve);
      }),
  );
  const finish = async (url: string) => {
    running.get(url)?.();
    running.delete(url);
    // Let the queue's promise chain start the next request.
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  const settle = async () => {
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  return { prefetch, started, running, finish, settle };
}

describe('createPrefetchQueue', () => {
  it('runs at most 4 prefetches at a time and starts the next as one finishes', async () => {
    const fake = controllablePrefetch();
    const queue = createPrefetchQueue(fake.prefetch);
    for (let page = 1; page <= 6; page += 1) queue.add(`/page-${page}`);
    await fake.settle();
    expect(fake.started).toEqual(['/page-1', '/page-2', '/page-3', '/page-4']);
    expect(queue.inFlight).toBe(4);
    expect(queue.waiting).toBe(2);

    await fake.finish('/page-2');
    expect(fake.started).toEqual(['/page-1', '/page-2', '/page-3', '/page-4', '/page-6']);
    expect(queue.inFlight).toBe(4);

    for (const url of ['/page-1', '/page-3', '/page-4', '/page-6']) await fake.finish(url);
    expect(fake.started).toHaveLength(6);
    await fake.finish('/page-5');
    expect(queue.inFlight).toBe(0);
    expect(MAX_PARALLEL_PREFETCHES).toBe(4);
  });

  it('fetches each URL once', async () => {
    const fake = controllablePrefetch();
    const queue = createPrefetchQueue(fake.prefetch);
    queue.add('/jobs');
    queue.add('/jobs');
    await fake.finish('/jobs');
    queue.add('/jobs');
    await fake.settle();
    expect(fake.prefetch).toHaveBeenCalledTimes(1);
  });

  it('starts the link reached for last before those reached for earlier', async () => {
    const fake = controllablePrefetch();
    const queue = createPrefetchQueue(fake.prefetch, 1);
    queue.add('/a');
    queue.add('/b');
    queue.add('/c');
    queue.add('/hovered-last');
    await fake.settle();
    await fake.finish('/a');
    expect(fake.started).toEqual(['/a', '/hovered-last']);
  });

  it('frees the slot of a failed prefetch, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const prefetch = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const queue = createPrefetchQueue(prefetch, 1);
    queue.add('/a');
    queue.add('/b');
    for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('stops: drops what waits and accepts nothing more', async () => {
    const fake = controllablePrefetch();
    const queue = createPrefetchQueue(fake.prefetch, 1);
    queue.add('/a');
    queue.add('/b');
    await fake.settle();
    queue.stop();
    queue.add('/c');
    await fake.finish('/a');
    expect(fake.started).toEqual(['/a']);
    expect(queue.waiting).toBe(0);
  });
});

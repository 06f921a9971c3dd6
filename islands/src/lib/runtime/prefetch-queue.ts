import { logWarning } from './log.ts';

// Spec section 9: at most 4 preloads run in parallel.
export const MAX_PARALLEL_PREFETCHES = 4;

export interface PrefetchQueue {
  /**
   * Queues `url` unless it was queued before, ahead of those still waiting: the link a visitor
   * reached for last is the likeliest to be followed next.
   */
  add(url: string): void;
  /** Drops what waits and accepts nothing more; running requests finish on their own. */
  stop(): void;
  readonly inFlight: number;
  readonly waiting: number;
}

/** Runs `prefetch` once per URL, with at most `maxInFlight` running at a time. */
export function createPrefetchQueue(
  prefetch: (url: string) => Promise<unknown>,
  maxInFlight: number = MAX_PARALLEL_PREFETCHES,
): PrefetchQueue {
  const seen = new Set<string>();
  const waiting: string[] = [];
  let inFlight = 0;
  let stopped = false;

  function startNext(): void {
    while (!stopped && inFlight < maxInFlight && waiting.length > 0) {
      const url = waiting.shift() as string;
      inFlight += 1;
      Promise.resolve()
        .then(() => prefetch(url))
        .catch((error: unknown) => logWarning(`prefetch of ${url} failed`, error))
        .finally(() => {
          inFlight -= 1;
          startNext();
        });
    }
  }

  return {
    add(url) {
      if (stopped || seen.has(url)) return;
      seen.add(url);
      waiting.unshift(url);
      startNext();
    },
    stop() {
      stopped = true;
      waiting.length = 0;
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

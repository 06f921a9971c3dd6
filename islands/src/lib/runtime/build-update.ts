import { logWarning } from './log.ts';

// The spec leaves the poll interval open: hourly, plus whenever the tab is shown again.
export const BUILD_POLL_INTERVAL_MS = 60 * 60 * 1000;

/** `/builds/latest.json`: the build the server runs now. */
export interface LatestBuild {
  readonly id: string;
  readonly timestamp: number;
}

export interface BuildWatch {
  /** Asks the server for its build now (also done on the interval and on tab show). */
  check(): Promise<void>;
  /** True once the server runs another build than the page's. */
  isStale(): boolean;
  stop(): void;
}

export interface BuildWatchOptions {
  readonly currentBuildId: string;
  readonly onNewBuild: (latest: LatestBuild) => void;
  readonly win?: Window & typeof globalThis;
  readonly fetchImpl?: typeof fetch;
  readonly intervalMs?: number;
}

/** Polls `/builds/latest.json` until its id differs from the page's build, then reports once. */
export function watchForNewBuild(options: BuildWatchOptions): BuildWatch {
  const win = options.win ?? window;
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => win.fetch(...args));
  let stale = false;
  let stopped = false;

  const check = async (): Promise<void> => {
    if (stale || stopped) return;
    try {
      // The timestamp defeats every cache between here and the server.
      const response = await fetchImpl(`/builds/latest.json?t=${Date.now()}`, { credentials: 'same-origin' });
      if (!response.ok) {
        logWarning(`build check: HTTP ${response.status}`);
        return;
      }
      const latest = (await response.json()) as Partial<LatestBuild>;
      if (stale || stopped || typeof latest.id !== 'string' || latest.id === options.currentBuildId) return;
      stale = true;
      stop();
      options.onNewBuild({ id: latest.id, timestamp: Number(latest.timestamp) });
    } catch (error) {
      logWarning('build check failed', error);
    }
  };

  const onVisibilityChange = (): void => {
    if (win.document.visibilityState === 'visible') void check();
  };
  const interval = win.setInterval(() => void check(), options.intervalMs ?? BUILD_POLL_INTERVAL_MS);
  win.document.addEventListener('visibilitychange', onVisibilityChange);

  function stop(): void {
    stopped = true;
    win.clearInterval(interval);
    win.document.removeEventListener('visibilitychange', onVisibilityChange);
  }

  return { check, isStale: () => stale, stop };
}

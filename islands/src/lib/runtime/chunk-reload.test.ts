import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY_PREFIX, loadChunk, type ChunkReloadEnv } from './chunk-reload.ts';

function envAt(clock: { now: number }, path = '/services', storage: Storage | null = window.sessionStorage) {
  const reload = vi.fn();
  const env: ChunkReloadEnv = { storage, path, now: () => clock.now, reload };
  return { env, reload };
}

const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

describe('loadChunk', () => {
  afterEach(() => window.sessionStorage.clear());

  it('returns the module when it loads', async () => {
    const { env, reload } = envAt({ now: 0 });
    await expect(loadChunk(() => Promise.resolve({ default: 1 }), env)).resolves.toEqual({ default: 1 });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once per path per 10 s, remembering the time in sessionStorage', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const clock = { now: 1_000_000 };
    const { env, reload } = envAt(clock);

    await expect(loadChunk(failing, env)).resolves.toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(`${CHUNK_RELOAD_KEY_PREFIX}/services`)).toBe('1000000');

    // After the reload the chunk still fails: no second reload within 10 s, only a warning.
    clock.now += CHUNK_RELOAD_GUARD_MS - 1;
    await loadChunk(failing, env);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);

    // Another path has its own guard.
    const other = envAt(clock, '/jobs');
    await loadChunk(failing, other.env);
    expect(other.reload).toHaveBeenCalledTimes(1);

    clock.now += 1;
    await loadChunk(failing, env);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
  });

  it('never reloads without sessionStorage (no guard, no loop)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { env, reload } = envAt({ now: 0 }, '/', null);
    await loadChunk(failing, env);
    expect(reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it('never logs with console.error', async () => {
    const error = vi.spyOn(console, 'error');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const clock = { now: 5 };
    const { env } = envAt(clock);
    await loadChunk(failing, env);
    await loadChunk(failing, env);
    expect(error).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { logWarning } from './log.ts';

describe('logWarning', () => {
  it('warns (never errors) with a recognisable prefix', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const cause = new Error('offline');
    logWarning('build check failed', cause);
    logWarning('plain');
    expect(warn).toHaveBeenNthCalledWith(1, '[islands] build check failed', cause);
    expect(warn).toHaveBeenNthCalledWith(2, '[islands] plain');
    expect(error).not.toHaveBeenCalled();
  });
});

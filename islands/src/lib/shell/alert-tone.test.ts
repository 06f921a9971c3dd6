import { describe, expect, it } from 'vitest';
import { alertTone } from './alert-tone.ts';

describe('alertTone', () => {
  it('keeps error and success, and makes anything else a warning', () => {
    expect(alertTone('error')).toBe('error');
    expect(alertTone('success')).toBe('success');
    expect(alertTone('warning')).toBe('warning');
    expect(alertTone('info')).toBe('warning');
    expect(alertTone('')).toBe('warning');
  });
});

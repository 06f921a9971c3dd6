import { describe, expect, it } from 'vitest';
import { isSlowConnection } from './connection.ts';

const navigatorWith = (connection?: object) => ({ connection }) as unknown as Navigator;

describe('isSlowConnection', () => {
  it('is true with saveData or a 2G-class connection', () => {
    expect(isSlowConnection(navigatorWith({ saveData: true, effectiveType: '4g' }))).toBe(true);
    expect(isSlowConnection(navigatorWith({ effectiveType: 'slow-2g' }))).toBe(true);
    expect(isSlowConnection(navigatorWith({ effectiveType: '2g' }))).toBe(true);
  });

  it('is false on faster connections and where the API is missing', () => {
    expect(isSlowConnection(navigatorWith({ saveData: false, effectiveType: '3g' }))).toBe(false);
    expect(isSlowConnection(navigatorWith({ effectiveType: '4g' }))).toBe(false);
    expect(isSlowConnection(navigatorWith())).toBe(false);
    expect(isSlowConnection(undefined)).toBe(false);
  });
});

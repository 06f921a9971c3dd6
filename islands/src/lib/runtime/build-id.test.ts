import { afterEach, describe, expect, it } from 'vitest';
import { readBuildId } from './build-id.ts';

describe('readBuildId', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('reads <meta name="build-id">', () => {
    document.head.innerHTML = '<meta name="build-id" content=" 3f2a1b9c ">';
    expect(readBuildId(document)).toBe('3f2a1b9c');
  });

  it('is null without the meta or with an empty one', () => {
    expect(readBuildId(document)).toBeNull();
    document.head.innerHTML = '<meta name="build-id" content="">';
    expect(readBuildId(document)).toBeNull();
  });
});

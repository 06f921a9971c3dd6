import { describe, expect, it } from 'vitest';
import { stripLinkTags } from './strip-link-tags.ts';

describe('stripLinkTags', () => {
  it('removes every <link> tag and keeps the rest', () => {
    const html =
      '<link rel="preload" as="image" href="/a.png"/><div>x<LINK rel="stylesheet" href="/s.css" precedence="default">y</div><a href="/link">link</a>';
    expect(stripLinkTags(html)).toBe('<div>xy</div><a href="/link">link</a>');
  });
});

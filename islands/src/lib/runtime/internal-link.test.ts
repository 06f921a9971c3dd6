import { describe, expect, it } from 'vitest';
import { anchorOfEvent, internalLinkUrl, isCurrentPage } from './internal-link.ts';

const location = new URL('https://shop.example/services?category=cleaning') as unknown as Location;

function anchor(html: string): HTMLAnchorElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.firstElementChild as HTMLAnchorElement;
}

const urlOf = (html: string) => internalLinkUrl(anchor(html), location)?.href ?? null;

describe('internalLinkUrl', () => {
  it('accepts same-origin pages, relative or absolute', () => {
    expect(urlOf('<a href="/jobs">')).toBe('https://shop.example/jobs');
    expect(urlOf('<a href="details?id=3">')).toBe('https://shop.example/details?id=3');
    expect(urlOf('<a href="https://shop.example/about#team">')).toBe('https://shop.example/about#team');
  });

  it('rejects other origins, the API, downloads, and non-http links', () => {
    expect(urlOf('<a href="https://elsewhere.example/jobs">')).toBeNull();
    expect(urlOf('<a href="http://shop.example/jobs">')).toBeNull();
    expect(urlOf('<a href="/api/service/">')).toBeNull();
    expect(urlOf('<a href="/api">')).toBeNull();
    expect(urlOf('<a href="/files/cv.pdf" download>')).toBeNull();
    expect(urlOf('<a href="mailto:hello@shop.example">')).toBeNull();
    expect(urlOf('<a href="tel:+44">')).toBeNull();
    expect(urlOf('<a href="javascript:void(0)">')).toBeNull();
    expect(urlOf('<a>')).toBeNull();
  });

  it('keeps paths that only start like the API', () => {
    expect(urlOf('<a href="/apply">')).toBe('https://shop.example/apply');
  });
});

describe('isCurrentPage', () => {
  it('compares path and query, not the hash', () => {
    expect(isCurrentPage(new URL('https://shop.example/services?category=cleaning#top'), location)).toBe(true);
    expect(isCurrentPage(new URL('https://shop.example/services'), location)).toBe(false);
  });
});

describe('anchorOfEvent', () => {
  it('finds the link around the event target', () => {
    const link = anchor('<a href="/jobs"><span>Jobs</span></a>');
    const span = link.querySelector('span') as HTMLSpanElement;
    // Not a click: jsdom would try to follow the link.
    const event = new MouseEvent('mouseover', { bubbles: true });
    let found: HTMLAnchorElement | null = null;
    link.addEventListener('mouseover', (e) => {
      found = anchorOfEvent(e);
    });
    span.dispatchEvent(event);
    expect(found).toBe(link);
  });
});

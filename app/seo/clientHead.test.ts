import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropServerHead, serverHeadTags } from './clientHead';

/** A head with `count` server tags, which records the selector asked for and what was removed. */
function fakeHead(count: number) {
  const removed: number[] = [];
  const asked: string[] = [];
  const tags = Array.from({ length: count }, (_, i) => ({ remove: () => removed.push(i) }));
  vi.stubGlobal('document', {
    head: {
      querySelectorAll: (selector: string) => {
        asked.push(selector);
        return tags;
      },
    },
  });
  vi.stubGlobal('location', { href: 'https://shop.example/products/domestic/oil#top' });
  return { removed, asked };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dropServerHead', () => {
  it('does nothing on the server', () => {
    expect(() => dropServerHead(new Request('https://shop.example/about'))).not.toThrow();
  });

  it('drops the canonical, Open Graph and JSON-LD tags when the browser goes elsewhere', () => {
    const head = fakeHead(3);
    dropServerHead(new Request('https://shop.example/about'));
    expect(head.asked).toEqual([serverHeadTags]);
    expect(head.removed).toEqual([0, 1, 2]);
  });

  it('keeps them when the page itself reloads its data (same address)', () => {
    const head = fakeHead(2);
    dropServerHead(new Request('https://shop.example/products/domestic/oil'));
    expect(head.removed).toEqual([]);
  });

  it('selects only the tags app/seo writes', () => {
    expect(serverHeadTags.split(',')).toEqual([
      'link[rel=canonical]',
      'meta[property^="og:"]',
      'script[type="application/ld+json"]',
    ]);
  });
});

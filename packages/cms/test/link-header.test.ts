import { describe, expect, it } from 'vitest';
import { restRootFromHeaders } from '../src/core/discovery.js';
import { findLink } from '../src/internal/link-header.js';
import { fixture } from './helpers.js';

describe('Link header parsing', () => {
  it('reads prev and next from the real paged collection headers', () => {
    const link = fixture('posts-collection-paged').headers.get('link');
    expect(findLink(link, 'prev')).toBe(
      'http://127.0.0.1:8888/wp-json/wp/v2/posts?per_page=2&page=1&_fields=id%2Ctitle',
    );
    expect(findLink(link, 'next')).toBe(
      'http://127.0.0.1:8888/wp-json/wp/v2/posts?per_page=2&page=3&_fields=id%2Ctitle',
    );
  });

  it('reads the REST root from the real site headers', () => {
    const root = restRootFromHeaders(fixture('site-index').headers, 'http://127.0.0.1:8888');
    expect(root?.href).toBe('http://127.0.0.1:8888/wp-json/');
  });

  it('handles bare rel values, several relations, commas inside URLs and junk', () => {
    const header = '<http://a/?x=1,2>; rel=next, <http://b/>; rel="prev first"';
    expect(findLink(header, 'next')).toBe('http://a/?x=1,2');
    expect(findLink(header, 'prev')).toBe('http://b/');
    expect(findLink(header, 'FIRST')).toBe('http://b/');
    expect(findLink('nonsense', 'next')).toBeUndefined();
    expect(findLink(null, 'next')).toBeUndefined();
    expect(findLink('<http://x/>; title="t"', 'next')).toBeUndefined();
  });
});

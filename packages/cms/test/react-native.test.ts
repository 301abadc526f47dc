// What React Native changes for the CMS client (the Hermes gate runs the built package on the
// engine, scripts/hermes): its URL has getters and no setters (an assignment throws in strict
// code), and Hermes ignores Symbol.hasInstance, so the error check across copies is exported.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isViewlinkError, NotFoundError, PostsClient } from '../src/index.js';

/** A URL like React Native's: reading works, writing a part throws. */
class SetterlessUrl extends URL {
  constructor(url: string | URL, base?: string | URL) {
    super(url, base);
    for (const part of ['href', 'pathname', 'search', 'hash', 'host', 'hostname', 'port', 'protocol'] as const) {
      const value = super[part];
      Object.defineProperty(this, part, {
        get: () => value,
        set: () => {
          throw new TypeError(`Cannot assign to property '${part}' which has only a getter`);
        },
      });
    }
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('on React Native', () => {
  it('a restRoot without its trailing slash is taken under a URL without setters', async () => {
    vi.stubGlobal('URL', SetterlessUrl);
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(String(url));
      return Response.json([]);
    }) as typeof globalThis.fetch;
    const posts = new PostsClient({ baseUrl: 'https://blog.test', restRoot: 'https://blog.test/wp-json', fetch });
    await posts.list({ per_page: 2 });
    expect(urls).toEqual(['https://blog.test/wp-json/cms/v2/posts?per_page=2']);
  });

  it('isViewlinkError comes from @viewlink/cms too (instanceof fails across copies on Hermes)', () => {
    const error = new NotFoundError({
      method: 'GET',
      url: 'https://blog.test/wp-json/cms/v2/posts/9',
      status: 404,
      code: 'rest_post_invalid_id',
    });
    expect(isViewlinkError(error, NotFoundError)).toBe(true);
  });
});

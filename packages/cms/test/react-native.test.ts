// What React Native changes for the CMS client (the Hermes gate runs the built package on the
// engine, scripts/hermes): its URL has getters and no setters (an assignment throws in strict
// code), Hermes ignores Symbol.hasInstance, so the error check across copies is exported, and it
// lacks ReadableStream (and, before React Native 0.74, TextEncoder and btoa).
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
  vi.resetModules();
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

  it('identical reads at once share one request without structuredClone (Hermes): each caller its own copy', async () => {
    vi.stubGlobal('structuredClone', undefined);
    vi.resetModules();
    const { PostsClient: Fresh } = await import('../src/index.js');
    // A parsed "__proto__" key is data: the copy keeps it as its own property, not as a prototype.
    const body = `[{"id":5,"slug":"hello","title":{"rendered":"Grüße"},"meta":{"__proto__":{"polluted":true}}}]`;
    let sent = 0;
    const fetch = (async () => {
      sent++;
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const posts = new Fresh({ baseUrl: 'https://blog.test', restRoot: 'https://blog.test/wp-json/', fetch });
    const [first, second] = await Promise.all([posts.list(), posts.list()]);
    expect(sent).toBe(1);
    expect(second.items).toEqual(first.items);
    expect(second.items[0]).not.toBe(first.items[0]);
    expect(second.items[0]?.title).not.toBe(first.items[0]?.title);
    const meta = second.items[0]?.meta as Record<string, unknown>;
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(Object.hasOwn(meta, '__proto__')).toBe(true);
  });

  it('an application password without TextEncoder and btoa (Hermes before React Native 0.74): the same Basic header, scrubbed from errors', async () => {
    vi.stubGlobal('TextEncoder', undefined);
    vi.stubGlobal('btoa', undefined);
    const sent: (string | null)[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('authorization'));
      // A server echoing the credential back: the error must not show it.
      return Response.json({ code: 'rest_forbidden', message: `refused ${sent.at(-1)}` }, { status: 403 });
    }) as typeof globalThis.fetch;
    const auth = { username: 'rédacteur', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' };
    const posts = new PostsClient({
      baseUrl: 'http://127.0.0.1:8080',
      restRoot: 'http://127.0.0.1:8080/wp-json/',
      auth,
      fetch,
    });
    const error = (await posts.list().catch((caught: unknown) => caught)) as Error;
    const expected = `Basic ${Buffer.from('rédacteur:abcd efgh ijkl mnop qrst uvwx').toString('base64')}`;
    expect(sent).toEqual([expected]);
    expect(error.name).toBe('PermissionDeniedError');
    expect(JSON.stringify(error) + error.message).not.toContain(expected.slice('Basic '.length));
  });

  it('media.upload of a source that is no file, without ReadableStream (Hermes): ValidationError, nothing sent', async () => {
    vi.stubGlobal('ReadableStream', undefined);
    let sent = 0;
    const fetch = (async () => {
      sent++;
      return Response.json({});
    }) as typeof globalThis.fetch;
    const { CmsClient } = await import('../src/index.js');
    const auth = { username: 'admin', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' };
    const client = new CmsClient({
      baseUrl: 'http://127.0.0.1:8080',
      restRoot: 'http://127.0.0.1:8080/wp-json/',
      auth,
      fetch,
    });
    const upload = client.media.upload('not a file' as never, { filename: 'a.png' });
    await expect(upload).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringContaining('file') });
    expect(sent).toBe(0);
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

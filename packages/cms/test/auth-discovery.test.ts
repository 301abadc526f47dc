import { inspect } from 'node:util';
import { route, routeTable } from '@viewlink/schemas';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { APIError, ConfigurationError } from '../src/core/errors.js';
import type { CmsClientOptions } from '../src/core/options.js';
import { cmsCore, fixture, ROOT, SECRET, SITE, useMswServer } from './helpers.js';

const table = routeTable({
  'GET /cms/v2/me': route({
    method: 'GET',
    path: '/cms/v2/me',
    operationId: 'me',
    summary: 'Me',
    namespace: 'cms',
    response: z.looseObject({ id: z.number() }),
    auth: 'required',
  }),
});

const server = useMswServer();

function core(options: Partial<CmsClientOptions> = {}) {
  return cmsCore({ baseUrl: SITE, namespaces: { cms: 'wp/v2' }, retry: false, ...options }, table);
}

describe('REST-root discovery', () => {
  it('reads the Link header of a HEAD on the site and caches the root', async () => {
    const heads = vi.fn();
    server.use(
      http.head(`${SITE}/`, () => {
        heads();
        return new HttpResponse(null, { headers: { link: fixture('site-index').headers.get('link') ?? '' } });
      }),
      http.get(`${ROOT}/wp/v2/me`, () => HttpResponse.json({ id: 1 })),
    );
    const c = core();
    expect((await c.requester.call('GET /cms/v2/me', {})).data).toEqual({ id: 1 });
    await c.requester.call('GET /cms/v2/me', {});
    expect(heads).toHaveBeenCalledTimes(1);
    expect((await c.resolver.resolve()).root.href).toBe(`${ROOT}/`);
  });

  it('falls back to GET when HEAD is refused, and supports ?rest_route= roots', async () => {
    server.use(
      http.head(`${SITE}/`, () => new HttpResponse(null, { status: 405 })),
      http.get(`${SITE}/`, ({ request }) => {
        const route = new URL(request.url).searchParams.get('rest_route');
        if (route === '/wp/v2/me') return HttpResponse.json({ id: 2 });
        return new HttpResponse('<html></html>', {
          headers: { link: `<${SITE}/?rest_route=/>; rel="https://api.w.org/"`, 'content-type': 'text/html' },
        });
      }),
    );
    expect((await core().requester.call('GET /cms/v2/me', {})).data).toEqual({ id: 2 });
  });

  it('falls back to /wp-json/ with a warning when the site advertises nothing', async () => {
    const warn = vi.fn();
    server.use(
      http.head(`${SITE}/`, () => new HttpResponse(null, { status: 200 })),
      http.get(`${SITE}/`, () => new HttpResponse('plain')),
      http.get(`${ROOT}/wp/v2/me`, () => HttpResponse.json({ id: 3 })),
    );
    expect((await core({ logger: { warn } }).requester.call('GET /cms/v2/me', {})).data).toEqual({ id: 3 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('restRoot'));
  });

  it('forgets a failed discovery so the next call tries again', async () => {
    let up = false;
    server.use(
      http.head(`${SITE}/`, () =>
        up
          ? new HttpResponse(null, { headers: { link: `<${ROOT}/>; rel="https://api.w.org/"` } })
          : HttpResponse.error(),
      ),
      http.get(`${ROOT}/wp/v2/me`, () => HttpResponse.json({ id: 4 })),
    );
    const c = core();
    await expect(c.requester.call('GET /cms/v2/me', {})).rejects.toThrow(/Connection failed/);
    up = true;
    expect((await c.requester.call('GET /cms/v2/me', {})).data).toEqual({ id: 4 });
  });

  it('takes a given restRoot, absolute or relative, without discovery', async () => {
    server.use(http.get(`${SITE}/blog/wp-json/wp/v2/me`, () => HttpResponse.json({ id: 5 })));
    const c = core({ baseUrl: `${SITE}/blog`, restRoot: 'wp-json' });
    expect((await c.requester.call('GET /cms/v2/me', {})).data).toEqual({ id: 5 });
    const d = core({ restRoot: '/blog/wp-json/' });
    expect((await d.requester.call('GET /cms/v2/me', {})).data).toEqual({ id: 5 });
  });
});

describe('authentication', () => {
  const auth = { username: 'admin', applicationPassword: SECRET };

  it('sends application passwords as Basic', async () => {
    let header: string | null = null;
    server.use(
      http.get(`${ROOT}/wp/v2/me`, ({ request }) => {
        header = request.headers.get('authorization');
        return HttpResponse.json({ id: 1 });
      }),
    );
    await core({ auth, restRoot: ROOT }).requester.call('GET /cms/v2/me', {});
    expect(header).toBe(`Basic ${btoa(`admin:${SECRET}`)}`);
  });

  it('refuses Basic over plain http except to loopback hosts', () => {
    expect(() => core({ auth, baseUrl: 'http://example.com' })).toThrow(ConfigurationError);
    expect(() => core({ auth, baseUrl: 'https://example.com', restRoot: 'http://example.com/wp-json/' })).toThrow(
      /restRoot.*https/,
    );
    expect(() => core({ auth, baseUrl: 'http://localhost:8080' })).not.toThrow();
    expect(() => core({ auth, baseUrl: 'https://example.com' })).not.toThrow();
    expect(() => core({ baseUrl: 'http://example.com' })).not.toThrow();
  });

  it('refuses a discovered plain-http root on another host', async () => {
    server.use(
      http.head(
        'https://example.com/',
        () => new HttpResponse(null, { headers: { link: '<http://example.com/wp-json/>; rel="https://api.w.org/"' } }),
      ),
    );
    await expect(core({ auth, baseUrl: 'https://example.com' }).requester.call('GET /cms/v2/me', {})).rejects.toThrow(
      ConfigurationError,
    );
  });

  it('nonce auth sends X-WP-Nonce with credentials: include', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      expect(init?.credentials).toBe('include');
      expect(new Headers(init?.headers).get('x-wp-nonce')).toBe('n0nce-123');
      return HttpResponse.json({ id: 9 });
    });
    const c = core({ auth: { nonce: () => 'n0nce-123' }, restRoot: ROOT, fetch: fetch as typeof globalThis.fetch });
    expect((await c.requester.call('GET /cms/v2/me', {})).data).toEqual({ id: 9 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a custom hook adds its headers', async () => {
    let header: string | null = null;
    server.use(
      http.get(`${ROOT}/wp/v2/me`, ({ request }) => {
        header = request.headers.get('authorization');
        return HttpResponse.json({ id: 1 });
      }),
    );
    await core({ auth: { headers: async () => ({ authorization: 'Bearer tok-xyz' }) }, restRoot: ROOT }).requester.call(
      'GET /cms/v2/me',
      {},
    );
    expect(header).toBe('Bearer tok-xyz');
  });

  it('rejects malformed auth options', () => {
    expect(() => core({ auth: { username: '', applicationPassword: 'x' } })).toThrow(/username/);
    expect(() => core({ auth: { username: '  ', applicationPassword: 'x' } })).toThrow(/auth\.username/);
    expect(() => core({ auth: {} as never })).toThrow(/auth/);
  });

  it('never leaks the application password through errors', async () => {
    server.use(
      http.get(`${ROOT}/wp/v2/me`, ({ request }) =>
        HttpResponse.json(
          {
            code: 'rest_not_logged_in',
            message: `Bad password ${SECRET} / ${request.headers.get('authorization')}`,
            data: { status: 401, params: { password: SECRET } },
          },
          { status: 401 },
        ),
      ),
    );
    const error = await core({ auth, restRoot: ROOT })
      .requester.call('GET /cms/v2/me', {})
      .then(
        () => undefined as never,
        (e: unknown) => e as APIError,
      );
    expect(error).toBeInstanceOf(APIError);
    const texts = [
      String(error),
      error.message,
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
      error.stack ?? '',
    ];
    for (const text of texts) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(SECRET.replace(/\s+/g, ''));
      expect(text).not.toContain(btoa(`admin:${SECRET}`));
    }
  });
});

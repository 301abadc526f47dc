/**
 * The CMS client on the transport pipeline: an auth hook renewed and replayed once on 401,
 * batch operations validated once (when added), and resources that stay thin.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AuthenticationError, CmsClient, PostsClient } from '../src/index.js';
import { useMswServer } from './helpers.js';

const server = useMswServer();
const SITE = 'http://127.0.0.1:9913';

describe('auth strategy', () => {
  it('an auth hook with renew(): a 401 renews once and the request is replayed with fresh headers', async () => {
    let token = 'jwt-old';
    const seen: string[] = [];
    server.use(
      http.get(`${SITE}/wp-json/wp/v2/posts/5`, ({ request }) => {
        const auth = request.headers.get('authorization') ?? '';
        seen.push(auth);
        return auth === 'Bearer jwt-new'
          ? HttpResponse.json({ id: 5 })
          : HttpResponse.json({ code: 'jwt_auth_invalid_token', message: 'Expired' }, { status: 401 });
      }),
    );
    const renew = vi.fn(async () => {
      token = 'jwt-new';
    });
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: `${SITE}/wp-json/`,
      namespaces: { cms: 'wp/v2' },
      validation: 'off',
      auth: { headers: () => ({ authorization: `Bearer ${token}` }), renew },
    });
    await expect(cms.posts.get(5)).resolves.toMatchObject({ id: 5 });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Bearer jwt-old', 'Bearer jwt-new']);
  });

  it('without renew() a 401 is final: one request, an AuthenticationError', async () => {
    let requests = 0;
    server.use(
      http.get(`${SITE}/wp-json/wp/v2/posts/5`, () => {
        requests++;
        return HttpResponse.json({ code: 'rest_not_logged_in', message: 'no' }, { status: 401 });
      }),
    );
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: `${SITE}/wp-json/`,
      namespaces: { cms: 'wp/v2' },
      auth: { headers: () => ({ authorization: 'Bearer x' }) },
    });
    await expect(cms.posts.get(5)).rejects.toBeInstanceOf(AuthenticationError);
    expect(requests).toBe(1);
  });
});

describe('batch', () => {
  it('validates each operation once, when it is added, and sends that prepared request', async () => {
    const service = createMockService();
    server.use(...toMswHandlers(SITE, service));
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: `${SITE}/wp-json/`,
      auth: { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' },
    });
    // The pages routes load on first use (internal/route-groups.ts); loaded, they validate when added.
    await cms.routes.load('POST /cms/v2/pages');
    // The route client's prepare stage: every call passes through it once.
    const prepare = vi.spyOn(cms.routes.routes, 'prepare');
    const batch = cms.batch().posts.create({ title: 'a', status: 'publish' }).pages.create({ title: 'b' });
    expect(prepare.mock.calls.map(([key]) => key)).toEqual(['POST /cms/v2/posts', 'POST /cms/v2/pages']);
    const result = await batch.run();
    expect(result.ok).toBe(true);
    // The run prepares only its own /batch/v1 request; the operations are sent as prepared.
    expect(prepare.mock.calls.map(([key]) => key)).toEqual([
      'POST /cms/v2/posts',
      'POST /cms/v2/pages',
      'POST /batch/v1',
    ]);
  });
});

describe('batch over a route group not loaded yet', () => {
  it('validates the operation when run() has loaded its group, before anything is sent', async () => {
    const service = createMockService();
    server.use(...toMswHandlers(SITE, service));
    const fetch = vi.fn(globalThis.fetch);
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: `${SITE}/wp-json/`,
      fetch,
      auth: { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' },
    });
    // The pages group is not loaded: queued now (batchable by its key), validated by run().
    // @ts-expect-error status must be one of the writable statuses
    const bad = cms.batch().pages.create({ title: 'b', status: 'nope' });
    expect(bad.size).toBe(1);
    await expect(bad.run()).rejects.toThrow(/status/);
    expect(fetch).not.toHaveBeenCalled();
    // A route that cannot be batched is refused when added, loaded or not.
    // @ts-expect-error GET is not batchable
    expect(() => cms.batch().add('GET /cms/v2/blocks', {})).toThrow(/cannot be batched/);
    const good = await cms.batch().blocks.create({ title: 'c', content: 'x' }).run();
    expect(good.ok).toBe(true);
  });
});

describe('resources stay thin', () => {
  const dir = fileURLToPath(new URL('../src/resources/', import.meta.url));
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));

  it('no resource casts through unknown', () => {
    for (const name of files) expect(readFileSync(`${dir}${name}`, 'utf8'), name).not.toContain('as unknown as');
  });

  it('no `as never` or `as unknown as` anywhere in the package source', () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(40);
    for (const name of sources)
      expect(readFileSync(`${src}${name}`, 'utf8'), name).not.toMatch(/\bas (never|unknown as)\b/);
  });

  it('every resource method is built from a definition: it carries its route key', () => {
    const cms = new CmsClient({ baseUrl: SITE });
    const methods = [
      cms.posts.list,
      cms.pages.create,
      cms.media.upload,
      cms.templates.revisions.delete,
      cms.site.index,
    ];
    expect(methods.map((method) => (method as { routeKey?: string }).routeKey)).toEqual([
      'GET /cms/v2/posts',
      'POST /cms/v2/pages',
      'POST /cms/v2/media',
      'DELETE /cms/v2/templates/{template_id}/revisions/{id}',
      'GET /',
    ]);
  });

  it('twins are one definition: posts, pages and blocks differ only by their type in every route key', () => {
    const cms = new CmsClient({ baseUrl: SITE });
    const keysOf = (resource: object): string[] =>
      Object.entries(resource).flatMap(([name, value]) =>
        typeof value === 'function'
          ? [`${name} ${(value as { routeKey?: string }).routeKey}`]
          : keysOf(value).map((key) => `${name}.${key}`),
      );
    const posts = keysOf(cms.posts);
    expect(posts).toHaveLength(11);
    expect(keysOf(cms.pages)).toEqual(posts.map((key) => key.replaceAll('/posts', '/pages')));
    expect(keysOf(cms.blocks)).toEqual(posts.map((key) => key.replaceAll('/posts', '/blocks')));
    expect(keysOf(new PostsClient({ baseUrl: SITE }))).toEqual(posts);
  });

  it('no resource class is more than three levels deep (Resource, a shared shape, the resource)', () => {
    const cms = new CmsClient({ baseUrl: SITE });
    const resources = [cms.posts, cms.pages, cms.media, cms.menuItems, cms.blocks, cms.templates, cms.oembed, cms.site];
    resources.push(cms.posts.revisions as never, cms.posts.autosaves as never);
    for (const resource of resources) {
      let depth = 0;
      for (
        let proto = Object.getPrototypeOf(resource);
        proto !== Object.prototype;
        proto = Object.getPrototypeOf(proto)
      )
        depth++;
      expect(depth, resource.constructor.name).toBeLessThanOrEqual(3);
    }
  });
});

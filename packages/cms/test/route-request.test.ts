import { cmsRoutes, expandPath, route, routeTable } from '@viewlink/schemas';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ValidationError } from '../src/core/errors.js';
import { Namespaces } from '../src/core/namespaces.js';
import { cmsCore, countingFetch, ROOT, rejection, SITE, useMswServer } from './helpers.js';

const item = z.looseObject({ id: z.number(), title: z.string() });
const table = routeTable({
  'GET /cms/v2/things/{id}': route({
    method: 'GET',
    path: '/cms/v2/things/{id}',
    operationId: 'getThing',
    summary: 'Get a thing',
    namespace: 'cms',
    params: z.strictObject({ id: z.coerce.number().check(z.int(), z.positive()) }),
    query: z.strictObject({
      context: z._default(z.optional(z.enum(['view', 'embed', 'edit'])), 'view'),
      per_page: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100))),
    }),
    response: item,
    auth: 'optional',
  }),
  'POST /cms/v2/things/{id}': route({
    method: 'POST',
    path: '/cms/v2/things/{id}',
    operationId: 'updateThing',
    summary: 'Update a thing',
    namespace: 'cms',
    params: z.strictObject({ id: z.number() }),
    body: z.strictObject({ title: z.optional(z.string()), status: z.optional(z.enum(['publish', 'draft'])) }),
    response: item,
    auth: 'required',
  }),
});

const server = useMswServer();

function requester(fetch = countingFetch(), namespaces = { cms: 'wp/v2' }) {
  const core = cmsCore({ baseUrl: SITE, restRoot: `${ROOT}/`, namespaces, fetch, retry: false }, table);
  return { req: core.requester, fetch };
}

describe('typed route requests', () => {
  it('validates, expands the path, maps the namespace and validates the response', async () => {
    server.use(
      http.get(`${ROOT}/wp/v2/things/5`, ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json({ id: 5, title: `ctx=${url.searchParams.get('context')}`, extra: true });
      }),
    );
    const { req } = requester();
    const { data, status } = await req.call('GET /cms/v2/things/{id}', {
      params: { id: 5 },
      query: { context: 'edit' },
    });
    expect(status).toBe(200);
    expect(data).toEqual({ id: 5, title: 'ctx=edit', extra: true });
  });

  it('does not send defaults the caller did not give', async () => {
    let search = '?';
    server.use(
      http.get(`${ROOT}/wp/v2/things/5`, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ id: 5, title: 't' });
      }),
    );
    await requester().req.call('GET /cms/v2/things/{id}', { params: { id: 5 } });
    expect(search).toBe('');
  });

  it('rejects bad query, params and body before sending, naming the field', async () => {
    const { req, fetch } = requester();
    const perPage = await rejection(
      req.call('GET /cms/v2/things/{id}', { params: { id: 5 }, query: { per_page: 500 } }),
    );
    expect(perPage).toBeInstanceOf(ValidationError);
    expect(perPage.issues[0]?.path).toEqual(['per_page']);
    expect(perPage.message).toContain('per_page');
    const badEnum = await rejection(
      req.call('GET /cms/v2/things/{id}', { params: { id: 5 }, query: { context: 'nope' as 'view' } }),
    );
    expect(badEnum.issues[0]?.path).toEqual(['context']);
    const badId = await rejection(req.call('GET /cms/v2/things/{id}', { params: { id: -1 } }));
    expect(badId.issues[0]?.path).toEqual(['id']);
    const badBody = await rejection(
      req.call('POST /cms/v2/things/{id}', { params: { id: 1 }, body: { status: 'gone' as 'draft' } }),
    );
    expect(badBody.issues[0]?.path).toEqual(['status']);
    expect(fetch.calls).toHaveLength(0);
  });

  it('splits a flat input into params, query and body', () => {
    const { req } = requester();
    expect(req.split('GET /cms/v2/things/{id}', { id: 5, context: 'edit' })).toEqual({
      params: { id: 5 },
      query: { context: 'edit' },
    });
    expect(req.split('POST /cms/v2/things/{id}', { id: 5, title: 'x', junk: 1 })).toEqual({
      params: { id: 5 },
      body: { title: 'x', junk: 1 },
    });
  });

  it('prepare() gives the served path and JSON body without I/O (for batches)', () => {
    const { req, fetch } = requester(countingFetch(), { cms: 'acme/v9' });
    const prepared = req.prepare('POST /cms/v2/things/{id}', { params: { id: 3 }, body: { title: 'x' } });
    expect(prepared).toMatchObject({ method: 'POST', path: '/acme/v9/things/3', json: { title: 'x' } });
    expect(fetch.calls).toHaveLength(0);
  });

  it('expands paths exactly like expandPath, keeping the // of template ids', () => {
    const core = cmsCore({ baseUrl: SITE, restRoot: `${ROOT}/`, namespaces: { cms: 'wp/v2' } }, cmsRoutes);
    for (const template_id of ['twentytwentyfour//index', 'my theme//slug%x', 'single-segment', 'a/b']) {
      const prepared = core.requester.prepare('GET /cms/v2/templates/{template_id}/revisions/{id}', {
        params: { template_id, id: 7 },
      });
      const expected = expandPath('/wp/v2/templates/{template_id}/revisions/{id}', { template_id, id: 7 });
      expect(prepared.path).toBe(expected);
    }
    // The theme may hold any character but the excluded ones; it is percent-encoded for the path.
    expect(
      core.requester.prepare('GET /cms/v2/templates/{template_id}', { params: { template_id: 'my thème//x' } }).path,
    ).toBe('/wp/v2/templates/my%20th%C3%A8me//x');
    // WordPress reads the route percent-decoded: after the theme, no space, dot or non-ASCII letter.
    for (const template_id of ['t//x y', 'twentytwentyfour//ünï', 't//a.b'])
      expect(() => core.requester.prepare('GET /cms/v2/templates/{template_id}', { params: { template_id } })).toThrow(
        ValidationError,
      );
  });

  it('refuses an unknown route key and a malformed raw request with a ValidationError, sending nothing', async () => {
    const { req, fetch } = requester();
    for (const key of ['GET /nope', 'toString']) {
      const unknown = await rejection(req.call(key as never, {} as never));
      expect(unknown).toBeInstanceOf(ValidationError);
      expect(unknown.message).toContain(`unknown route ${JSON.stringify(key)}`);
      // The key is the whole problem: no path before it ("route key: route: unknown route").
      expect(unknown.message).toMatch(/^Invalid route key: unknown route /);
    }
    expect(() => req.split('GET /nope' as never, {})).toThrow(ValidationError);
    for (const [request, path] of [
      [undefined, ''],
      [{ method: 'GET' }, 'path'],
      [{ method: 'YEET', path: '/x' }, 'method'],
    ] as const) {
      const error = await rejection(req.raw(request as never));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.issues[0]?.path.join('.')).toBe(path);
    }
    expect(fetch.calls).toHaveLength(0);
  });

  it('raw() sends untyped requests relative to the REST root', async () => {
    server.use(http.post(`${ROOT}/custom/v1/echo`, async ({ request }) => HttpResponse.json(await request.json())));
    const { data } = await requester().req.raw({ method: 'POST', path: '/custom/v1/echo', body: { a: 1 } });
    expect(data).toEqual({ a: 1 });
  });
});

describe('namespace mapping', () => {
  it('maps table paths to served ones and back', () => {
    const ns = new Namespaces({ cms: 'wp/v2', seo: 'yoast/v1' });
    expect(ns.toServed('/cms/v2/posts/1')).toBe('/wp/v2/posts/1');
    expect(ns.toServed('/cms/v2')).toBe('/wp/v2');
    expect(ns.toServed('/cms/v20/x')).toBe('/cms/v20/x');
    expect(ns.toServed('/oembed/1.0/embed')).toBe('/oembed/1.0/embed');
    expect(ns.toTable('/yoast/v1/get_head')).toBe('/seo/v1/get_head');
    expect(ns.nameOf('wp/v2')).toBe('cms');
    // Routes are mapped by their table `namespace` field, falling back to the path prefix.
    expect(ns.servedPathOf({ path: '/seo/v1/get_head', namespace: 'seo' })).toBe('/yoast/v1/get_head');
    expect(ns.servedPathOf({ path: '/cms/v2/posts/{id}', namespace: 'cms' })).toBe('/wp/v2/posts/{id}');
    expect(ns.servedPathOf({ path: '/forms/v1/setup-wizard/hydrate' })).toBe('/forms/v1/setup-wizard/hydrate');
    expect(ns.servedPathOf({ path: '/' })).toBe('/');
    expect(() => new Namespaces({ bogus: 'x/v1' } as never)).toThrow(/bogus/);
    expect(() => new Namespaces({ cms: 'has space' })).toThrow(/namespaces.cms/);
  });
});

/**
 * Every read of `cmsQueries()`, resource by resource: its query key (the documented layout, which
 * cached data and invalidation depend on) and the route its `queryFn` reads.
 */
import type { QueryFunctionContext } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { CmsClient } from '../src/index.js';
import { cmsQueries } from '../src/query.js';
import { SITE } from './helpers.js';

/** The reads under test, loosely: each resource's own types are the type tests' business. */
interface AnyReads {
  list(query?: object): object;
  infinite(query?: object): object;
  get(id: number, query?: object): object;
  revisions: { list(parent: number, query?: object): object; get(parent: number, id: number): object };
  autosaves: { list(parent: number): object; get(parent: number, id: number, query?: object): object };
}

describe('cmsQueries() keys and routes', () => {
  // Records each request and answers 404: what matters is where the read went.
  const sent: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init));
    return Response.json({ code: 'rest_no_route', message: 'No route.', data: { status: 404 } }, { status: 404 });
  };
  const cms = new CmsClient({ baseUrl: SITE, restRoot: `${SITE}/wp-json/`, fetch });
  const queries = cmsQueries(cms, { site: 'blog' });
  const root = ['@viewlink/cms', 'blog'];
  const T = 'twentytwentyfour//index';

  /** The path (and query) the options' `queryFn` requests; the answer itself does not matter here. */
  async function routeOf(options: { queryFn: (context: never) => unknown }): Promise<string> {
    const before = sent.length;
    const context = { signal: new AbortController().signal, pageParam: 2, queryKey: [], meta: undefined };
    await Promise.resolve(options.queryFn(context as unknown as never)).catch(() => undefined);
    const request = sent[before];
    return request ? decodeURIComponent(new URL(request.url).pathname + new URL(request.url).search) : 'none';
  }

  const cases: [
    string,
    { queryKey: readonly unknown[]; queryFn: (c: QueryFunctionContext) => unknown },
    unknown[],
    string,
  ][] = [];
  const add = (name: string, options: object, key: unknown[], route: string) =>
    cases.push([name, options as (typeof cases)[number][1], key, route]);
  for (const resource of ['posts', 'pages', 'blocks', 'media', 'menuItems'] as const) {
    const path = resource === 'menuItems' ? 'menu-items' : resource;
    const q = queries[resource] as unknown as AnyReads;
    add(
      `${resource}.list`,
      q.list({ per_page: 2 }),
      [...root, resource, 'list', { per_page: 2 }],
      `/wp-json/cms/v2/${path}?per_page=2`,
    );
    add(`${resource}.list()`, q.list(), [...root, resource, 'list', {}], `/wp-json/cms/v2/${path}`);
    add(
      `${resource}.infinite`,
      q.infinite({ per_page: 2 }),
      [...root, resource, 'list', 'infinite', { per_page: 2 }],
      `/wp-json/cms/v2/${path}?per_page=2&page=2`,
    );
    add(
      `${resource}.get`,
      q.get(7, { context: 'view' }),
      [...root, resource, 'item', 7, 'get', { context: 'view' }],
      `/wp-json/cms/v2/${path}/7?context=view`,
    );
    add(`${resource}.get()`, q.get(7), [...root, resource, 'item', 7, 'get', {}], `/wp-json/cms/v2/${path}/7`);
  }
  for (const resource of ['posts', 'pages', 'blocks'] as const) {
    const q = queries[resource] as unknown as AnyReads;
    add(
      `${resource}.revisions.list`,
      q.revisions.list(7, { per_page: 2 }),
      [...root, resource, 'item', 7, 'revisions', 'list', { per_page: 2 }],
      `/wp-json/cms/v2/${resource}/7/revisions?per_page=2`,
    );
    add(
      `${resource}.revisions.get`,
      q.revisions.get(7, 9),
      [...root, resource, 'item', 7, 'revisions', 'get', 9, {}],
      `/wp-json/cms/v2/${resource}/7/revisions/9`,
    );
    add(
      `${resource}.autosaves.list`,
      q.autosaves.list(7),
      [...root, resource, 'item', 7, 'autosaves', 'list', {}],
      `/wp-json/cms/v2/${resource}/7/autosaves`,
    );
    add(
      `${resource}.autosaves.get`,
      q.autosaves.get(7, 9, { context: 'edit' }),
      [...root, resource, 'item', 7, 'autosaves', 'get', 9, { context: 'edit' }],
      `/wp-json/cms/v2/${resource}/7/autosaves/9?context=edit`,
    );
  }
  add(
    'menuItems.autosaves.list',
    queries.menuItems.autosaves.list(7),
    [...root, 'menuItems', 'item', 7, 'autosaves', 'list', {}],
    '/wp-json/cms/v2/menu-items/7/autosaves',
  );
  add(
    'menuItems.autosaves.get',
    queries.menuItems.autosaves.get(7, 9),
    [...root, 'menuItems', 'item', 7, 'autosaves', 'get', 9, {}],
    '/wp-json/cms/v2/menu-items/7/autosaves/9',
  );
  add(
    'templates.list',
    queries.templates.list({ area: 'header' }),
    [...root, 'templates', 'list', { area: 'header' }],
    '/wp-json/cms/v2/templates?area=header',
  );
  add(
    'templates.get',
    queries.templates.get(T),
    [...root, 'templates', 'item', T, 'get', {}],
    `/wp-json/cms/v2/templates/${T}`,
  );
  add(
    'templates.revisions.list',
    queries.templates.revisions.list(T),
    [...root, 'templates', 'item', T, 'revisions', 'list', {}],
    `/wp-json/cms/v2/templates/${T}/revisions`,
  );
  add(
    'templates.revisions.get',
    queries.templates.revisions.get(T, 9),
    [...root, 'templates', 'item', T, 'revisions', 'get', 9, {}],
    `/wp-json/cms/v2/templates/${T}/revisions/9`,
  );
  add(
    'templates.autosaves.list',
    queries.templates.autosaves.list(T),
    [...root, 'templates', 'item', T, 'autosaves', 'list', {}],
    `/wp-json/cms/v2/templates/${T}/autosaves`,
  );
  add(
    'templates.autosaves.get',
    queries.templates.autosaves.get(T, 9),
    [...root, 'templates', 'item', T, 'autosaves', 'get', 9, {}],
    `/wp-json/cms/v2/templates/${T}/autosaves/9`,
  );

  it.each(cases)('%s: key and route', async (_name, options, key, route) => {
    expect(options.queryKey).toEqual(key);
    expect(await routeOf(options)).toBe(route);
  });
});

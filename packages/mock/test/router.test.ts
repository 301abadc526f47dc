import { listParam, route, routeTable } from '@viewlink/schemas';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { coerceToSchema, createRouter, json, parseQuery } from '../src/index.js';

const table = routeTable({
  'GET /items': route({
    method: 'GET',
    path: '/items',
    operationId: 'listItems',
    summary: 'List items',
    auth: 'none',
    query: z.object({
      per_page: z._default(z.int().check(z.minimum(1), z.maximum(100)), 10),
      include: z.optional(z.array(z.int())),
      sticky: z.optional(z.boolean()),
      categories: z.optional(
        z.union([z.array(z.int()), z.object({ terms: z.array(z.int()), operator: z.optional(z.enum(['AND', 'OR'])) })]),
      ),
    }),
    response: z.array(z.unknown()),
  }),
  'GET /templates/{template_id}': route({
    method: 'GET',
    path: '/templates/{template_id}',
    operationId: 'getTemplate',
    summary: 'Get a template',
    auth: 'none',
    params: z.object({ template_id: z.string() }),
    response: z.unknown(),
  }),
  'POST /items': route({
    method: 'POST',
    path: '/items',
    operationId: 'createItem',
    summary: 'Create',
    auth: 'none',
    body: z.object({ title: z.string() }),
    response: z.unknown(),
  }),
  'DELETE /items/{id}': route({
    method: 'DELETE',
    path: '/items/{id}',
    operationId: 'deleteItem',
    summary: 'Delete',
    auth: 'none',
    response: z.unknown(),
  }),
});

const router = createRouter({
  table,
  implementations: {
    'GET /items': ({ query }) => json(query),
    'GET /templates/{template_id}': ({ params }) => json(params),
    'POST /items': ({ body }) => json(body, 201),
  },
  invalid: (_route, part, issues) => json({ part, issues }, 400),
  notFound: () => json({ code: 'no_route' }, 404),
});

const get = (path: string) => router.handle(new Request(`http://127.0.0.1${path}`));

describe('parseQuery', () => {
  it('reads PHP bracket notation into arrays and objects', () => {
    expect(parseQuery(new URLSearchParams('a[]=1&a[]=2&b[terms][]=3&b[operator]=AND&c=x'))).toEqual({
      a: ['1', '2'],
      b: { terms: ['3'], operator: 'AND' },
      c: 'x',
    });
  });

  it("reads PHP's indexed lists (http_build_query's a[0]=1&a[1]=2) as lists, at any depth", () => {
    expect(parseQuery(new URLSearchParams('a%5B0%5D=1&a%5B1%5D=2&b[terms][0]=3&b[operator]=AND'))).toEqual({
      a: ['1', '2'],
      b: { terms: ['3'], operator: 'AND' },
    });
  });

  it("keeps a repeated plain key's values as a list, or only the last one as PHP does (`repeated: 'last'`)", () => {
    const params = new URLSearchParams('a=1&a=2&b[]=3&b[]=4');
    expect(parseQuery(params)).toEqual({ a: ['1', '2'], b: ['3', '4'] });
    expect(parseQuery(params, { repeated: 'last' })).toEqual({ a: '2', b: ['3', '4'] });
  });
});

describe('coerceToSchema', () => {
  it("reads booleans in any case (Python's urlencode writes True), and leaves an empty string to be refused, as WordPress does", () => {
    const schema = z.object({ a: z.boolean(), b: z.boolean(), c: z.boolean() });
    expect(coerceToSchema(schema, { a: 'True', b: 'FALSE', c: '' })).toEqual({ a: true, b: false, c: '' });
  });

  it('turns strings into the numbers and booleans a schema expects, and leaves strings alone', () => {
    const schema = z.object({ n: z.int(), flag: z.boolean(), s: z.string(), list: z.array(z.int()) });
    expect(coerceToSchema(schema, { n: '5', flag: 'true', s: '7', list: '1,2' })).toEqual({
      n: 5,
      flag: true,
      s: '7',
      list: [1, 2],
    });
  });
});

describe('coerceToSchema of a list parameter (listParam: one value or a list)', () => {
  it('reads `status=draft` and `status=draft,publish` as WordPress does: a list, split at commas', () => {
    const schema = z.object({ status: listParam(z.enum(['draft', 'publish'])), include: listParam(z.int()) });
    const read = (search: string) => z.parse(schema, coerceToSchema(schema, parseQuery(new URLSearchParams(search))));
    expect(read('status=draft&include=3')).toEqual({ status: ['draft'], include: [3] });
    expect(read('status=draft,publish&include=3,4')).toEqual({ status: ['draft', 'publish'], include: [3, 4] });
    expect(read('status[]=draft&status[]=publish&include[]=3')).toEqual({ status: ['draft', 'publish'], include: [3] });
  });
});

describe('createRouter', () => {
  it('validates, coerces and applies defaults before the implementation runs', async () => {
    const res = await get('/items?include[]=1&include[]=2&sticky=false&categories[terms][]=4&categories[operator]=AND');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      per_page: 10,
      include: [1, 2],
      sticky: false,
      categories: { terms: [4], operator: 'AND' },
    });
  });

  it('answers invalid query input through `invalid`, naming the parameter', async () => {
    const res = await get('/items?per_page=500');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { part: string; issues: { path: string[] }[] };
    expect(body.part).toBe('query');
    expect(body.issues[0]?.path).toEqual(['per_page']);
  });

  it('matches two-segment template ids', async () => {
    const res = await get('/templates/twentytwentyfour//index');
    expect(await res.json()).toEqual({ template_id: 'twentytwentyfour//index' });
  });

  it('validates JSON bodies and refuses broken JSON', async () => {
    const ok = await router.handle(
      new Request('http://127.0.0.1/items', {
        method: 'POST',
        body: '{"title":"x"}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(ok.status).toBe(201);
    const bad = await router.handle(
      new Request('http://127.0.0.1/items', {
        method: 'POST',
        body: '{"title":',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(bad.status).toBe(400);
  });

  it('answers 404 for unknown paths and 501 for routes without an implementation', async () => {
    expect((await get('/nope')).status).toBe(404);
    expect((await router.handle(new Request('http://127.0.0.1/items/3', { method: 'DELETE' }))).status).toBe(501);
  });
});

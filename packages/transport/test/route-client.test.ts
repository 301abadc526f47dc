import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  AuthenticationError,
  type AuthStrategy,
  createRouteClient,
  createTransport,
  type PreparedRequest,
  type RouteSpec,
  ValidationError,
} from '../src/index.js';
import { BASE } from './helpers.js';

const routes = {
  'GET /items/{id}': {
    method: 'GET',
    path: '/items/{id}',
    params: z.object({ id: z.number() }),
    response: z.object({ id: z.number() }),
  },
  'POST /items': {
    method: 'POST',
    path: '/items',
    body: z.object({ name: z.string() }),
    response: z.object({ id: z.number() }),
  },
  'GET /files/{id}': {
    method: 'GET',
    path: '/files/{id}',
    params: z.object({ id: z.string() }),
    response: z.unknown(),
  },
} satisfies Record<string, RouteSpec>;

type Outputs = { 'GET /items/{id}': { id: number }; 'POST /items': { id: number }; 'GET /files/{id}': unknown };

/** A fetch that answers each request with the next of `answers` and records what it was sent. */
function scripted(...answers: (() => Response)[]) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

function clientOver(fetch: typeof globalThis.fetch, options: { pathParam?: string; baseUrl?: string } = {}) {
  const transport = createTransport({
    baseUrl: options.baseUrl ?? BASE,
    fetch,
    pathParam: options.pathParam,
    retry: false,
  });
  let compiled = 0;
  const client = createRouteClient<typeof routes, Outputs>({
    routes,
    sender: transport,
    spec: (route) => {
      compiled += 1;
      return route;
    },
    settings: (_route, key) => ({
      labels: { params: `params of ${key}`, query: `query of ${key}`, body: `body of ${key}` },
    }),
  });
  return { client, compiled: () => compiled };
}

describe('the route client', () => {
  it('prepares, sends and parses a typed call; each route compiled once', async () => {
    const { fetch, seen } = scripted(
      () => Response.json({ id: 5 }),
      () => Response.json({ id: 6 }),
    );
    const { client, compiled } = clientOver(fetch);
    const first = await client.call('GET /items/{id}', { params: { id: 5 } });
    const second = await client.call('GET /items/{id}', { params: { id: 6 } });
    expect([first.data.id, second.data.id]).toEqual([5, 6]);
    expect(seen.map((s) => s.url)).toEqual([`${BASE}/items/5`, `${BASE}/items/6`]);
    expect(compiled()).toBe(1);
  });

  it('rejects bad input and unknown keys with a ValidationError, sending nothing', async () => {
    const { fetch, seen } = scripted();
    const { client } = clientOver(fetch);
    await expect(client.call('POST /items', { body: { name: 3 } })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.call('toString' as never)).rejects.toThrow(/unknown route "toString"/);
    expect(seen).toEqual([]);
  });

  it('after a 401 renews and replays the same prepared request within the same call', async () => {
    const { fetch, seen } = scripted(
      () => new Response('{}', { status: 401 }),
      () => Response.json({ id: 1 }),
    );
    const { client } = clientOver(fetch);
    const renewed: string[] = [];
    const auth: AuthStrategy<string> = {
      credential: () => 'old',
      apply: (token, headers) => {
        headers.authorization = `Bearer ${token}`;
      },
      renew: async (rejected) => {
        renewed.push(rejected);
        return 'new';
      },
    };
    const request = client.prepare('POST /items', { body: { name: 'a' } });
    const { data } = await client.send(request, { auth });
    expect(data).toEqual({ id: 1 });
    expect(renewed).toEqual(['old']);
    expect(seen.map((s) => new Headers(s.init.headers).get('authorization'))).toEqual(['Bearer old', 'Bearer new']);
    // The replay sends exactly what was prepared.
    expect(seen.map((s) => s.init.body)).toEqual(['{"name":"a"}', '{"name":"a"}']);
  });

  it('a second 401 is final: AuthenticationError, the strategy told', async () => {
    const { fetch } = scripted(
      () => new Response('{}', { status: 401 }),
      () => new Response('{}', { status: 401 }),
    );
    const { client } = clientOver(fetch);
    const refused: string[] = [];
    const auth: AuthStrategy<string> = {
      credential: () => 'a',
      apply: () => undefined,
      renew: async () => 'b',
      refused: (token) => refused.push(token),
    };
    await expect(client.call('GET /items/{id}', { params: { id: 1 } }, { auth })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    expect(refused).toEqual(['b']);
  });

  it("response mode 'stream' hands back the unread body (downloads); a non-2xx still throws", async () => {
    const { fetch } = scripted(
      () => new Response('line 1\nline 2\n', { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
      () => Response.json({ error: { code: 'not_found', message: 'gone' } }, { status: 404 }),
    );
    const { client } = clientOver(fetch);
    const request: PreparedRequest = client.prepare('GET /files/{id}', { params: { id: 'f1' } });
    const response = await client.send(request, { responseType: 'stream' });
    expect(response.data).toBeUndefined();
    expect(await new Response(response.body).text()).toBe('line 1\nline 2\n');
    await expect(client.send(request, { responseType: 'stream' })).rejects.toMatchObject({ status: 404 });
  });

  it('with pathParam, the path travels as a query parameter of the base URL (WordPress ?rest_route=)', async () => {
    const { fetch, seen } = scripted(() => Response.json({ id: 2 }));
    const { client } = clientOver(fetch, { baseUrl: 'http://127.0.0.1:4999/index.php', pathParam: 'rest_route' });
    await client.call('GET /items/{id}', { params: { id: 2 } });
    expect(seen[0]?.url).toBe('http://127.0.0.1:4999/index.php?rest_route=%2Fitems%2F2');
  });
});

import { route, routeTable } from '@viewlink/schemas';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createRouter, json, toMswHandlers } from '../src/index.js';
import { serve } from '../src/server.js';

const table = routeTable({
  'GET /v1/echo/{id}': route({
    method: 'GET',
    path: '/v1/echo/{id}',
    operationId: 'echo',
    summary: 'Echo',
    auth: 'none',
    params: z.object({ id: z.string().check(z.regex(/^\d+$/)) }),
    response: z.unknown(),
  }),
  'POST /v1/echo': route({
    method: 'POST',
    path: '/v1/echo',
    operationId: 'echoBody',
    summary: 'Echo a body',
    auth: 'none',
    body: z.object({ n: z.int() }),
    response: z.unknown(),
  }),
});
const router = createRouter({
  table,
  implementations: {
    'GET /v1/echo/{id}': ({ params }) => json({ id: params.id }),
    'POST /v1/echo': ({ body }) => json({ doubled: body.n * 2 }, 201),
  },
  invalid: (_r, part) => json({ code: 'invalid', part }, 400),
  notFound: () => json({ code: 'no_route' }, 404),
});
const fake = { handle: router.handle, router, table };

describe('serve', () => {
  it('answers over real HTTP on 127.0.0.1, bodies included', async () => {
    const server = await serve({ handle: router.handle });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${server.url}/v1/echo/7`)).json()).toEqual({ id: '7' });
      const posted = await fetch(`${server.url}/v1/echo`, {
        method: 'POST',
        body: '{"n":21}',
        headers: { 'content-type': 'application/json' },
      });
      expect(posted.status).toBe(201);
      expect(await posted.json()).toEqual({ doubled: 42 });
      expect((await fetch(`${server.url}/v1/echo/x`)).status).toBe(400);
      expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('toMswHandlers', () => {
  it('makes one handler per route plus a catch-all under the base URL', async () => {
    const handlers = toMswHandlers('http://127.0.0.1:4998', fake);
    expect(handlers).toHaveLength(Object.keys(table).length + 1);
    const server = setupServer(...handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      expect(await (await fetch('http://127.0.0.1:4998/v1/echo/5')).json()).toEqual({ id: '5' });
      expect((await fetch('http://127.0.0.1:4998/unknown')).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

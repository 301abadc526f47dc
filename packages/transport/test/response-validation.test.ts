import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createTransport, ResponseValidationError } from '../src/index.js';
import { BASE, useMswServer } from './helpers.js';

const server = useMswServer();
const Item = z.looseObject({ id: z.int(), tags: z.array(z.string()) });

describe('response validation', () => {
  it('passes extra fields through', async () => {
    server.use(http.get(`${BASE}/item`, () => HttpResponse.json({ id: 1, tags: [], extra: 'kept' })));
    const res = await createTransport({ baseUrl: BASE }).request({ method: 'GET', path: '/item', schema: Item });
    expect(res.data).toEqual({ id: 1, tags: [], extra: 'kept' });
  });

  it('names the path of schema drift in strict mode', async () => {
    server.use(http.get(`${BASE}/item`, () => HttpResponse.json({ id: 1, tags: ['a', 2] })));
    const error = await createTransport({ baseUrl: BASE })
      .request({ method: 'GET', path: '/item', schema: Item })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['tags', 1]);
    expect((error as Error).message).toContain('tags[1]');
  });

  it('reports truncated JSON as a response-validation error', async () => {
    server.use(
      http.get(
        `${BASE}/item`,
        () => new HttpResponse('{"id": 1, "ta', { headers: { 'content-type': 'application/json' } }),
      ),
    );
    const error = await createTransport({ baseUrl: BASE })
      .request({ method: 'GET', path: '/item', schema: Item })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/not valid JSON/);
  });

  it('warns and returns the data in warn mode; skips checks in off mode', async () => {
    server.use(http.get(`${BASE}/item`, () => HttpResponse.json({ id: 'x' })));
    const warn = vi.fn();
    const warned = await createTransport({ baseUrl: BASE, validation: 'warn', logger: { warn } }).request({
      method: 'GET',
      path: '/item',
      schema: Item,
    });
    expect(warned.data).toEqual({ id: 'x' });
    expect(warn).toHaveBeenCalledOnce();
    const off = await createTransport({ baseUrl: BASE, validation: 'off' }).request({
      method: 'GET',
      path: '/item',
      schema: Item,
    });
    expect(off.data).toEqual({ id: 'x' });
  });
});

import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { createTransport } from '../src/index.js';

const BASE = 'http://127.0.0.1:4999/api';

/**
 * What `fetch` is handed, and what comes back, at the edges a refactor of the request path can
 * move: async header sources of any kind, retries' own inits, the response's keys, stream timers.
 */

/** A fetch that records what it was given and answers from a queue (no network at all). */
function recordingFetch(answers: (() => Response)[]) {
  const seen: { init: RequestInit; signal: AbortSignal | null | undefined; auth: string | null }[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    seen.push({ init, signal: init.signal, auth: new Headers(init.headers).get('authorization') });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('what fetch receives and what a request leaves behind', () => {
  it('a JSON response carries no `body` key (only stream responses have one)', async () => {
    const { fetch } = recordingFetch([() => Response.json({ a: 1 })]);
    const transport = createTransport({ baseUrl: BASE, fetch });
    const response = await transport.request({ method: 'GET', path: '/x' });
    expect(Object.keys(response)).not.toContain('body');
    expect('body' in response).toBe(false);
  });

  it('a header source returning a promise of another realm still adds its headers', async () => {
    const { fetch, seen } = recordingFetch([() => Response.json({})]);
    // e.g. a headers() hook built in a vm context / iframe, or under a global Promise replaced by a polyfill.
    const foreignAsync = runInNewContext('(async () => ({ authorization: "Bearer foreign-realm" }))');
    const transport = createTransport({ baseUrl: BASE, fetch, headers: foreignAsync });
    await transport.request({ method: 'GET', path: '/x' });
    expect(seen[0]?.auth).toBe('Bearer foreign-realm');
  });

  it('a header source returning a thenable (not a native Promise) still adds its headers', async () => {
    const { fetch, seen } = recordingFetch([() => Response.json({})]);
    const thenable = {
      // biome-ignore lint/suspicious/noThenProperty: the point of the test
      then: (resolve: (value: Record<string, string>) => void) => resolve({ authorization: 'Bearer thenable' }),
    };
    const transport = createTransport({ baseUrl: BASE, fetch, headers: () => thenable as never });
    await transport.request({ method: 'GET', path: '/x' });
    expect(seen[0]?.auth).toBe('Bearer thenable');
  });

  it('each retry attempt hands fetch its own init (a recorded first init keeps its own signal)', async () => {
    const { fetch, seen } = recordingFetch([() => new Response('', { status: 503 }), () => Response.json({})]);
    const transport = createTransport({ baseUrl: BASE, fetch, retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    await transport.request({ method: 'GET', path: '/x' });
    expect(seen).toHaveLength(2);
    expect(seen[0]?.init).not.toBe(seen[1]?.init);
    expect(seen[0]?.init.signal).toBe(seen[0]?.signal);
  });

  it('a fetch wrapper that rewrites init.body (e.g. signs or compresses it) sees the original body on a retry', async () => {
    const bodies: unknown[] = [];
    const answers = [() => new Response('', { status: 503 }), () => Response.json({})];
    const signing = (async (_url: string, init: RequestInit) => {
      init.body = `${String(init.body)}|signed`; // rewritten in place, as some wrappers do
      bodies.push(init.body);
      return (answers.shift() as () => Response)();
    }) as unknown as typeof globalThis.fetch;
    const transport = createTransport({
      baseUrl: BASE,
      fetch: signing,
      retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    await transport.request({ method: 'PUT', path: '/x', json: { a: 1 } });
    expect(bodies).toEqual(['{"a":1}|signed', '{"a":1}|signed']);
  });

  it('a stream request answered non-2xx leaves no timer armed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { fetch } = recordingFetch([() => new Response('{"error":{}}', { status: 404 })]);
      const transport = createTransport({ baseUrl: BASE, fetch });
      await expect(transport.request({ method: 'GET', path: '/x', responseType: 'stream' })).rejects.toThrow();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a response type it does not know (an untyped caller) is read as JSON within the attempt, under the body limit', async () => {
    const { fetch } = recordingFetch([
      () => Response.json({ a: 1 }),
      () => new Response('{}', { headers: { 'content-length': String(65 * 1024 * 1024) } }),
    ]);
    const transport = createTransport({ baseUrl: BASE, fetch, retry: false });
    // What a JavaScript caller may pass: no such response type.
    const blob: string = 'blob';
    const untyped = { method: 'GET', path: '/x', responseType: blob as 'json' } as const;
    await expect(transport.request(untyped)).resolves.toMatchObject({ data: { a: 1 }, status: 200 });
    await expect(transport.request(untyped)).rejects.toMatchObject({
      name: 'ResponseValidationError',
      message: expect.stringContaining('larger than the 67108864-byte limit'),
    });
  });

  it('a body with an announced length is read from its stream, in chunks, not through arrayBuffer() or text()', async () => {
    // undici's arrayBuffer() collects and copies the chunks through more promises: 7 µs a loopback read.
    const chunks = ['{"a":', '[1,2,', '3]}'].map((part) => new TextEncoder().encode(part));
    const answer = () => {
      const stream = new ReadableStream<Uint8Array>({
        start: (c) => {
          for (const chunk of chunks) c.enqueue(chunk);
          c.close();
        },
      });
      const response = new Response(stream, { headers: { 'content-length': '13' } });
      const refuse = () => Promise.reject(new Error('the whole-body readers are not used'));
      Object.assign(response, { arrayBuffer: refuse, text: refuse, json: refuse, bytes: refuse });
      return response;
    };
    const { fetch } = recordingFetch([answer, answer]);
    const transport = createTransport({ baseUrl: BASE, fetch });
    await expect(transport.request({ method: 'GET', path: '/x' })).resolves.toMatchObject({ data: { a: [1, 2, 3] } });
    await expect(transport.request({ method: 'GET', path: '/x', responseType: 'text' })).resolves.toMatchObject({
      data: '{"a":[1,2,3]}',
    });
  });

  it('a body complete by its announced length is used without waiting for the end of its stream', async () => {
    // The stream never closes: a read that waits for its end (the old one) runs into the timeout.
    const open = (text: string, headers: Record<string, string>) => () =>
      new Response(new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode(text)) }), {
        headers,
      });
    const { fetch } = recordingFetch([open('{"a":1}', { 'content-length': '7' })]);
    const transport = createTransport({ baseUrl: BASE, fetch, timeout: 500, retry: false });
    await expect(transport.request({ method: 'GET', path: '/x' })).resolves.toMatchObject({ data: { a: 1 } });
  });

  it('a decompressed body is read to its end (its announced length counts the compressed bytes), also where a browser hides content-encoding', async () => {
    const chunks = ['{"a":', '1}'].map((part) => new TextEncoder().encode(part));
    const gzipped = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (c) => {
            for (const chunk of chunks) c.enqueue(chunk);
            c.close();
          },
        }),
        // What fetch shows for a gzip answer it decompressed: the header of the 5 compressed bytes.
        { headers: { 'content-encoding': 'gzip', 'content-length': '5' } },
      );
    // A browser's cross-origin answer does not show `content-encoding` (not a CORS-safelisted header).
    const crossOrigin = () => {
      const response = gzipped();
      response.headers.delete('content-encoding');
      return Object.defineProperty(response, 'type', { value: 'cors' });
    };
    const { fetch } = recordingFetch([gzipped, crossOrigin]);
    const transport = createTransport({ baseUrl: BASE, fetch, retry: false });
    const text = { method: 'GET', path: '/x', responseType: 'text' } as const;
    await expect(transport.request(text)).resolves.toMatchObject({ data: '{"a":1}' });
    await expect(transport.request(text)).resolves.toMatchObject({ data: '{"a":1}' });
  });

  it('an error answer to a stream request is read under the body limit: a body announced larger is not read', async () => {
    // A body that would never end: reading it whole (the old response.text()) waited forever.
    const endless = () =>
      new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"code":')) });
    const { fetch } = recordingFetch([
      () => new Response(endless(), { status: 502, headers: { 'content-length': String(65 * 1024 * 1024) } }),
      () => Response.json({ code: 'upstream', message: 'try later' }, { status: 502 }),
    ]);
    const transport = createTransport({ baseUrl: BASE, fetch, retry: false });
    const stream = { method: 'GET', path: '/file', responseType: 'stream' } as const;
    await expect(transport.request(stream)).rejects.toMatchObject({ name: 'InternalServerError', status: 502 });
    // A small error body is still read: its code and message reach the error.
    await expect(transport.request(stream)).rejects.toMatchObject({ status: 502, code: 'upstream' });
  });
});

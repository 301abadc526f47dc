import { getEventListeners } from 'node:events';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AbortError, ConnectionError, createTransport, TimeoutError } from '../src/index.js';
import { BASE, useMswServer } from './helpers.js';

const server = useMswServer();

describe('timeouts and aborts', () => {
  it('ends a request to a hung server with a TimeoutError', async () => {
    server.use(
      http.get(`${BASE}/hang`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const transport = createTransport({ baseUrl: BASE, timeout: 100, retry: false });
    const started = Date.now();
    await expect(transport.request({ method: 'GET', path: '/hang' })).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('bounds retries of timeouts with the total timeout', async () => {
    server.use(
      http.get(`${BASE}/hang`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const transport = createTransport({
      baseUrl: BASE,
      timeout: 100,
      totalTimeout: 250,
      retry: { limit: 10, baseDelayMs: 1 },
    });
    const started = Date.now();
    await expect(transport.request({ method: 'GET', path: '/hang' })).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("a TimeoutError names the limit that ran out and its value: the attempt's timeout, or the call's totalTimeout", async () => {
    server.use(
      http.get(`${BASE}/hang`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const perAttempt = createTransport({ baseUrl: BASE, timeout: 100, retry: false });
    const attempt = await perAttempt.request({ method: 'GET', path: '/hang' }).catch((e: unknown) => e);
    // It said "GET <url>: the request timed out", whichever limit it was.
    expect((attempt as TimeoutError).message).toBe(`GET ${BASE}/hang: timed out after 100 ms (timeout)`);
    expect((attempt as TimeoutError).toJSON()).toEqual({
      name: 'TimeoutError',
      code: 'timeout',
      message: `GET ${BASE}/hang: timed out after 100 ms (timeout)`,
      method: 'GET',
      url: `${BASE}/hang`,
      limit: 'timeout',
      limitMs: 100,
    });
    // A per-call timeout is the one named.
    const perCall = await perAttempt.request({ method: 'GET', path: '/hang', timeout: 60 }).catch((e: unknown) => e);
    expect(perCall).toMatchObject({ limit: 'timeout', limitMs: 60 });
    // Two attempts of 100 ms, then 50 ms left of the call: the deadline cuts the third.
    const total = createTransport({
      baseUrl: BASE,
      timeout: 100,
      totalTimeout: 250,
      retry: { limit: 10, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const call = await total.request({ method: 'GET', path: '/hang' }).catch((e: unknown) => e);
    // Three attempts: the message says so after the limit.
    expect((call as TimeoutError).message).toMatch(
      new RegExp(`^GET ${BASE}/hang: timed out after 250 ms \\(totalTimeout\\); 3 attempts over 0\\.\\d s$`),
    );
    expect(call).toMatchObject({ limit: 'totalTimeout', limitMs: 250, attempts: 3 });
    // A credential that never comes: the deadline ends the call (a strategy step bounded by it).
    const stuck = createTransport({
      baseUrl: BASE,
      totalTimeout: 80,
      auth: { credential: () => new Promise<never>(() => undefined), apply: () => undefined },
    });
    const step = await stuck.request({ method: 'GET', path: '/hang' }).catch((e: unknown) => e);
    expect(step).toBeInstanceOf(TimeoutError);
    expect(step).toMatchObject({ limit: 'totalTimeout', limitMs: 80 });
  });

  it('stops at once when the caller aborts', async () => {
    server.use(
      http.get(`${BASE}/slow`, async () => {
        await delay(5_000);
        return HttpResponse.json({});
      }),
    );
    const transport = createTransport({ baseUrl: BASE });
    const controller = new AbortController();
    const started = Date.now();
    const pending = transport.request({ method: 'GET', path: '/slow', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a caller aborting while the body is read ends the call with an AbortError', async () => {
    const controller = new AbortController();
    // The headers arrive; the body never ends until the caller gives up.
    const fetch = async (_url: unknown, init?: RequestInit) =>
      new Response(
        new ReadableStream({
          start(body) {
            body.enqueue(new TextEncoder().encode('{"a":'));
            init?.signal?.addEventListener('abort', () => body.error(init.signal?.reason), { once: true });
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    const transport = createTransport({ baseUrl: BASE, fetch, retry: false });
    const pending = transport.request({ method: 'GET', path: '/slow-body', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
  });

  it("leaves no listener on the caller's signal once the calls are done, however they end", async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      if (calls % 3 === 0) throw new TypeError('fetch failed');
      return Response.json({ ok: true }, { status: calls % 3 === 1 ? 200 : 503 });
    };
    const transport = createTransport({ baseUrl: BASE, fetch, retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const { signal } = new AbortController();
    for (let i = 0; i < 30; i++) await transport.request({ method: 'GET', path: '/x', signal }).catch(() => undefined);
    expect(calls).toBeGreaterThan(30);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('maps a refused connection to ConnectionError', async () => {
    const fetch = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    const transport = createTransport({ baseUrl: BASE, fetch, retry: false });
    const error = await transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(String(error)).toContain('ECONNREFUSED');
  });
});

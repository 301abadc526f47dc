import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTransport, InternalServerError, parseRetryAfter, RateLimitError } from '../src/index.js';
import { BASE, useMswServer } from './helpers.js';

const server = useMswServer();
const fast = { retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 5 } } as const;

describe('retries', () => {
  it('retries a GET after a 500 and returns the later success', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/thing`, () =>
        ++calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ ok: true }),
      ),
    );
    const transport = createTransport({ baseUrl: BASE, ...fast });
    const res = await transport.request({ method: 'GET', path: '/thing' });
    expect(res.data).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('never retries a POST, whatever the status', async () => {
    let calls = 0;
    server.use(
      http.post(`${BASE}/thing`, () =>
        ++calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ ok: true }),
      ),
    );
    const transport = createTransport({ baseUrl: BASE, ...fast });
    await expect(transport.request({ method: 'POST', path: '/thing', json: { a: 1 } })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(calls).toBe(1);
  });

  it('retries a POST marked idempotent', async () => {
    let calls = 0;
    server.use(
      http.post(`${BASE}/thing`, () =>
        ++calls === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ ok: true }),
      ),
    );
    const transport = createTransport({ baseUrl: BASE, ...fast });
    await transport.request({ method: 'POST', path: '/thing', json: {}, idempotent: true });
    expect(calls).toBe(2);
  });

  it('gives up after the retry limit with the last error', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/thing`, () => {
        calls++;
        return new HttpResponse(null, { status: 502 });
      }),
    );
    const transport = createTransport({ baseUrl: BASE, ...fast });
    await expect(transport.request({ method: 'GET', path: '/thing' })).rejects.toMatchObject({ status: 502 });
    expect(calls).toBe(3);
  });

  it('does not retry a 404', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/thing`, () => {
        calls++;
        return new HttpResponse(null, { status: 404 });
      }),
    );
    const transport = createTransport({ baseUrl: BASE, ...fast });
    await expect(transport.request({ method: 'GET', path: '/thing' })).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });

  it('retries a connection failure of a GET', async () => {
    let calls = 0;
    server.use(http.get(`${BASE}/thing`, () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json({ ok: 1 }))));
    const transport = createTransport({ baseUrl: BASE, ...fast });
    expect((await transport.request({ method: 'GET', path: '/thing' })).data).toEqual({ ok: 1 });
    expect(calls).toBe(2);
  });
});

describe('Retry-After', () => {
  afterEach(() => vi.useRealTimers());

  it('waits as long as a 429 asks before retrying', async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    const fetch = async () => {
      times.push(Date.now());
      return times.length === 1
        ? new Response(null, { status: 429, headers: { 'retry-after': '7' } })
        : Response.json({ ok: true });
    };
    const transport = createTransport({ baseUrl: BASE, fetch, retry: { limit: 1 }, totalTimeout: 600_000 });
    const pending = transport.request({ method: 'GET', path: '/limited' });
    await vi.advanceTimersByTimeAsync(6_900);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).resolves.toMatchObject({ data: { ok: true } });
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(7_000);
  });

  it('caps a Retry-After longer than maxRetryAfterMs', async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    const fetch = async () => {
      times.push(Date.now());
      return times.length === 1
        ? new Response(null, { status: 429, headers: { 'retry-after': '3600' } })
        : Response.json({});
    };
    const transport = createTransport({ baseUrl: BASE, fetch, retry: { limit: 1, maxRetryAfterMs: 2_000 } });
    const pending = transport.request({ method: 'GET', path: '/limited' });
    await vi.advanceTimersByTimeAsync(2_100);
    await pending;
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeLessThanOrEqual(2_100);
  });

  it('reports the wait on the RateLimitError when retries are exhausted', async () => {
    const fetch = async () => new Response(null, { status: 429, headers: { 'retry-after': '0' } });
    const transport = createTransport({ baseUrl: BASE, fetch, retry: false });
    const error = await transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(0);
  });
});

describe('parseRetryAfter (the full and the light run read Retry-After with it)', () => {
  it('reads seconds and HTTP dates; a past or negative wait is 0; blank or unreadable is no wait', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1_500);
    expect(parseRetryAfter('Sat, 28 Nov 2026 10:00:07 GMT', now)).toBe(7_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('-3', now)).toBe(0);
    for (const unread of [null, '', '  ', 'soon']) expect(parseRetryAfter(unread, now)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('draws each wait uniformly below an exponential ceiling capped at maxDelayMs (full jitter)', async () => {
    const { backoffMs } = await import('../src/pipeline/retry-policy.js');
    const policy = { limit: 5, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 60_000 };
    expect(backoffMs(1, policy, () => 0.999)).toBeCloseTo(99.9);
    expect(backoffMs(3, policy, () => 0.5)).toBe(200);
    expect(backoffMs(8, policy, () => 0.999)).toBeCloseTo(999);
    expect(backoffMs(2, policy, () => 0)).toBe(0);
  });

  it('does not retry a POST after a connection failure', async () => {
    let calls = 0;
    server.use(
      http.post(`${BASE}/thing`, () => {
        calls++;
        return HttpResponse.error();
      }),
    );
    const transport = createTransport({ baseUrl: BASE, ...fast });
    await expect(transport.request({ method: 'POST', path: '/thing', json: {} })).rejects.toMatchObject({
      name: 'ConnectionError',
    });
    expect(calls).toBe(1);
  });

  it('logs each retry through the logger', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/thing`, () => (++calls < 3 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({}))),
    );
    const warn = vi.fn();
    await createTransport({ baseUrl: BASE, ...fast, logger: { warn } }).request({ method: 'GET', path: '/thing' });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/retry 1 of GET .*\/thing after HTTP 503/);
  });
});

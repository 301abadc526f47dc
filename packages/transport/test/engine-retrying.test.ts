// RetryingRun (@viewlink/transport/engine): the engine with the light parts plus retries, the
// lighter composition for a browser client that needs retries (a browser CMS client, say).
import { describe, expect, it } from 'vitest';
import { type AuthStrategy, prepareRouteKey, RetryingRun, type RetryingSettings } from '../src/engine.js';
import { ConfigurationError, ConnectionError, InternalServerError, RateLimitError } from '../src/index.js';

const BASE = 'https://cms.example.test';

/** A fetch that answers each request with the next of `answers` and counts the requests. */
function scripted(...answers: (() => Response | Promise<Response>)[]) {
  const seen: { method: string | undefined; authorization: string | null }[] = [];
  const fetch = (async (_url: string | URL | Request, init: RequestInit = {}) => {
    seen.push({ method: init.method, authorization: new Headers(init.headers).get('authorization') });
    const answer = answers[seen.length - 1];
    if (!answer) throw new Error('unexpected request');
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const auth: AuthStrategy<string> = {
  credential: () => 'app-password-1234',
  apply: (value, headers) => {
    headers.authorization = `Basic ${value}`;
  },
};

function settings(fetch: typeof globalThis.fetch, more: Partial<RetryingSettings> = {}): RetryingSettings {
  return {
    baseUrl: BASE,
    fetch,
    timeoutMs: 1_000,
    totalTimeoutMs: 5_000,
    auth,
    parseError: () => ({}),
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...more,
  };
}

const call = (s: RetryingSettings, key: string) => new RetryingRun(s, prepareRouteKey(key)).stages();

describe('RetryingRun: the light parts plus retries', () => {
  it('retries a read after 503 as Retry-After says, then answers with the data', async () => {
    const { fetch, seen } = scripted(
      () => json({}, 503, { 'retry-after': '0' }),
      () => json({ id: 5 }),
    );
    expect((await call(settings(fetch), 'GET /wp/v2/posts')).data).toEqual({ id: 5 });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.authorization).toBe('Basic app-password-1234');
  });

  it('retries a read after a network fault', async () => {
    const { fetch, seen } = scripted(
      () => {
        throw new TypeError('fetch failed');
      },
      () => json({ ok: true }),
    );
    expect((await call(settings(fetch), 'GET /wp/v2/posts')).data).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it('never retries a POST: the 503 is final', async () => {
    const { fetch, seen } = scripted(() => json({}, 503, { 'retry-after': '0' }));
    await expect(call(settings(fetch), 'POST /wp/v2/posts')).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('stops after the policy limit, with the last answer as the error', async () => {
    const { fetch, seen } = scripted(
      () => json({}, 502),
      () => json({}, 502),
    );
    await expect(call(settings(fetch, { retry: 1 }), 'GET /wp/v2/posts')).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(2);
    const down = scripted(() => {
      throw new TypeError('fetch failed');
    });
    await expect(call(settings(down.fetch, { retry: false }), 'GET /wp/v2/posts')).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect(down.seen).toHaveLength(1);
  });

  it('takes a Retry-After the deadline cannot hold as final', async () => {
    const { fetch, seen } = scripted(() => json({}, 429, { 'retry-after': '60' }));
    const started = Date.now();
    await expect(call(settings(fetch, { totalTimeoutMs: 1_000 }), 'GET /wp/v2/posts')).rejects.toBeInstanceOf(
      RateLimitError,
    );
    expect(Date.now() - started).toBeLessThan(500);
    expect(seen).toHaveLength(1);
  });

  it('refuses an unusable retry option before anything is sent', async () => {
    const { fetch, seen } = scripted();
    const error = await call(settings(fetch, { retry: 99 }), 'GET /wp/v2/posts').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String(error)).toContain('retry.limit');
    expect(seen).toHaveLength(0);
  });
});

// A request's final error says whether it was retried: `...; 3 attempts over 0.1 s` and an
// `attempts` field (toJSON too) when it was sent more than once; a single attempt reads as before.
import { describe, expect, it } from 'vitest';
import { ConnectionError, createTransport, InternalServerError, RateLimitError, TimeoutError } from '../src/index.js';

const BASE = 'http://127.0.0.1:9/api';
const fast = { limit: 2, baseDelayMs: 1, maxDelayMs: 5 } as const;

/** A fetch that answers `answer` every time, counting the sends. */
function counting(answer: (init: RequestInit) => Promise<Response>) {
  const fetch = (_url: string | URL | Request, init?: RequestInit) => {
    fetch.calls++;
    return answer(init ?? {});
  };
  fetch.calls = 0;
  return fetch;
}

/** What `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<Error & { attempts?: number; toJSON(): object }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { attempts?: number; toJSON(): object };
  }
  throw new Error('expected a rejection');
}

const over = String.raw`; 3 attempts over \d+\.\d s$`;

describe('the final error says how often the request was tried', () => {
  it('a 503 retried then failing: the message ends with the attempts, `attempts` set and in toJSON()', async () => {
    const fetch = counting(async () => new Response(null, { status: 503 }));
    const transport = createTransport({ baseUrl: BASE, retry: fast, fetch });
    const error = await failure(transport.request({ method: 'GET', path: '/thing', callSite: 'user.watchlist()' }));
    expect(fetch.calls).toBe(3);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toMatch(new RegExp(`^user\\.watchlist\\(\\): 503 HTTP 503 \\(GET ${BASE}/thing\\)${over}`));
    expect(error.attempts).toBe(3);
    expect(error.toJSON()).toMatchObject({ attempts: 3, message: error.message, status: 503 });
    expect(error.stack?.split('\n')[0]).toBe(`InternalServerError: ${error.message}`);
  });

  it('a 429 retried: after its retry-after', async () => {
    const fetch = counting(async () => new Response(null, { status: 429, headers: { 'retry-after': '0' } }));
    const transport = createTransport({ baseUrl: BASE, retry: fast, fetch });
    const error = await failure(transport.request({ method: 'GET', path: '/thing' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toMatch(new RegExp(`^429 HTTP 429 \\(GET ${BASE}/thing\\); retry after 0 ms${over}`));
    expect(error.toJSON()).toMatchObject({ attempts: 3, retryAfterMs: 0 });
  });

  it('a connection failure retried', async () => {
    const fetch = counting(async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) });
    });
    const transport = createTransport({ baseUrl: BASE, retry: fast, fetch });
    const error = await failure(transport.request({ method: 'GET', path: '/thing', callSite: 'posts.list()' }));
    expect(fetch.calls).toBe(3);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(
      new RegExp(`^posts\\.list\\(\\): Connection failed for GET ${BASE}/thing: ECONNREFUSED${over}`),
    );
    expect(error.toJSON()).toMatchObject({ attempts: 3, code: 'connection_error' });
  });

  it('a timeout retried', async () => {
    const fetch = counting(
      (init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const transport = createTransport({ baseUrl: BASE, retry: fast, fetch, timeout: 20 });
    const error = await failure(transport.request({ method: 'GET', path: '/thing' }));
    expect(fetch.calls).toBe(3);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(new RegExp(`^GET ${BASE}/thing: timed out after 20 ms \\(timeout\\)${over}`));
    expect(error.toJSON()).toMatchObject({ attempts: 3, limit: 'timeout', limitMs: 20 });
  });

  it('a single attempt adds nothing: no retry (a POST), or retries off', async () => {
    const fetch = counting(async () => new Response(null, { status: 503 }));
    const transport = createTransport({ baseUrl: BASE, retry: fast, fetch });
    const post = await failure(transport.request({ method: 'POST', path: '/thing', json: {} }));
    expect(post.message).toBe(`503 HTTP 503 (POST ${BASE}/thing)`);
    expect(post.attempts).toBeUndefined();
    expect(post.toJSON()).not.toHaveProperty('attempts');
    const refused = counting(async () => {
      throw new TypeError('fetch failed');
    });
    const once = createTransport({ baseUrl: BASE, retry: false, fetch: refused });
    const error = await failure(once.request({ method: 'GET', path: '/thing' }));
    expect(error.message).toBe(`Connection failed for GET ${BASE}/thing: fetch failed`);
    expect(error.toJSON()).not.toHaveProperty('attempts');
  });
});

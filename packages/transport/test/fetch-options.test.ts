/** A call's `fetchOptions` reach `fetch` as given (Next.js `next`, `cache`), and never override what the pipeline owns. */
import { describe, expect, it } from 'vitest';
import { createRouteClient, createTransport, type FetchOptions, type StandardSchema } from '../src/index.js';

/** A response schema that accepts any body. */
const anything: StandardSchema = {
  '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) },
};

const BASE = 'http://127.0.0.1:4999/api';
const SECRET = 'Bearer fetch-options-secret';

function recordingFetch(answer: () => Response = () => Response.json({ ok: true })) {
  const seen: RequestInit[] = [];
  const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    seen.push(init ?? {});
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const auth = {
  credential: () => SECRET,
  apply: (token: string, headers: Record<string, string>) => {
    headers.authorization = token;
  },
};

describe('fetchOptions', () => {
  it('hands next and cache to fetch on transport.request', async () => {
    const { fetch, seen } = recordingFetch();
    const transport = createTransport({ baseUrl: BASE, fetch, auth });
    await transport.request({
      method: 'GET',
      path: '/x',
      fetchOptions: { cache: 'force-cache', next: { revalidate: 60, tags: ['posts'] }, priority: 'low' },
    });
    const init = seen[0] as RequestInit & { next?: unknown };
    expect(init.cache).toBe('force-cache');
    expect(init.next).toEqual({ revalidate: 60, tags: ['posts'] });
    expect(init.priority).toBe('low');
    expect(new Headers(init.headers).get('authorization')).toBe(SECRET);
  });

  it('hands them to fetch through a route client call, on every retry attempt', async () => {
    let calls = 0;
    const { fetch, seen } = recordingFetch(() =>
      ++calls === 1 ? new Response('', { status: 503 }) : Response.json({ ok: true }),
    );
    const transport = createTransport({ baseUrl: BASE, fetch, retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const routes = createRouteClient({
      routes: { 'GET /x': {} },
      spec: () => ({ method: 'GET', path: '/x', response: anything }),
      settings: () => ({ labels: { params: 'x()', query: 'x()', body: 'x()' } }),
      sender: transport,
    });
    await routes.call('GET /x', undefined, { fetchOptions: { next: { tags: ['x'] } } });
    expect(seen).toHaveLength(2);
    for (const init of seen) expect((init as { next?: unknown }).next).toEqual({ tags: ['x'] });
  });

  it('never lets them replace the method, headers, body, signal or credentials mode', async () => {
    const { fetch, seen } = recordingFetch();
    const transport = createTransport({ baseUrl: BASE, fetch, auth });
    // A plain-JS caller passing what the types refuse.
    const hostile = {
      method: 'DELETE',
      headers: { authorization: 'Bearer other' },
      body: 'x',
      signal: AbortSignal.abort(),
      credentials: 'include',
      cache: 'no-store',
    } as unknown as FetchOptions;
    await transport.request({ method: 'POST', path: '/x', json: { a: 1 }, fetchOptions: hostile });
    const init = seen[0] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('authorization')).toBe(SECRET);
    expect(init.signal?.aborted).toBe(false);
    expect(init.credentials).toBeUndefined();
    expect(init.cache).toBe('no-store');
  });

  it('types refuse the options the pipeline owns', () => {
    // @ts-expect-error headers go in the call's `headers` option
    const headers: FetchOptions = { headers: { a: 'b' } };
    // @ts-expect-error the method is the request's
    const method: FetchOptions = { method: 'GET' };
    // @ts-expect-error tags are strings
    const tags: FetchOptions = { next: { tags: [1] } };
    expect([headers, method, tags]).toHaveLength(3);
  });

  it('without them, fetch gets only what the pipeline sets', async () => {
    const { fetch, seen } = recordingFetch();
    await createTransport({ baseUrl: BASE, fetch }).request({ method: 'GET', path: '/x' });
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(['headers', 'method', 'signal']);
  });
});

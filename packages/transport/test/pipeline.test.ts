/**
 * The route-call pipeline itself: prepare (route inputs checked before sending), authorize (an
 * auth strategy renewed and replayed once on 401), the one deadline spanning renewal and
 * replay, and the parse step shared with batch sub-responses.
 */
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { prepareRouteKey } from '../src/engine.js';
import {
  AbortError,
  AuthenticationError,
  type AuthStrategy,
  CompiledRoute,
  ConfigurationError,
  createTransport,
  NotFoundError,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
} from '../src/index.js';

const BASE = 'http://127.0.0.1:4999/api';

/** A fetch that answers 401 to every token but `valid`, and records the authorization of each attempt. */
function tokenServer(valid: () => string) {
  const seen: string[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const auth = ((init?.headers ?? {}) as Record<string, string>).authorization ?? '';
    seen.push(auth);
    return auth === `Bearer ${valid()}`
      ? Response.json({ ok: true })
      : Response.json({ error: { code: 'invalid_access_token', message: 'expired' } }, { status: 401 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

/** A strategy over a mutable token, counting renewals. */
function tokenStrategy(initial: string, renewTo: () => Promise<string>) {
  let token = initial;
  const renewals: string[] = [];
  const refused: string[] = [];
  const strategy: AuthStrategy<string> = {
    credential: () => token,
    apply: (credential, headers) => {
      headers.authorization = `Bearer ${credential}`;
    },
    renew: async (rejected) => {
      renewals.push(rejected);
      token = await renewTo();
      return token;
    },
    refused: (credential) => {
      refused.push(credential);
    },
  };
  return { strategy, renewals, refused };
}

describe('authorize: auth strategy', () => {
  it('sets the credential per attempt and, after a 401, renews once and replays with the new one', async () => {
    const server = tokenServer(() => 'new');
    const { strategy, renewals } = tokenStrategy('old', async () => 'new');
    const transport = createTransport({ baseUrl: BASE, fetch: server.fetch });
    const response = await transport.request({ method: 'GET', path: '/me', auth: strategy });
    expect(response.data).toEqual({ ok: true });
    expect(renewals).toEqual(['old']);
    expect(server.seen).toEqual(['Bearer old', 'Bearer new']);
  });

  it('replays only once: a second 401 is an AuthenticationError and the strategy is told', async () => {
    const server = tokenServer(() => 'never');
    const { strategy, renewals, refused } = tokenStrategy('old', async () => 'still-bad');
    const transport = createTransport({ baseUrl: BASE, fetch: server.fetch });
    await expect(transport.request({ method: 'GET', path: '/me', auth: strategy })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    expect(renewals).toEqual(['old']);
    expect(refused).toEqual(['still-bad']);
    expect(server.seen).toHaveLength(2);
  });

  it('a strategy without renew makes a 401 final (no replay)', async () => {
    const server = tokenServer(() => 'never');
    const transport = createTransport({
      baseUrl: BASE,
      fetch: server.fetch,
      auth: { credential: () => 'x', apply: (c: string, h) => Object.assign(h, { authorization: `Bearer ${c}` }) },
    });
    await expect(transport.request({ method: 'GET', path: '/me' })).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.seen).toEqual(['Bearer x']);
  });

  it('the request headers still override the credential', async () => {
    const server = tokenServer(() => 'caller');
    const { strategy, renewals } = tokenStrategy('ignored', async () => 'ignored');
    const transport = createTransport({ baseUrl: BASE, fetch: server.fetch });
    await transport.request({
      method: 'GET',
      path: '/me',
      auth: strategy,
      headers: { authorization: 'Bearer caller' },
    });
    expect(renewals).toEqual([]);
  });

  it('does not replay a stream body (it can be read once): the 401 is final', async () => {
    const server = tokenServer(() => 'new');
    const { strategy, renewals } = tokenStrategy('old', async () => 'new');
    const transport = createTransport({ baseUrl: BASE, fetch: server.fetch });
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('x'));
        controller.close();
      },
    });
    await expect(transport.request({ method: 'POST', path: '/upload', body, auth: strategy })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    expect(renewals).toEqual([]);
  });

  it('refuses a request auth that is not a strategy before sending', async () => {
    const fetch = vi.fn() as unknown as typeof globalThis.fetch;
    const transport = createTransport({ baseUrl: BASE, fetch });
    await expect(transport.request({ method: 'GET', path: '/me', auth: {} as never })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses an auth option that is not a strategy', () => {
    expect(() => createTransport({ baseUrl: BASE, auth: { apply: () => {} } as never })).toThrow(ConfigurationError);
  });
});

describe('one deadline (totalTimeout) spans the whole call', () => {
  it('a renewal that outlasts the deadline ends the call as a TimeoutError within totalTimeout', async () => {
    const server = tokenServer(() => 'new');
    const { strategy } = tokenStrategy('old', () => new Promise((resolve) => setTimeout(() => resolve('new'), 5_000)));
    const transport = createTransport({ baseUrl: BASE, fetch: server.fetch, totalTimeout: 300 });
    const started = Date.now();
    await expect(transport.request({ method: 'GET', path: '/me', auth: strategy })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1_000);
    expect(server.seen).toEqual(['Bearer old']);
  });

  it('timeouts before the 401, the renewal and the replay together stay within totalTimeout', async () => {
    let calls = 0;
    // Two hung attempts, then 401, then the replay hangs too.
    const fetch = (async (_url: unknown, init?: RequestInit) => {
      calls++;
      if (calls === 3) return Response.json({}, { status: 401 });
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }) as typeof globalThis.fetch;
    const { strategy, renewals } = tokenStrategy(
      'old',
      () => new Promise((resolve) => setTimeout(() => resolve('new'), 100)),
    );
    const transport = createTransport({
      baseUrl: BASE,
      fetch,
      timeout: 300,
      totalTimeout: 1_000,
      retry: { limit: 3, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const started = Date.now();
    await expect(transport.request({ method: 'GET', path: '/me', auth: strategy })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    const elapsed = Date.now() - started;
    expect(renewals).toEqual(['old']);
    // Without the one deadline the replay would get retries of 300 ms of its own: well over 1,600 ms.
    expect(elapsed).toBeLessThan(1_600);
    // 300 + 300 + 401 + 100 renewal leaves < 300 ms: the replay gets only the rest.
    expect(calls).toBe(4);
  });

  it('an abort during the renewal ends the call as an AbortError at once', async () => {
    const server = tokenServer(() => 'new');
    const { strategy } = tokenStrategy('old', () => new Promise((resolve) => setTimeout(() => resolve('new'), 5_000)));
    const transport = createTransport({ baseUrl: BASE, fetch: server.fetch });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(
      transport.request({ method: 'GET', path: '/me', auth: strategy, signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a slow asynchronous credential is bounded by the deadline too', async () => {
    const server = tokenServer(() => 'x');
    const transport = createTransport({ baseUrl: BASE, fetch: server.fetch, totalTimeout: 200 });
    const strategy: AuthStrategy<string> = {
      credential: () => new Promise((resolve) => setTimeout(() => resolve('x'), 5_000)),
      apply: (credential, headers) => {
        headers.authorization = `Bearer ${credential}`;
      },
    };
    await expect(transport.request({ method: 'GET', path: '/me', auth: strategy })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    expect(server.seen).toEqual([]);
  });
});

describe('prepare: a compiled route', () => {
  const route = new CompiledRoute(
    {
      method: 'GET',
      path: '/items/{slug}',
      params: z.object({ slug: z.string().check(z.minLength(2)) }),
      query: z.object({ page: z._default(z.optional(z.number()), 1), tag: z.optional(z.string()) }),
      response: z.object({ id: z.number() }),
    },
    { labels: { params: 'params of items', query: 'query of items', body: 'body of items' } },
  );

  it('validates inputs and fills the path (values encoded), sending parsed defaults by default', () => {
    const prepared = route.prepare({ params: { slug: 'a b/c' }, query: { tag: 'x' } });
    expect(prepared.method).toBe('GET');
    expect(prepared.path).toBe('/items/a%20b/c');
    expect(prepared.query).toEqual({ page: 1, tag: 'x' });
  });

  it('with onlyGiven, sends only the keys the caller gave', () => {
    const given = new CompiledRoute(route.spec, {
      labels: { params: 'p', query: 'q', body: 'b' },
      onlyGiven: true,
    });
    expect(given.prepare({ params: { slug: 'ab' }, query: { tag: 'x' } }).query).toEqual({ tag: 'x' });
    expect(given.prepare({ params: { slug: 'ab' } }).query).toBeUndefined();
  });

  it('throws a ValidationError naming the field before anything is sent', () => {
    expect(() => route.prepare({ params: { slug: 'a' } })).toThrow(ValidationError);
    try {
      route.prepare({ params: { slug: 'ab' }, query: { page: 'two' } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toEqual(['page']);
      expect((error as ValidationError).message).toContain('query of items');
    }
  });

  it('a prepared request is sent as it is and its response validated by the route', async () => {
    const fetch = vi.fn(async () => Response.json({ id: 'not a number' })) as unknown as typeof globalThis.fetch;
    const transport = createTransport({ baseUrl: BASE, fetch });
    await expect(transport.request(route.prepare({ params: { slug: 'ab' } }))).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe(`${BASE}/items/ab?page=1`);
  });
});

describe('parse: one step for responses and batch sub-responses', () => {
  const transport = createTransport({ baseUrl: BASE });
  const info = { method: 'POST' as const, url: `${BASE}/items` };
  const schema = z.object({ id: z.number() });

  it('validates a 2xx body against the schema', () => {
    expect(transport.parseResult(info, 201, new Headers(), { id: 5 }, schema)).toEqual({ ok: true, data: { id: 5 } });
    const invalid = transport.parseResult(info, 200, new Headers(), { id: 'x' }, schema);
    expect(invalid.ok).toBe(false);
    expect(!invalid.ok && invalid.error).toBeInstanceOf(ResponseValidationError);
  });

  it('maps another status to its API error, as a response would be', () => {
    const result = transport.parseResult(info, 404, new Headers({ 'x-request-id': 'r1' }), {
      error: { code: 'nope', message: 'missing' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(NotFoundError);
    expect(result.error).toMatchObject({ code: 'nope', requestId: 'r1' });
  });
});

describe('prepare: one path filler for the compiled route and the light prepare by route key', () => {
  const compiled = (path: string) =>
    new CompiledRoute(
      { method: 'GET', path, response: z.unknown() },
      { labels: { params: 'p', query: 'q', body: 'b' } },
    );

  it("fill the same template alike; only the compiled route keeps a value's `/` (CMS template ids)", () => {
    const params = { account_id: 'la 1?x', id: 'theme//slug' };
    expect(compiled('/v1/{account_id}/t/{id}').prepare({ params }).path).toBe('/v1/la%201%3Fx/t/theme//slug');
    expect(prepareRouteKey('GET /v1/{account_id}/t/{id}', { params }).path).toBe('/v1/la%201%3Fx/t/theme%2F%2Fslug');
  });

  it('encode every value as encodeURIComponent does, segment by segment, on every call of a compiled route', () => {
    const values = ['42', 'a-b_c.d~e', 'la 1?x', 'théâtre', 'a+b', "it's", 'x%2Fy', 'a/b c', '/', '💡', 'A*(b)!'];
    const route = compiled('/pre/{id}/mid/{b}');
    for (const value of values) {
      const expected = value.split('/').map(encodeURIComponent).join('/');
      // Twice: the second call fills the parts the route split when it was compiled.
      for (let i = 0; i < 2; i++)
        expect(route.prepare({ params: { id: value, b: 7 } }).path).toBe(`/pre/${expected}/mid/7`);
      expect(prepareRouteKey('GET /pre/{id}/mid/{b}', { params: { id: value, b: 7 } }).path).toBe(
        `/pre/${encodeURIComponent(value)}/mid/7`,
      );
    }
    expect(compiled('/plain').prepare({}).path).toBe('/plain');
    expect(compiled('/{a}{b}').prepare({ params: { a: 1, b: 2 } }).path).toBe('/12');
  });

  it('refuse a missing or empty parameter with the same ValidationError', () => {
    for (const params of [{}, { id: '' }, { id: null }]) {
      const errors = [
        () => compiled('/items/{id}').prepare({ params }),
        () => prepareRouteKey('GET /items/{id}', { params }),
      ].map((prepare) => {
        try {
          prepare();
        } catch (error) {
          return error;
        }
        return expect.unreachable();
      });
      for (const error of errors) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).issues).toEqual([{ path: ['id'], message: 'is required' }]);
      }
      expect((errors[0] as Error).message).toBe((errors[1] as Error).message);
    }
  });
});

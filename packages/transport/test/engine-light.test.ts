// The run engine with its light parts (@viewlink/transport/engine): `new LightRun(settings, request)`
// with a request from `prepareRouteKey`, as the browser facade composes it; what the light parts
// keep is tested here, the facade's use in packages/web/test, the full parts in pipeline.test.ts and others.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  type AuthStrategy,
  type EngineSettings,
  LightRun,
  type PreparedRequest,
  prepareRouteKey,
  type RouteCallInput,
  type StandardSchema,
  scrubSecrets,
} from '../src/engine.js';
import {
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
} from '../src/index.js';

const BASE = 'https://api.example.test';
const TOKEN = 'tok_SECRET_first_1234';
const RENEWED = 'tok_SECRET_renewed_5678';

type Outputs = { 'GET /items/{id}': { id: string }; 'POST /items': { id: string } };

interface Seen {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that answers each request with the next of `answers` and records what it was sent. */
function scripted(...answers: ((init: RequestInit) => Response | Promise<Response>)[]) {
  const seen: Seen[] = [];
  const fetch = (async (url: string | URL | Request, init: RequestInit = {}) => {
    seen.push({
      url: String(url),
      method: init.method,
      headers: Object.fromEntries(new Headers(init.headers)),
      body: init.body ?? undefined,
    });
    const answer = answers[seen.length - 1];
    if (!answer) throw new Error('unexpected request');
    return answer(init);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A token strategy that renews `TOKEN` into `RENEWED` and records what it was told. */
function tokens(renew = async () => RENEWED) {
  const told: string[] = [];
  const auth: AuthStrategy<string> = {
    credential: () => TOKEN,
    apply: (token, headers) => {
      headers['x-client-key'] = 'ck_SECRET_client_key';
      headers.authorization = `Bearer ${token}`;
    },
    renew: (token) => {
      told.push(`renew ${token}`);
      return renew();
    },
    refused: (token) => told.push(`refused ${token}`),
  };
  return { auth, told };
}

const parseError = (body: unknown) => {
  const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
  return { code: error?.code, message: error?.message };
};

/** The facade's composition: settings read at each call, prepare by key, the engine with its light parts. */
function engine(settings: () => EngineSettings) {
  const send = <T>(request: PreparedRequest<T>) => new LightRun(settings(), request).stages();
  return {
    prepare: prepareRouteKey,
    send,
    call: async <K extends keyof Outputs>(
      key: K,
      input?: RouteCallInput,
      schema?: StandardSchema<unknown, Outputs[K]>,
    ) => send(prepareRouteKey(key, input, schema)),
  };
}

function client(fetch: typeof globalThis.fetch, more: Partial<EngineSettings> = {}) {
  const { auth, told } = tokens();
  const routes = engine(() => ({
    baseUrl: BASE,
    fetch,
    timeoutMs: 1_000,
    totalTimeoutMs: 2_000,
    auth,
    parseError,
    ...more,
  }));
  return { routes, told };
}

describe('light parts: prepare by route key', () => {
  it('takes method and path from the route key, each path value URI-encoded, the body as JSON', () => {
    const { routes } = client(scripted().fetch);
    expect(routes.prepare('GET /items/{id}', { params: { id: 'a b/c' } })).toMatchObject({
      method: 'GET',
      path: '/items/a%20b%2Fc',
    });
    expect(routes.prepare('POST /items', { body: { name: 'x' } })).toMatchObject({
      method: 'POST',
      path: '/items',
      json: { name: 'x' },
    });
  });

  it('refuses a missing path value before anything is sent', async () => {
    const { fetch, seen } = scripted();
    const { routes } = client(fetch);
    const error = await routes.call('GET /items/{id}', { params: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: ['id'], message: 'is required' }]);
    expect(seen).toHaveLength(0);
  });
});

describe('the engine with its light parts: authorize, send, parse', () => {
  it('sends accept and what the strategy applies; parses and checks the JSON', async () => {
    const { fetch, seen } = scripted(() => json({ id: '7' }, 201, { 'x-request-id': 'req_1' }));
    const { routes } = client(fetch);
    const response = await routes.call('POST /items', { body: { name: 'x' } }, z.object({ id: z.string() }));
    expect(response).toMatchObject({ data: { id: '7' }, status: 201, requestId: 'req_1' });
    expect(seen[0]).toMatchObject({
      url: `${BASE}/items`,
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-client-key': 'ck_SECRET_client_key',
        authorization: `Bearer ${TOKEN}`,
      },
      body: '{"name":"x"}',
    });
  });

  it('on 401 renews once and replays the same prepared request with the new credential, in the same call', async () => {
    const { fetch, seen } = scripted(
      () => json({ error: { code: 'token_expired', message: 'expired' } }, 401),
      () => json({ id: '1' }),
    );
    const { routes, told } = client(fetch);
    const prepared = routes.prepare('GET /items/{id}', { params: { id: '1' } });
    expect((await routes.send(prepared)).data).toEqual({ id: '1' });
    expect(seen.map((s) => [s.url, s.headers.authorization])).toEqual([
      [`${BASE}/items/1`, `Bearer ${TOKEN}`],
      [`${BASE}/items/1`, `Bearer ${RENEWED}`],
    ]);
    expect(told).toEqual([`renew ${TOKEN}`]);
  });

  it('a second 401 is an AuthenticationError, the strategy is told, and no token shows in the error', async () => {
    const echo = () => json({ error: { code: 'unauthorized', message: `bad token ${TOKEN} ${RENEWED}` } }, 401);
    const { fetch, seen } = scripted(echo, echo);
    const { routes, told } = client(fetch);
    const error = await routes.call('GET /items/{id}', { params: { id: '1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(seen).toHaveLength(2);
    expect(told).toEqual([`renew ${TOKEN}`, `refused ${RENEWED}`]);
    const text = JSON.stringify(error) + String(error);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(RENEWED);
    expect((error as AuthenticationError).code).toBe('unauthorized');
  });

  it("rethrows the strategy's own error as it is", async () => {
    const failure = new Error('renewal refused');
    const { fetch } = scripted(() => json({}, 401));
    const routes = engine(() => ({
      baseUrl: BASE,
      fetch,
      timeoutMs: 1_000,
      totalTimeoutMs: 2_000,
      auth: tokens(() => Promise.reject(failure)).auth,
      parseError: () => ({}),
    }));
    await expect(routes.call('POST /items')).rejects.toBe(failure);
  });

  it('maps a status to its APIError subclass with the request id, scrubbing every header value the strategy applied', async () => {
    const { fetch } = scripted(() =>
      json({ error: { code: 'not_found', message: 'no item for ck_SECRET_client_key' } }, 404, {
        'x-request-id': 'req_9',
      }),
    );
    const error = (await client(fetch)
      .routes.call('GET /items/{id}', { params: { id: '9' } })
      .catch((e: unknown) => e)) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: 'req_9', url: `${BASE}/items/9` });
    expect(error.message).toContain('no item for [REDACTED]');
  });

  it('a body that fails the schema is a ResponseValidationError naming the path', async () => {
    const { fetch } = scripted(() => json({ id: 5 }));
    const error = await client(fetch)
      .routes.call('POST /items', {}, z.object({ id: z.string() }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['id']);
  });

  it('an attempt that outlives its timeout is a TimeoutError; a network fault a ConnectionError without secrets', async () => {
    const stall = (init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const slow = client(scripted(stall).fetch, { timeoutMs: 20 });
    const timedOut = await slow.routes.call('POST /items').catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    // Which limit ran out: the attempt's own (it said "the request timed out").
    expect((timedOut as TimeoutError).message).toBe(`POST ${BASE}/items: timed out after 20 ms (timeout)`);
    expect(timedOut).toMatchObject({ limit: 'timeout', limitMs: 20 });
    const down = client(
      scripted(() => {
        throw new TypeError('connect ECONNREFUSED for ck_SECRET_client_key');
      }).fetch,
    );
    const error = await down.routes.call('POST /items').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(String(error)).toContain('ECONNREFUSED for [REDACTED]');
  });

  it('the replay after a renewal draws on the same deadline', async () => {
    const { fetch, seen } = scripted(() => json({}, 401));
    const { auth } = tokens(() => new Promise((resolve) => setTimeout(() => resolve(RENEWED), 80)));
    const routes = engine(() => ({
      baseUrl: BASE,
      fetch,
      timeoutMs: 1_000,
      totalTimeoutMs: 50,
      auth,
      parseError: () => ({}),
    }));
    // The renewal took longer than the call's deadline: no second attempt is sent.
    const error = await routes.call('POST /items').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ limit: 'totalTimeout', limitMs: 50 });
    expect(seen).toHaveLength(1);
  });
});

describe('the engine with its light parts: fetch', () => {
  it('calls the given fetch unbound (a browser fetch throws "Illegal invocation" on another this), the global one by default', async () => {
    const { fetch: answer, seen } = scripted(
      () => json({ id: '1' }),
      () => json({ id: '2' }),
    );
    const strict = function (this: unknown, url: string | URL | Request, init?: RequestInit) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return answer(url, init);
    } as typeof globalThis.fetch;
    expect((await client(strict).routes.call('POST /items')).data).toEqual({ id: '1' });
    const global = globalThis.fetch;
    globalThis.fetch = strict;
    try {
      expect((await client(strict, { fetch: undefined }).routes.call('POST /items')).data).toEqual({ id: '2' });
    } finally {
      globalThis.fetch = global;
    }
    expect(seen).toHaveLength(2);
  });
});

describe('scrubSecrets', () => {
  it('replaces raw and URL-encoded secrets of 4+ characters only', () => {
    expect(scrubSecrets('a s3cr/et b s3cr%2Fet c abc', ['s3cr/et', 'abc', undefined])).toBe(
      'a [REDACTED] b [REDACTED] c abc',
    );
  });
});

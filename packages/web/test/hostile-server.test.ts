/**
 * The browser SDK against a hostile server (issue 16): error answers that quote the tokens and
 * SDK Key they received in every field and header, a body that stalls after the headers, and
 * base URLs that carry a credential.
 */
import { inspect } from 'node:util';
import { APIError, ConfigurationError, createSdk, TimeoutError } from '@viewlink/web';
import { describe, expect, it } from 'vitest';
import { BASE, json, pair, SDK_KEY, SECRET_ACCESS, SECRET_REFRESH, stubFetch } from './helpers.js';

const FIRST = 'vl_at_HOSTILE_first_token_1a2b';
const SECOND = 'vl_at_HOSTILE_second_token_3c4d';

function renderings(error: unknown): string {
  const e = error as Error;
  return [String(error), e.message, e.stack, JSON.stringify(error), inspect(error, { depth: 10 })].join('\n');
}

function forms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), btoa(secret)];
}

describe('a server that echoes every credential it received', () => {
  it('shows none of the tokens this request sent (the renewed one and the refused one) nor the SDK Key', async () => {
    const seen: string[] = [];
    const { fetch } = stubFetch((token, _path, init) => {
      seen.push(token);
      const key = new Headers(init.headers).get('x-viewlink-sdk-key') ?? '';
      // The first token is refused; the replay with the renewed one gets a 403 quoting both.
      const quoted = `${seen.join(' ')} ${encodeURIComponent(seen.join(' '))} key=${key}`;
      const body = { error: { code: `denied:${token}`, message: `you sent ${quoted}`, request_id: token } };
      const response = json(body, token === FIRST ? 401 : 403);
      response.headers.set('x-request-id', `${token}:${key}`);
      return response;
    });
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.onTokenExpired(() => sdk.initialize(SDK_KEY, pair(SECOND)));
    sdk.initialize(SDK_KEY, pair(FIRST));
    const error = await sdk.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(403);
    expect(seen).toEqual([FIRST, SECOND]);
    const text = renderings(error);
    expect(text).toContain('[REDACTED]');
    for (const secret of [FIRST, SECOND, SDK_KEY, SECRET_REFRESH]) {
      for (const form of forms(secret)) expect(text).not.toContain(form);
    }
    sdk.dispose();
  });
});

describe('a body that stalls after the headers', () => {
  it('is a TimeoutError of the request, not a connection error', async () => {
    const fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"categories":['));
          // Like fetch: the request's signal errors the body stream.
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const sdk = createSdk({ baseUrl: BASE, fetch, requestTimeoutMs: 100 });
    sdk.initialize(SDK_KEY, pair());
    const started = performance.now();
    const error = await sdk.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(100 + 700);
    // The call the app made, and the limit that ran out by the option the app set (it said "the request timed out").
    expect((error as TimeoutError).message).toBe(
      `SDK.watchlist(): GET ${BASE}/v1/user/watchlist: timed out after 100 ms (requestTimeoutMs)`,
    );
    expect((error as TimeoutError).toJSON()).toMatchObject({
      callSite: 'SDK.watchlist()',
      limit: 'requestTimeoutMs',
      limitMs: 100,
    });
    sdk.dispose();
  });
});

describe('a base URL that carries a credential', () => {
  for (const baseUrl of [
    'https://api.example.test/?access_token=vl_at_SECRET_query_5e6f',
    'https://user:SECRET_userinfo_7a8b@api.example.test',
    'https://api.example.test/#token=SECRET_fragment_9c0d',
  ]) {
    it(`is refused without echoing it: ${baseUrl.replace(/SECRET\w+/, '…')}`, () => {
      let error: unknown;
      try {
        createSdk({ baseUrl }).initialize(SDK_KEY, pair());
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(renderings(error)).not.toMatch(/SECRET/);
    });
  }
});

describe('every error of a call is led by the method the app called (a log line shows only the message)', () => {
  it('a 404 and a 429 of SDK.accounts() and a connection failure of SDK.services(), in message and toJSON()', async () => {
    let answer = (): Response =>
      json({ error: { code: 'not_found', message: 'No such user', request_id: 'req_1' } }, 404);
    const { fetch } = stubFetch(() => answer());
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    const missing = (await sdk.accounts().catch((e: unknown) => e)) as APIError;
    expect(missing).toBeInstanceOf(APIError);
    // It said `404 No such user (GET <url>)`: not which call of the app.
    expect(missing.message).toBe(`SDK.accounts(): 404 No such user (GET ${BASE}/v1/user/accounts)`);
    expect(missing.toJSON()).toMatchObject({ callSite: 'SDK.accounts()', status: 404, requestId: 'req_1' });
    answer = () => {
      const response = json({ error: { code: 'rate_limited', message: 'Slow down' } }, 429);
      response.headers.set('retry-after', '3');
      return response;
    };
    const limited = (await sdk.accounts().catch((e: unknown) => e)) as APIError;
    expect(limited.message).toBe(`SDK.accounts(): 429 Slow down (GET ${BASE}/v1/user/accounts); retry after 3000 ms`);
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const down = (await sdk.services().catch((e: unknown) => e)) as Error;
    expect(down.message).toBe(`SDK.services(): Connection failed for GET ${BASE}/v1/services: Failed to fetch`);
    for (const error of [missing, limited, down])
      for (const secret of [SDK_KEY, SECRET_ACCESS]) expect(renderings(error)).not.toContain(secret);
    sdk.dispose();
  });
});

import {
  AbortError,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from '@viewlink/transport';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, BASE, usePartnerFake } from './fixtures.js';

const setup = usePartnerFake();
const WATCHLIST = 'GET /v1/user/watchlist';

async function userWithPair(options: Parameters<typeof setup.client>[0] = {}) {
  const user = setup.client(options).user('demo-user');
  await user.tokenPair();
  return user;
}

describe('faults on reads', () => {
  it('retries a 500 and a 503 on GET, then succeeds', async () => {
    const user = await userWithPair();
    setup.fake().faults.add({ route: WATCHLIST, status: 500 });
    setup.fake().faults.add({ route: WATCHLIST, status: 503 });
    const watchlist = await user.watchlist();
    expect(watchlist.categories.length).toBeGreaterThan(0);
    expect(setup.fake().requestCount(WATCHLIST)).toBe(3);
  });

  it('gives up after the retry limit with InternalServerError', async () => {
    const user = await userWithPair();
    setup.fake().faults.add({ route: WATCHLIST, status: 503, times: 5 });
    const error = (await user.watchlist().catch((e: unknown) => e)) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(setup.fake().requestCount(WATCHLIST)).toBe(3);
    // Retried: the message says so (it read as a first-try 503), and `attempts` is a field of the log line.
    expect(error.message).toMatch(
      new RegExp(`^user\\.watchlist\\(\\): 503 .* \\(GET ${BASE}/v1/user/watchlist\\); 3 attempts over \\d+\\.\\d s$`),
    );
    expect(error.toJSON()).toMatchObject({ attempts: 3, callSite: 'user.watchlist()', status: 503 });
  });

  it('honours Retry-After on 429', async () => {
    const user = await userWithPair({ retry: { limit: 1, baseDelayMs: 1 } });
    setup.fake().faults.add({ route: WATCHLIST, status: 429, retry_after: 1 });
    const started = Date.now();
    await user.watchlist();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    setup.fake().faults.add({ route: WATCHLIST, status: 429, retry_after: 0, times: 2 });
    const error = await user.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(0);
  });

  it('times out a hung server, retrying within the total budget', async () => {
    const user = await userWithPair({ timeout: 50, totalTimeout: 2_000, retry: { limit: 1, baseDelayMs: 1 } });
    setup.fake().faults.add({ route: WATCHLIST, delay_ms: 400, times: 2 });
    await expect(user.watchlist()).rejects.toBeInstanceOf(TimeoutError);
    expect(setup.fake().requestCount(WATCHLIST)).toBe(2);
  });

  it('retries a connection reset, and reports ConnectionError when it persists', async () => {
    const user = await userWithPair();
    setup.fake().faults.add({ route: WATCHLIST, reset: true });
    await expect(user.watchlist()).resolves.toBeDefined();
    setup.fake().faults.add({ route: WATCHLIST, reset: true, times: 3 });
    await expect(user.watchlist()).rejects.toBeInstanceOf(ConnectionError);
  });

  it('reports truncated JSON and schema drift as ResponseValidationError with the path', async () => {
    const user = await userWithPair();
    setup.fake().faults.add({ route: WATCHLIST, truncate: true });
    await expect(user.watchlist()).rejects.toThrow(/not valid JSON/);
    setup.fake().faults.add({ route: WATCHLIST, drift: true });
    const drift = await user.watchlist().catch((e: unknown) => e);
    expect(drift).toBeInstanceOf(ResponseValidationError);
    expect((drift as ResponseValidationError).issues.map((i) => i.path.join('.'))).toContain('categories');
    setup.fake().faults.add({ route: 'GET /v1/user/history', drift: true });
    await expect(user.history.all()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('loses nothing across a fault in the middle of a history sync: resume from the last cursor', async () => {
    const user = await userWithPair({ retry: false });
    const seen: string[] = [];
    let cursor: string | undefined;
    let failures = 0;
    for (;;) {
      try {
        for await (const page of user.history.pages({ limit: 250, cursor })) {
          for (const entry of page.items) seen.push(entry.watched_at);
          cursor = page.nextCursor;
          if (seen.length === 500) setup.fake().faults.add({ route: 'GET /v1/user/history', status: 503 });
        }
        break;
      } catch (error) {
        expect(error).toBeInstanceOf(InternalServerError);
        failures += 1;
      }
    }
    expect(failures).toBe(1);
    expect(seen).toHaveLength(1_200);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('the pair issued inside a call: its failure is led by the call that needed it (it named no call)', async () => {
    setup.fake().faults.add({ route: 'POST /v1/auth/token', status: 500 });
    const error = (await setup
      .client()
      .user('demo-user')
      .watchlist()
      .catch((e: unknown) => e)) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toMatch(new RegExp(`^user\\.watchlist\\(\\): 500 .*\\(POST ${BASE}/v1/auth/token\\)$`));
    expect(error.callSite).toBe('user.watchlist()');
  });

  it('does not retry token issuance (POST) on 500', async () => {
    setup.fake().faults.add({ route: 'POST /v1/auth/token', status: 500 });
    await expect(setup.client().tokens.issue({ userId: 'demo-user' })).rejects.toBeInstanceOf(InternalServerError);
    expect(setup.fake().requestCount('POST /v1/auth/token')).toBe(1);
  });
});

describe('the caller aborts inside a request', () => {
  it('the AbortError names the call, as one between the pages of a list does (it said `GET <url> was aborted`)', async () => {
    const user = await userWithPair();
    setup.fake().faults.add({ route: WATCHLIST, delay_ms: 2_000 });
    setup.fake().faults.add({ route: 'POST /v1/auth/token', delay_ms: 2_000 });
    const aborted = async (call: (signal: AbortSignal) => Promise<unknown>) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 30);
      const error = (await call(controller.signal).catch((e: unknown) => e)) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      return error;
    };
    const read = await aborted((signal) => user.watchlist({ signal }));
    expect(read.message).toBe(`user.watchlist(): GET ${BASE}/v1/user/watchlist was aborted`);
    expect(read.toJSON()).toEqual({
      name: 'AbortError',
      code: 'aborted',
      message: `user.watchlist(): GET ${BASE}/v1/user/watchlist was aborted`,
      method: 'GET',
      url: `${BASE}/v1/user/watchlist`,
      callSite: 'user.watchlist()',
    });
    const issue = await aborted((signal) => setup.client().tokens.issue({ userId: 'demo-user', signal }));
    expect(issue.message).toBe(`client.tokens.issue(): POST ${BASE}/v1/auth/token was aborted`);
    // In a retry's backoff wait: the same words.
    setup.fake().faults.add({ route: WATCHLIST, status: 503, retry_after: 5 });
    const waiting = await aborted((signal) =>
      setup
        .client({ retry: { limit: 2, baseDelayMs: 1 } })
        .user('demo-user')
        .watchlist({ signal }),
    );
    expect(waiting.message).toBe(`user.watchlist(): GET ${BASE}/v1/user/watchlist was aborted`);
    // While a history page is on its way: named like an abort between pages.
    setup.fake().faults.add({ route: 'GET /v1/user/history', delay_ms: 2_000 });
    const walk = await aborted(async (signal) => {
      for await (const _ of user.history.entries({ limit: 10, signal }));
    });
    expect(walk.message).toBe(`user.history.entries(): GET ${BASE}/v1/user/history?limit=10 was aborted`);
  });
});

describe('the caller aborts a history sync', () => {
  /** The history pages the client asked for, by URL. */
  const asked: string[] = [];
  const recordingFetch: typeof globalThis.fetch = (input, init) => {
    if (String(input).includes('/v1/user/history')) asked.push(String(input));
    return globalThis.fetch(input, init);
  };
  beforeEach(() => {
    asked.length = 0;
  });

  it('user.history.entries() throws AbortError at the next entry, not after the rest of the page it holds', async () => {
    const user = await userWithPair({ fetch: recordingFetch });
    // The seeded user has 1,200 entries: an abort in the first page, and one in the last (500, 500,
    // 200: no next request left whose send would notice it).
    for (const { limit, at } of [
      { limit: 100, at: 30 },
      { limit: 500, at: 1_030 },
    ]) {
      const controller = new AbortController();
      let entries = 0;
      const error = await (async () => {
        for await (const _ of user.history.entries({ limit, signal: controller.signal }))
          if (++entries === at) controller.abort();
      })().catch((e: unknown) => e);
      expect(error, `limit ${limit}`).toBeInstanceOf(AbortError);
      expect(entries).toBe(at);
      // Named at the call, with the page request just read: the first page's, or the last's (its cursor).
      const read = asked.at(-1) as string;
      expect(read).toContain(`limit=${limit}`);
      expect(read.includes('cursor=')).toBe(at > limit);
      expect(error).toMatchObject({ method: 'GET', url: read });
      expect((error as AbortError).message).toBe(`user.history.entries(): GET ${read} was aborted`);
    }
  });

  it('the AbortError shows a secret in the page URL as [REDACTED] (a cursor that echoes the access token)', async () => {
    const user = await userWithPair({ fetch: recordingFetch });
    const token = (await user.tokenPair()).accessToken;
    const entry = (await user.history.pages({ limit: 1 }).next()).value?.items[0];
    setup.server.use(
      http.get(`${BASE}/v1/user/history`, ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === token
          ? HttpResponse.json({ items: [entry, entry] })
          : HttpResponse.json({ items: [entry, entry], next_cursor: token }),
      ),
    );
    const controller = new AbortController();
    let entries = 0;
    const error = await (async () => {
      for await (const _ of user.history.entries({ signal: controller.signal }))
        if (++entries === 3) controller.abort();
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    const read = asked.at(-1) as string;
    expect(read).toContain(`cursor=${token}`);
    const url = read.replace(token, '[REDACTED]');
    expect(error).toMatchObject({ url });
    expect((error as AbortError).message).toBe(`user.history.entries(): GET ${url} was aborted`);
    expect(JSON.stringify(error)).not.toContain(token);
  });
});

describe('every error of a call is led by it (a log line shows only the message)', () => {
  it('a timeout, a connection failure, a 429 and a 5xx of user.watchlist() say the call, and toJSON() too, without the token', async () => {
    const user = await userWithPair({ timeout: 50, totalTimeout: 2_000, retry: { limit: 1, baseDelayMs: 1 } });
    const token = (await user.tokenPair()).accessToken;
    const failure = async () => (await user.watchlist().catch((e: unknown) => e)) as TimeoutError;
    const url = `${BASE}/v1/user/watchlist`;
    setup.fake().faults.add({ route: WATCHLIST, delay_ms: 400, times: 2 });
    const timeout = await failure();
    expect(timeout).toBeInstanceOf(TimeoutError);
    // It said `GET <url>: timed out after 50 ms (timeout)`: not which call of the app.
    // Retried once: the attempts end the message (it read as a first-try timeout).
    const retried = String.raw`; 2 attempts over \d+\.\d s$`;
    expect(timeout.message).toMatch(
      new RegExp(`^user\\.watchlist\\(\\): GET ${url}: timed out after 50 ms \\(timeout\\)${retried}`),
    );
    expect(timeout.toJSON()).toEqual({
      name: 'TimeoutError',
      code: 'timeout',
      message: timeout.message,
      method: 'GET',
      url,
      callSite: 'user.watchlist()',
      limit: 'timeout',
      limitMs: 50,
      attempts: 2,
    });
    setup.fake().faults.add({ route: WATCHLIST, reset: true, times: 2 });
    const connection = await failure();
    expect(connection).toBeInstanceOf(ConnectionError);
    expect(connection.message).toMatch(
      /^user\.watchlist\(\): Connection failed for GET http:\/\/127\.0\.0\.1:4020\/v1\/user\/watchlist: /,
    );
    // Given up at once: the wait asked for is past the call's deadline.
    setup.fake().faults.add({ route: WATCHLIST, status: 429, retry_after: 7 });
    const limited = (await failure()) as unknown as RateLimitError;
    expect(limited).toBeInstanceOf(RateLimitError);
    // The wait the server asked for is in the message too (it was only a field).
    expect(limited.message).toBe(`user.watchlist(): 429 Injected fault 429 (GET ${url}); retry after 7000 ms`);
    expect(limited.toJSON()).toMatchObject({ callSite: 'user.watchlist()', retryAfterMs: 7000 });
    setup.fake().faults.add({ route: WATCHLIST, status: 503, times: 2 });
    const failed = (await failure()) as unknown as InternalServerError;
    expect(failed).toBeInstanceOf(InternalServerError);
    expect(failed.message).toMatch(
      new RegExp(`^user\\.watchlist\\(\\): 503 Injected fault 503 \\(GET ${url}\\)${retried}`),
    );
    expect(failed.toJSON()).toMatchObject({ attempts: 2, status: 503 });
    for (const error of [timeout, connection, limited, failed]) {
      expect(error).toMatchObject({ callSite: 'user.watchlist()' });
      for (const text of [error.message, JSON.stringify(error)]) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(API_KEY);
      }
    }
  });

  it("a history page's error is led by the walk that read it", async () => {
    const user = await userWithPair({ retry: false });
    setup.fake().faults.add({ route: 'GET /v1/user/history', status: 500 });
    const error = (await (async () => {
      for await (const _ of user.history.entries({ limit: 10 }));
    })().catch((e: unknown) => e)) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toBe(`user.history.entries(): 500 Injected fault 500 (GET ${BASE}/v1/user/history?limit=10)`);
  });
});

describe("the app's abort reason is the AbortError's cause", () => {
  /** The AbortError of a watchlist read aborted with `reasonOf(the user's access token)`. */
  async function abortedWith(reasonOf: (token: string) => unknown) {
    const user = await userWithPair();
    const token = (await user.tokenPair()).accessToken;
    setup.fake().faults.add({ route: WATCHLIST, delay_ms: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(reasonOf(token)), 20);
    const error = (await user.watchlist({ signal: controller.signal }).catch((e: unknown) => e)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.message).toBe(`user.watchlist(): GET ${BASE}/v1/user/watchlist was aborted`);
    return error;
  }

  it('kept as it is: an Error of the app, AbortSignal.timeout()', async () => {
    const left = new Error('user left the page');
    // It had no cause: why the app aborted was lost.
    expect((await abortedWith(() => left)).cause).toBe(left);
    const user = await userWithPair();
    setup.fake().faults.add({ route: WATCHLIST, delay_ms: 2_000 });
    const error = (await user.watchlist({ signal: AbortSignal.timeout(20) }).catch((e: unknown) => e)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.cause).toMatchObject({ name: 'TimeoutError' });
  });

  it("redacted when it could hold a secret: a reason naming the request's token, an Error with fields, an object", async () => {
    const named = (await abortedWith((token) => new Error(`gave up on ${token}`))).cause;
    expect(named).toBeInstanceOf(Error);
    expect((named as Error).message).toBe('gave up on [REDACTED]');
    let fields: Error | undefined;
    const copied = (
      await abortedWith((token) => {
        fields = Object.assign(new Error('request failed'), { headers: { authorization: `Bearer ${token}` } });
        return fields;
      })
    ).cause as Error;
    expect(copied).not.toBe(fields);
    expect(copied.message).toBe('request failed');
    expect(copied).toMatchObject({ name: 'Error' });
    expect(copied).not.toHaveProperty('headers');
    // An Error of the app's own class, its name its only field, is kept as it is.
    class UserLeft extends Error {
      override name = 'UserLeft';
    }
    const own = new UserLeft('navigated away');
    expect((await abortedWith(() => own)).cause).toBe(own);
    expect((await abortedWith((token) => `stop ${token}`)).cause).toBe('stop [REDACTED]');
    expect('cause' in (await abortedWith((token) => ({ token })))).toBe(false);
  });
});

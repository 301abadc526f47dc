import { tracingChannel } from 'node:diagnostics_channel';
import { InternalServerError, TimeoutError } from '@viewlink/transport';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { MemoryTokenStore, TokenRenewalError } from '../src/index.js';
import { BASE, usePartnerFake } from './fixtures.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });

/** Expires the user's access token at the fake (its sandbox route): the next read gets a 401. */
const expireAtServer = (userId: string) =>
  fetch(`${BASE}/__mock/tokens/expire`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId }),
  });

describe('automatic renewal', () => {
  it('renews ahead of expiry (clock skew) through the store, then reads', async () => {
    const store = new MemoryTokenStore();
    const client = setup.client({ tokenStore: store, clockSkewMs: 30_000 });
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    setup.clock.advance(600_000 - 20_000);
    await client.user(pair).watchlist();
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
    expect(setup.fake().requestCount('GET /v1/user/watchlist')).toBe(1);
    expect(store.get('demo-user')?.access_token).not.toBe(pair.accessToken);
  });

  it('renews and retries once after a 401', async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    await user.watchlist();
    await expireAtServer('demo-user');
    await user.watchlist();
    expect(setup.fake().requestCount('GET /v1/user/watchlist')).toBe(3);
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
  });

  it('a 401: the renewal request is a step of the same run, not a second pipeline', async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    await user.watchlist();
    await expireAtServer('demo-user');
    const events: string[] = [];
    type Traced = { request?: { method: string; route?: string }; method?: string; route?: string };
    const onRequest = (c: unknown) => events.push(`request ${(c as Traced).method} ${(c as Traced).route}`);
    const onAttempt = (c: unknown) =>
      events.push(`attempt ${(c as Traced).request?.method} ${(c as Traced).request?.route}`);
    const onRenewal = () => events.push('renewal');
    tracingChannel('viewlink:request').start.subscribe(onRequest);
    tracingChannel('viewlink:attempt').start.subscribe(onAttempt);
    tracingChannel('viewlink:token-renewal').start.subscribe(onRenewal);
    try {
      await user.watchlist();
    } finally {
      tracingChannel('viewlink:request').start.unsubscribe(onRequest);
      tracingChannel('viewlink:attempt').start.unsubscribe(onAttempt);
      tracingChannel('viewlink:token-renewal').start.unsubscribe(onRenewal);
    }
    // One request (the read); its renewal sends POST /v1/auth/token/refresh between its two attempts.
    expect(events).toEqual([
      'request GET /v1/user/watchlist',
      'attempt GET /v1/user/watchlist',
      'renewal',
      'attempt POST /v1/auth/token/refresh',
      'attempt GET /v1/user/watchlist',
    ]);
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
  });

  it('a 401 renewal shared by two reads: the first caller aborting does not cancel it for the second', async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    await user.watchlist();
    await expireAtServer('demo-user');
    let renewing!: () => void;
    const started = new Promise<void>((resolve) => {
      renewing = resolve;
    });
    // The renewal is slow: the first read gives up while it is in flight.
    setup.server.use(
      http.post(
        `${BASE}/v1/auth/token/refresh`,
        async () => {
          renewing();
          await delay(100);
          return undefined;
        },
        { once: true },
      ),
    );
    const controller = new AbortController();
    const first = user.watchlist({ signal: controller.signal });
    const second = user.watchlist();
    await started;
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).resolves.toMatchObject({ categories: expect.any(Array) });
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
  });

  it('retries only once: a second 401 surfaces', async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    await user.tokenPair();
    setup.server.use(
      http.get(`${BASE}/v1/user/watchlist`, () =>
        HttpResponse.json({ error: { code: 'invalid_access_token', message: 'no' } }, { status: 401 }),
      ),
    );
    await expect(user.watchlist()).rejects.toMatchObject({ status: 401 });
    expect(setup.fake().tokens.renewed).toBe(1);
  });

  it('the read after a 401 renews within totalTimeout: a hung renewal ends the read as a TimeoutError in time', async () => {
    const client = setup.client({ totalTimeout: 600, timeout: 5_000 });
    const user = client.user('demo-user');
    await user.tokenPair();
    setup.server.use(
      // The 401 takes 400 ms: the renewal gets only the 200 ms left, not a budget of its own.
      http.get(`${BASE}/v1/user/watchlist`, async () => {
        await delay(400);
        return HttpResponse.json({ error: { code: 'invalid_access_token', message: 'no' } }, { status: 401 });
      }),
      http.post(`${BASE}/v1/auth/token/refresh`, async () => {
        await delay(3_000);
        return HttpResponse.json({});
      }),
    );
    const started = Date.now();
    await expect(user.watchlist()).rejects.toBeInstanceOf(TimeoutError);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(550);
    // A renewal with a budget of its own would end after 3,400 ms; the slack is for a loaded machine.
    expect(elapsed).toBeLessThan(1_500);
  });

  it('1,000 concurrent reads with an expired pair cause exactly one renewal request', async () => {
    const client = setup.client();
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    setup.clock.advance(3_600_000);
    expect(pair.isExpired({ now: setup.clock.now() })).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => (i % 2 === 0 ? client.user(pair) : client.user('demo-user')).watchlist()),
    );
    expect(results).toHaveLength(1_000);
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
    expect(setup.fake().requestCount('GET /v1/user/watchlist')).toBe(1_000);
    expect(setup.fake().tokens.issued).toBe(1);
  }, 60_000);

  it('1,000 concurrent reads hitting 401 (server-side expiry) still renew once', async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    await user.tokenPair();
    await fetch(`${BASE}/__mock/tokens/expire`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await Promise.all(Array.from({ length: 1_000 }, () => user.ratings()));
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
  }, 60_000);

  it('a spent refresh token whose new pair cannot be issued either (500): the message says the SDK tried, not "issue a new pair"', async () => {
    const store = new MemoryTokenStore();
    const client = setup.client({ tokenStore: store });
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    store.set('demo-user', pair.toStored());
    await setup.client().tokens.renew(pair);
    setup.clock.advance(3_600_000);
    setup.fake().faults.add({ route: 'POST /v1/auth/token', status: 500 });
    const error = (await client
      .user('demo-user')
      .watchlist()
      .catch((e: unknown) => e)) as TokenRenewalError;
    expect(error).toBeInstanceOf(TokenRenewalError);
    // It said `could not be renewed (HTTP 500): issue a new pair`, the very step that failed;
    // led by the call whose renewal it was, as the call's other errors are.
    expect(error.message).toBe(
      'user.watchlist(): The token pair of user demo-user could not be renewed: its refresh token was refused, and issuing a new pair in its place failed too (HTTP 500): retry once the service answers (see cause)',
    );
    expect(error.status).toBe(500);
    expect(error.callSite).toBe('user.watchlist()');
    expect(error.cause).toBeInstanceOf(InternalServerError);
    expect(JSON.stringify(error)).not.toContain(pair.refreshToken);
  });

  it('heals a spent refresh token: one new pair issued with the API Key, stored, the read goes on, traced', async () => {
    const store = new MemoryTokenStore();
    const warnings: Array<[string, Record<string, unknown> | undefined]> = [];
    const errors: string[] = [];
    const logger = {
      warn: (m: string, f?: Record<string, unknown>) => warnings.push([m, f]),
      error: (m: string) => errors.push(m),
    };
    const client = setup.client({ tokenStore: store, logger });
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    store.set('demo-user', pair.toStored());
    // Spent elsewhere (a renewal whose answer was lost): the stored pair's refresh token is dead.
    await setup.client().tokens.renew(pair);
    setup.clock.advance(3_600_000);
    const issuedBefore = setup.fake().tokens.issued;
    const traced: Array<{ trigger: string }> = [];
    const onStart = (context: unknown) => traced.push(context as { trigger: string });
    tracingChannel('viewlink:token-renewal').start.subscribe(onStart);
    try {
      const reads = await Promise.all(Array.from({ length: 50 }, () => client.user('demo-user').watchlist()));
      expect(reads).toHaveLength(50);
    } finally {
      tracingChannel('viewlink:token-renewal').start.unsubscribe(onStart);
    }
    expect(setup.fake().tokens.issued - issuedBefore).toBe(1);
    expect(setup.fake().tokens.refused).toBe(1);
    // Each waiting read traces its wait for the renewal; the new pair is issued once.
    const triggers = traced.map((c) => c.trigger);
    expect(triggers.filter((t) => t === 'refused')).toEqual(['refused']);
    expect(triggers.filter((t) => t === 'expiring')).toHaveLength(50);
    const stored = store.get('demo-user');
    expect(stored?.refresh_token).not.toBe(pair.refreshToken);
    // Logged once, without a token.
    const reissued = warnings.filter(([, fields]) => fields?.code === 'token_reissued');
    expect(reissued).toHaveLength(1);
    expect(reissued[0]?.[1]).toMatchObject({ userId: 'demo-user', status: 401 });
    expect(JSON.stringify(warnings)).not.toContain(pair.refreshToken);
    // The heal's own line is the one warning: the refused renewal request, a step of the reads
    // the strategy judged and healed, is at debug (a 4xx is logged at warn elsewhere).
    expect(warnings.filter(([message]) => message.includes('/v1/auth/token/refresh'))).toEqual([]);
    // Healed, so no error line: the refused renewal was a step of the reads, logged at debug (it was
    // logged at error, paging anyone alerting on error logs for a pair the SDK replaced).
    expect(errors).toEqual([]);
    // The next read uses the stored new pair: nothing renewed or issued again.
    await client.user('demo-user').watchlist();
    expect(setup.fake().tokens.issued - issuedBefore).toBe(1);
  });

  it('with renewal.reissue: false, reports a dead refresh token as TokenRenewalError, logged once at error', async () => {
    const errors: string[] = [];
    const debug: string[] = [];
    const logger = { error: (m: string) => errors.push(m), debug: (m: string) => debug.push(m) };
    const client = setup.client({ renewal: { reissue: false }, logger });
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    await setup.client().tokens.renew(pair);
    setup.clock.advance(3_600_000);
    const error = await client
      .user(pair)
      .watchlist()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRenewalError);
    expect((error as TokenRenewalError).userId).toBe('demo-user');
    // The call's own failure at error, once; the refused renewal request (its step) at debug.
    expect(errors).toEqual([`viewlink: ${(error as Error).message}`]);
    expect(debug.some((line) => line.includes('401') && line.includes('/v1/auth/token/refresh'))).toBe(true);
  });

  it("a read that fails because its pair could not be issued or renewed: the error line's fields hold the server's status", async () => {
    const lines: [string, Record<string, unknown>][] = [];
    const logger = { error: (m: string, f: Record<string, unknown>) => lines.push([m, f]) };
    // An API Key the service refuses: the pair issued inside the read gets 401 invalid_api_key.
    const wrongKey = setup.client({ apiKey: 'vl_not_the_configured_key', logger });
    await expect(wrongKey.user('demo-user').watchlist()).rejects.toMatchObject({ status: 401 });
    expect(lines.at(-1)?.[1]).toMatchObject({ status: 401, code: 'invalid_api_key', requestId: expect.any(String) });
    // A refresh token refused, with no reissue: the TokenRenewalError's status.
    const client = setup.client({ renewal: { reissue: false }, logger });
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    await setup.client().tokens.renew(pair);
    setup.clock.advance(3_600_000);
    await expect(client.user(pair).watchlist()).rejects.toBeInstanceOf(TokenRenewalError);
    expect(lines.at(-1)?.[1]).toMatchObject({ status: 401, durationMs: expect.any(Number) });
  });

  it('does not retry a renewal (POST) on 503, and leaves the pair usable for the next attempt', async () => {
    const client = setup.client();
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    setup.clock.advance(3_600_000);
    setup.server.use(
      http.post(
        `${BASE}/v1/auth/token/refresh`,
        () => HttpResponse.json({ error: { code: 'busy', message: 'x' } }, { status: 503 }),
        {
          once: true,
        },
      ),
    );
    await expect(client.user(pair).watchlist()).rejects.toBeInstanceOf(InternalServerError);
    await expect(client.user(pair).watchlist()).resolves.toBeDefined();
  });

  it('hands the app a fresh pair (tokenPair) and renews on onTokenExpired (renewTokenPair)', async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    const first = await user.tokenPair();
    expect((await user.tokenPair()).equals(first)).toBe(true);
    const renewed = await user.renewTokenPair();
    expect(renewed.equals(first)).toBe(false);
    expect((await user.tokenPair()).equals(renewed)).toBe(true);
    expect(renewed.toSdkTokens(setup.clock.now()).expires_in).toBe(600);
  });
});

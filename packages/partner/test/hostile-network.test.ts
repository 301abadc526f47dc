/**
 * The partner client against a hostile network: a fault-injecting proxy on 127.0.0.1 between the
 * client and the mock service (`@viewlink/mock/server`). Each case asserts the error class, the
 * attempts the proxy counted, that no POST is repeated, and the elapsed time against the timeouts.
 */
import { createMockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import {
  AbortError,
  AuthenticationError,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from '@viewlink/transport';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../transport/test/fault-proxy/proxy.js';
import { MemoryTokenStore, PartnerClient, type PartnerClientOptions, type PartnerUser } from '../src/index.js';

const API_KEY = 'vl_test_HOSTILE_api_key_5c1d';
const WATCHLIST = 'GET /v1/user/watchlist';
const ISSUE = 'POST /v1/auth/token';
const RENEW = 'POST /v1/auth/token/refresh';
// Generous upper margin: the machine is a loaded 2-core box shared with other suites.
const SLACK_MS = 700;

let upstream: RunningServer;
let proxy: FaultProxy;

beforeAll(async () => {
  const service = createMockService({ partner: { apiKeys: [API_KEY], refreshDelayMs: 1 } });
  upstream = await serve({ handle: service.handle });
  proxy = await startFaultProxy(upstream.url);
});
afterEach(() => proxy.reset());
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

function client(options: Partial<PartnerClientOptions> = {}): PartnerClient {
  return new PartnerClient({
    apiKey: API_KEY,
    baseUrl: proxy.url,
    // Long enough for a loaded machine; the timeout cases set their own short ones.
    timeout: 2_000,
    totalTimeout: 5_000,
    retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

/** A user whose pair is already issued, so the case's first request is the read itself. */
async function readyUser(options: Partial<PartnerClientOptions> = {}): Promise<PartnerUser> {
  // Issued by a patient client: the case's short timeouts are for the read under test.
  const tokenStore = new MemoryTokenStore();
  const id = `user-${Math.random().toString(36).slice(2)}`;
  await client({ tokenStore }).user(id).tokenPair();
  proxy.reset();
  return client({ ...options, tokenStore }).user(id);
}

async function timed<T>(promise: Promise<T>): Promise<{ value: T | undefined; error: unknown; ms: number }> {
  const started = performance.now();
  try {
    const value = await promise;
    return { value, error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { value: undefined, error, ms: performance.now() - started };
  }
}

function postsRepeated(): string[] {
  const posts = proxy.seen.filter((r) => r.method === 'POST').map((r) => r.path);
  return posts.filter((path, i) => posts.indexOf(path) !== i);
}

afterEach(() => {
  // No case may send the same POST twice.
  expect(postsRepeated()).toEqual([]);
});

describe('partner client behind a hostile proxy: reads', () => {
  it('reset before headers: retried, then ConnectionError once the retries run out', async () => {
    const user = await readyUser();
    proxy.inject({ kind: 'reset-before-headers', match: WATCHLIST });
    await expect(user.watchlist()).resolves.toHaveProperty('categories');
    expect(proxy.count(WATCHLIST)).toBe(2);
    proxy.reset();
    proxy.inject({ kind: 'reset-before-headers', match: WATCHLIST, times: 3 });
    const { error, ms } = await timed(user.watchlist());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(proxy.count(WATCHLIST)).toBe(3);
    expect(ms).toBeLessThan(3_000);
  });

  it('reset in the middle of the body: a network error of that attempt, retried', async () => {
    const user = await readyUser();
    proxy.inject({ kind: 'reset-mid-body', match: WATCHLIST });
    await expect(user.watchlist()).resolves.toHaveProperty('categories');
    expect(proxy.count(WATCHLIST)).toBe(2);
    proxy.reset();
    proxy.inject({ kind: 'reset-mid-body', match: WATCHLIST, times: 3 });
    await expect(user.watchlist()).rejects.toBeInstanceOf(ConnectionError);
    expect(proxy.count(WATCHLIST)).toBe(3);
  });

  it('stall after the headers: a timeout of that attempt (not AbortError), retried within the budget', async () => {
    const user = await readyUser({ timeout: 200 });
    proxy.inject({ kind: 'stall-after-headers', match: WATCHLIST });
    const ok = await timed(user.watchlist());
    expect(ok.error).toBeUndefined();
    expect(proxy.count(WATCHLIST)).toBe(2);
    expect(ok.ms).toBeGreaterThanOrEqual(190);
    proxy.reset();
    proxy.inject({ kind: 'stall-after-headers', match: WATCHLIST, times: 3 });
    const { error, ms } = await timed(user.watchlist());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(proxy.count(WATCHLIST)).toBe(3);
    expect(ms).toBeGreaterThanOrEqual(3 * 190);
    expect(ms).toBeLessThan(3 * 200 + SLACK_MS);
  });

  it("AbortError only when the caller's signal fired during a stalled body", async () => {
    const user = await readyUser({ timeout: 2_000 });
    proxy.inject({ kind: 'stall-after-headers', match: WATCHLIST });
    const signal = AbortSignal.timeout(150);
    const { error, ms } = await timed(user.watchlist({ signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(proxy.count(WATCHLIST)).toBe(1);
    expect(ms).toBeLessThan(150 + SLACK_MS);
  });

  it('truncated JSON (a complete response with a cut body): ResponseValidationError, not retried', async () => {
    const user = await readyUser();
    proxy.inject({ kind: 'truncated-json', match: WATCHLIST });
    const error = await user.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(String(error)).toMatch(/not valid JSON/);
    expect(proxy.count(WATCHLIST)).toBe(1);
  });

  it('429 with Retry-After in seconds: waits that long, then succeeds', async () => {
    const user = await readyUser();
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' }, match: WATCHLIST });
    const { error, ms } = await timed(user.watchlist());
    expect(error).toBeUndefined();
    expect(proxy.count(WATCHLIST)).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(1_000 + SLACK_MS);
  });

  it('429 with Retry-After as an HTTP date: waits until then, then succeeds', async () => {
    const user = await readyUser();
    // HTTP dates have whole seconds: 1.5 s ahead is a wait of 0.5 to 1.5 s.
    const date = new Date(Date.now() + 1_500).toUTCString();
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': date }, match: WATCHLIST });
    const { error, ms } = await timed(user.watchlist());
    expect(error).toBeUndefined();
    expect(proxy.count(WATCHLIST)).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(400);
    expect(ms).toBeLessThan(1_500 + SLACK_MS);
  });

  it('429 whose Retry-After exceeds the total budget: RateLimitError at once with retryAfterMs', async () => {
    const user = await readyUser({ totalTimeout: 1_000 });
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '30' }, match: WATCHLIST, times: 5 });
    const { error, ms } = await timed(user.watchlist());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(30_000);
    expect(proxy.count(WATCHLIST)).toBe(1);
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('503 storm: InternalServerError after limit + 1 attempts', async () => {
    const user = await readyUser();
    proxy.inject({ kind: 'status', status: 503, match: WATCHLIST, times: 50 });
    const { error, ms } = await timed(user.watchlist());
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(503);
    expect(proxy.count(WATCHLIST)).toBe(3);
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('503 storm with a generous retry policy: totalTimeout bounds the call', async () => {
    const user = await readyUser({ totalTimeout: 600, retry: { limit: 10, baseDelayMs: 100, maxDelayMs: 200 } });
    proxy.inject({ kind: 'status', status: 503, match: WATCHLIST, times: 50 });
    const { error, ms } = await timed(user.watchlist());
    // The last 503 when the next wait would pass the deadline; a TimeoutError when a slow (loaded)
    // attempt is still in flight at the deadline. Either way the call ends in time.
    expect(error instanceof InternalServerError || error instanceof TimeoutError).toBe(true);
    expect(proxy.count(WATCHLIST)).toBeGreaterThanOrEqual(2);
    expect(ms).toBeLessThan(600 + SLACK_MS);
  });

  it('no answer at all: TimeoutError per attempt, retried, bounded by totalTimeout', async () => {
    const user = await readyUser({ timeout: 150, totalTimeout: 2_000 });
    proxy.inject({ kind: 'no-answer', match: WATCHLIST, times: 3 });
    const three = await timed(user.watchlist());
    expect(three.error).toBeInstanceOf(TimeoutError);
    expect(proxy.count(WATCHLIST)).toBe(3);
    expect(three.ms).toBeGreaterThanOrEqual(3 * 145);
    expect(three.ms).toBeLessThan(3 * 150 + SLACK_MS);

    const bounded = await readyUser({ timeout: 150, totalTimeout: 400, retry: { limit: 10, baseDelayMs: 1 } });
    proxy.inject({ kind: 'no-answer', match: WATCHLIST, times: 20 });
    const total = await timed(bounded.watchlist());
    expect(total.error).toBeInstanceOf(TimeoutError);
    expect(total.ms).toBeGreaterThanOrEqual(300);
    expect(total.ms).toBeLessThan(400 + SLACK_MS);
    expect(proxy.count(WATCHLIST)).toBeLessThanOrEqual(4);
  });

  it('an oversized body is refused by its announced length, not read into memory', async () => {
    const user = await readyUser({ timeout: 2_000 });
    proxy.inject({ kind: 'oversized', bytes: 80 * 1024 * 1024, match: WATCHLIST });
    const { error, ms } = await timed(user.watchlist());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(String(error)).toMatch(/larger than/);
    expect(proxy.count(WATCHLIST)).toBe(1);
    expect(ms).toBeLessThan(2_000);
  });

  it('a large body under the limit is read and checked against the schema', async () => {
    const user = await readyUser({ timeout: 2_000 });
    proxy.inject({ kind: 'oversized', bytes: 4 * 1024 * 1024, match: WATCHLIST });
    const error = await user.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path.join('.'))).toContain('categories');
    expect(proxy.count(WATCHLIST)).toBe(1);
  });

  it('invalid UTF-8 in the body: ResponseValidationError, not retried', async () => {
    const user = await readyUser();
    proxy.inject({ kind: 'invalid-utf8', match: WATCHLIST });
    const error = await user.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(String(error)).toMatch(/UTF-8/);
    expect(proxy.count(WATCHLIST)).toBe(1);
  });

  it('an HTML page instead of JSON: ResponseValidationError naming the content type, not retried', async () => {
    const user = await readyUser();
    proxy.inject({ kind: 'wrong-content-type', match: WATCHLIST });
    const error = await user.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(String(error)).toMatch(/text\/html/);
    expect(proxy.count(WATCHLIST)).toBe(1);
  });
});

describe('partner client behind a hostile proxy: POSTs are never repeated', () => {
  const cases = [
    { kind: 'reset-before-headers', error: ConnectionError },
    { kind: 'reset-mid-body', error: ConnectionError },
    { kind: 'stall-after-headers', error: TimeoutError },
    { kind: 'no-answer', error: TimeoutError },
    { kind: 'status', status: 503, error: InternalServerError },
    { kind: 'status', status: 429, headers: { 'retry-after': '0' }, error: RateLimitError },
  ] as const;
  for (const { error: expected, ...fault } of cases) {
    const name = 'status' in fault ? `${fault.kind} ${fault.status}` : fault.kind;
    it(`token issue under ${name}: ${expected.name} after one attempt`, async () => {
      proxy.inject({ ...fault, match: ISSUE } as never);
      const { error, ms } = await timed(
        client({ timeout: expected === TimeoutError ? 200 : 2_000 }).tokens.issue({ userId: 'post-victim' }),
      );
      expect(error).toBeInstanceOf(expected);
      expect(proxy.count(ISSUE)).toBe(1);
      expect(ms).toBeLessThan((expected === TimeoutError ? 200 : 0) + SLACK_MS);
    });
  }
});

describe('totalTimeout spans renewal and replay', () => {
  it('a read that times out, gets 401, renews and stalls again ends within totalTimeout', async () => {
    // Two timed-out attempts use 800 of the 1,000 ms; the renewal and the replay get the rest.
    // Without one deadline the replay would start over with three fresh 400 ms attempts (2 s).
    const user = await readyUser({ timeout: 400, totalTimeout: 1_000 });
    proxy.inject({ kind: 'no-answer', match: WATCHLIST, times: 2 });
    proxy.inject({ kind: 'status', status: 401, match: WATCHLIST });
    proxy.inject({ kind: 'no-answer', match: WATCHLIST, times: 10 });
    const { error, ms } = await timed(user.watchlist());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(proxy.count(RENEW)).toBe(1);
    // Three attempts before the renewal; the replay's only if the renewal left time (a loaded machine may not).
    expect(proxy.count(WATCHLIST)).toBeGreaterThanOrEqual(3);
    expect(proxy.count(WATCHLIST)).toBeLessThanOrEqual(4);
    expect(ms).toBeGreaterThanOrEqual(990);
    // Without one deadline over renewal and replay: 400 ms a hung attempt, over 4 s.
    expect(ms).toBeLessThan(1_000 + SLACK_MS);
  });

  it('a 401 whose replay is refused again is an AuthenticationError, one renewal', async () => {
    const user = await readyUser();
    proxy.inject({ kind: 'status', status: 401, match: WATCHLIST, times: 2 });
    const error = await user.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(proxy.count(RENEW)).toBe(1);
    expect(proxy.count(WATCHLIST)).toBe(2);
  });
});

describe("validation: 'warn' never throws on drifted data", () => {
  it('drifted accounts and history pages read as empty, with a warning each', async () => {
    const warnings: string[] = [];
    const user = await readyUser({ validation: 'warn', logger: { warn: (line) => warnings.push(line) } });
    const drifted = JSON.stringify({ accounts: null, items: 42, next_cursor: 7 });
    proxy.inject({ kind: 'status', status: 200, body: drifted, match: 'GET /v1/user/accounts' });
    proxy.inject({ kind: 'status', status: 200, body: drifted, match: 'GET /v1/user/history' });
    await expect(user.accounts()).resolves.toEqual({ accounts: [], needingReauthentication: [] });
    await expect(user.history.all()).resolves.toEqual([]);
    expect(warnings.filter((line) => /Unexpected response/.test(line))).toHaveLength(2);
  });
});

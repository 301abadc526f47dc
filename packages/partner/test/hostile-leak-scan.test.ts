/**
 * Leak scan (issue 16): a mock service that echoes every credential it receives into its error
 * bodies and headers, 1, 128 and 1,000 users served concurrently by one client, and every error
 * the partner client can be driven into. Every secret (API Key, each user's access and refresh
 * token; raw, URL-encoded and base64) is counted in String(e), e.message, e.stack,
 * JSON.stringify(e), util.inspect(e, { depth: 10 }), the client's and users' own renderings and
 * every logger line: the count must be 0.
 */
import { inspect } from 'node:util';
import { createMockService, type MockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import {
  AuthenticationError,
  ConfigurationError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from '@viewlink/transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caught,
  countLeaks,
  inProcessFetch,
  recordingLogger,
  renderingsOf,
} from '../../transport/test/fault-proxy/leak-scan.js';
import { type FaultProxy, startFaultProxy } from '../../transport/test/fault-proxy/proxy.js';
import { MemoryTokenStore, PartnerClient, type PartnerClientOptions, TokenRenewalError } from '../src/index.js';

const API_KEY = 'vl_test_LEAKSCAN_api_key_77f0e1';
const WRONG_KEY = 'vl_test_WRONG_api_key_0b9a44';

let service: MockService;
let upstream: RunningServer;
let proxy: FaultProxy;

beforeAll(async () => {
  service = createMockService({ partner: { apiKeys: [API_KEY], refreshDelayMs: 1, echoCredentials: true } });
  upstream = await serve({ handle: service.handle });
  proxy = await startFaultProxy(upstream.url);
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

describe.each([1, 128, 1_000])('leak scan with %i concurrent users and an echoing server', (users) => {
  it('no secret in any error, rendering or log line', { timeout: 120_000 }, async () => {
    const fake = service.partner;
    fake.faults.clear();
    const lines: string[] = [];
    const options = {
      apiKey: API_KEY,
      baseUrl: upstream.url,
      // Generous: a thousand users share a pooled fetch on a loaded 2-core machine.
      timeout: 30_000,
      totalTimeout: 60_000,
      retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 2 },
      logger: recordingLogger(lines),
      // Shared by every client of the case: each user's pair is issued once, and is among the secrets.
      tokenStore: new MemoryTokenStore(),
      fetch: inProcessFetch(service.handle),
      // The refused renewal below must surface (quoting the refresh token), not heal by issuing a new pair.
      renewal: { reissue: false },
    } satisfies PartnerClientOptions;
    const client = new PartnerClient(options);
    const warnClient = new PartnerClient({ ...options, validation: 'warn' });
    const ids = Array.from({ length: users }, (_, i) => `leak-${users}-${i}`);
    const people = ids.map((id) => client.user(id));
    const pairs = await Promise.all(people.map((user) => user.tokenPair()));
    const secrets = [API_KEY, WRONG_KEY, ...pairs.flatMap((pair) => [pair.accessToken, pair.refreshToken])];
    const errors: unknown[] = [];
    const expectAll = async (kind: abstract new (...args: never[]) => Error, work: () => Promise<unknown>[]) => {
      const settled = await Promise.all(work().map(caught));
      for (const error of settled) expect(error).toBeInstanceOf(kind);
      errors.push(...settled);
    };

    // 403 on a read: the server quotes each user's bearer token.
    fake.faults.add({ route: 'GET /v1/user/watchlist', status: 403, times: users });
    await expectAll(PermissionDeniedError, () => people.map((user) => user.watchlist()));
    // Every other error kind for a sample of the users (the per-user secret paths are the 403 and 401 above/below).
    const sample = people.slice(0, 16);
    // 500 storm on a read (retried, logged), then the final error.
    fake.faults.add({ route: 'GET /v1/user/ratings', status: 500, times: sample.length * 2 });
    await expectAll(InternalServerError, () => sample.map((user) => user.ratings()));
    // 429 on a read.
    fake.faults.add({ route: 'GET /v1/user/recommendations', status: 429, retry_after: 0, times: sample.length * 2 });
    await expectAll(RateLimitError, () => sample.map((user) => user.recommendations()));
    // 401 on a read, then the renewal refused (the server quotes the refresh token and the API Key).
    fake.faults.add({ route: 'GET /v1/user/accounts', status: 401, times: users });
    fake.faults.add({ route: 'POST /v1/auth/token/refresh', status: 401, times: users });
    await expectAll(TokenRenewalError, () => people.map((user) => user.accounts()));
    // The fake's own 404 for a service the user has not linked (a POST with a body).
    await expectAll(NotFoundError, () =>
      sample.map((user) => user.refresh({ trigger: 'user-action', service: 'nonexistent-service' })),
    );
    // Drifted data: strict throws, warn logs.
    fake.faults.add({ route: 'GET /v1/user/watchlist', drift: true, times: sample.length });
    await expectAll(ResponseValidationError, () => sample.map((user) => user.watchlist()));
    fake.faults.add({ route: 'GET /v1/user/accounts', drift: true, times: sample.length });
    const drifted = await Promise.all(sample.map((user) => warnClient.user(user.userId).accounts()));
    expect(drifted.every((result) => result.accounts.length === 0)).toBe(true);
    // A wrong API Key quoted back on token issue.
    const wrong = new PartnerClient({ ...options, apiKey: WRONG_KEY, baseUrl: proxy.url, fetch: undefined });
    errors.push(await caught(wrong.tokens.issue({ userId: ids[0] ?? 'x' })));
    expect(errors.at(-1)).toBeInstanceOf(AuthenticationError);
    // Network faults through the proxy: a reset and a stall.
    proxy.inject({ kind: 'reset-before-headers', match: 'GET /v1/user/watchlist', times: 2 });
    const proxied = new PartnerClient({ ...options, baseUrl: proxy.url, fetch: undefined });
    errors.push(await caught(proxied.user(ids[0] ?? 'x').watchlist()));
    expect(errors.at(-1)).toBeInstanceOf(ConnectionError);
    proxy.inject({ kind: 'stall-after-headers', match: 'GET /v1/user/watchlist', times: 2 });
    const impatient = new PartnerClient({ ...options, baseUrl: proxy.url, fetch: undefined, timeout: 200 });
    errors.push(await caught(impatient.user(ids[0] ?? 'x').watchlist()));
    expect(errors.at(-1)).toBeInstanceOf(TimeoutError);
    proxy.reset();

    const texts = [
      ...errors.flatMap(renderingsOf),
      ...lines,
      JSON.stringify(client),
      inspect(client, { depth: 10, showHidden: true }),
      JSON.stringify(warnClient),
      inspect(warnClient, { depth: 10 }),
      ...people.flatMap((user) => [JSON.stringify(user), inspect(user, { depth: 10 })]),
    ];
    // The echo server really quoted the credentials: the scan would see a leak if there were one.
    expect(texts.join('\n')).toContain('[REDACTED]');
    expect(lines.length).toBeGreaterThan(users);
    const leaks = countLeaks(texts, secrets);
    expect(leaks.examples).toEqual([]);
    expect(leaks.count).toBe(0);
  });
});

describe('secrets a request carries under names no heuristic knows', () => {
  it('a custom renewal body ({ rt }) echoed back by the server is scrubbed from the renewal error', async () => {
    const lines: string[] = [];
    const client = new PartnerClient({
      apiKey: API_KEY,
      baseUrl: upstream.url,
      fetch: inProcessFetch(service.handle),
      logger: recordingLogger(lines),
      renewal: { body: (refreshToken) => ({ rt: refreshToken }) },
    });
    const pair = await client.user('custom-renewal-user').tokenPair();
    // The fake expects `refresh_token`: it answers 400 and quotes the body it got.
    const error = await caught(client.tokens.renew(pair));
    expect(error).toBeInstanceOf(TokenRenewalError);
    const texts = [...renderingsOf(error), ...lines];
    expect(texts.join('\n')).toContain('[REDACTED]');
    expect(countLeaks(texts, [API_KEY, pair.accessToken, pair.refreshToken]).examples).toEqual([]);
  });
});

describe('a base URL that carries a credential is refused without echoing it', () => {
  const cases = [
    `${'http://127.0.0.1:9'}/?api_key=vl_live_SECRET_in_query_1234`,
    'http://admin:vl_live_SECRET_userinfo_5678@127.0.0.1:9',
    'http://127.0.0.1:9/?access_token=vl_at_SECRET_token_9012',
    'http://127.0.0.1:9/#token=vl_at_SECRET_fragment_3456',
  ];
  for (const baseUrl of cases) {
    it(baseUrl.replace(/SECRET\w+/, '…'), () => {
      let error: unknown;
      try {
        new PartnerClient({ apiKey: API_KEY, baseUrl });
      } catch (caughtError) {
        error = caughtError;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(renderingsOf(error).join('\n')).not.toMatch(/SECRET/);
    });
  }
});

/**
 * Leak scan of the CMS client (issue 16): a CMS fake that echoes every credential it receives
 * (the Basic credentials decoded, the raw body) into its error bodies (`code`, `message`,
 * `data.params`, `data.details`) and headers, 1, 128 and 1,000 application-password users
 * served at once, and the errors the client can be driven into. Every password (and its
 * `user:password` pair; raw, URL-encoded, base64) is counted in every rendering of every error,
 * in the clients' own renderings and in every logger line: the count must be 0.
 */
import { inspect } from 'node:util';
import { type CmsFakeUser, createMockService, DEFAULT_CMS_USERS, type MockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caught,
  countLeaks,
  inProcessFetch,
  recordingLogger,
  renderingsOf,
} from '../../transport/test/fault-proxy/leak-scan.js';
import { type FaultProxy, startFaultProxy } from '../../transport/test/fault-proxy/proxy.js';
import {
  AuthenticationError,
  BadRequestError,
  CmsClient,
  type CmsClientOptions,
  ConfigurationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  TimeoutError,
} from '../src/index.js';

const MAX_USERS = 1_000;
const users: CmsFakeUser[] = Array.from({ length: MAX_USERS }, (_, i) => ({
  id: 100 + i,
  username: `writer${i}`,
  applicationPassword: `LeAk ${String(i).padStart(4, '0')} ${Math.random().toString(36).slice(2, 10)} wxyz`,
  role: 'subscriber',
}));

let upstream: RunningServer;
let service: MockService;
let proxy: FaultProxy;

beforeAll(async () => {
  service = createMockService({ cms: { users: [...DEFAULT_CMS_USERS, ...users], echoCredentials: true } });
  upstream = await serve({ handle: service.handle });
  proxy = await startFaultProxy(upstream.url);
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

function secretsOf(user: CmsFakeUser): string[] {
  const compact = user.applicationPassword.replace(/\s+/g, '');
  return [user.applicationPassword, compact, `${user.username}:${user.applicationPassword}`];
}

describe.each([1, 128, 1_000])('CMS leak scan with %i concurrent users and an echoing server', (count) => {
  it('no password in any error, rendering or log line', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const options = (user: CmsFakeUser, base = upstream.url): CmsClientOptions => ({
      baseUrl: base,
      restRoot: `${base}/wp-json/`,
      auth: { username: user.username, applicationPassword: user.applicationPassword },
      // Generous: a thousand users share a pooled fetch on a loaded 2-core machine.
      timeout: 30_000,
      totalTimeout: 60_000,
      retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 2 },
      logger: recordingLogger(lines),
      fetch: inProcessFetch(service.handle),
    });
    const people = users.slice(0, count);
    const clients = people.map((user) => new CmsClient(options(user)));
    const errors: unknown[] = [];
    const expectAll = async (kind: abstract new (...args: never[]) => Error, work: Promise<unknown>[]) => {
      const settled = await Promise.all(work.map(caught));
      for (const error of settled) expect(error).toBeInstanceOf(kind);
      errors.push(...settled);
    };

    // 403: a subscriber may not create; the server quotes the Basic credentials and the body.
    await expectAll(
      PermissionDeniedError,
      clients.map((cms) => cms.posts.create({ title: 'Not allowed' })),
    );
    // Every other error kind for a sample of the users.
    const sample = clients.slice(0, 16);
    await expectAll(
      NotFoundError,
      sample.map((cms) => cms.posts.get(987_654)),
    );
    await expectAll(
      BadRequestError,
      sample.map((cms) => cms.requestRaw({ method: 'GET', path: '/cms/v2/posts', query: { per_page: 1_000 } })),
    );
    // A wrong password runs as anonymous (as on WordPress): a create is then 401.
    const wrong: CmsFakeUser = { ...users[0]!, applicationPassword: 'WrOnG pass word 9z8y 7x6w' };
    errors.push(await caught(new CmsClient(options(wrong)).posts.create({ title: 'x' })));
    expect(errors.at(-1)).toBeInstanceOf(AuthenticationError);
    // Network faults through the proxy.
    // A reset must read as a reset even on a loaded machine: the short timeout is only for the stall.
    const reset = new CmsClient({ ...options(users[0]!, proxy.url), fetch: undefined });
    proxy.inject({ kind: 'reset-before-headers', match: 'GET /wp-json/cms/v2/posts/1', times: 2 });
    errors.push(await caught(reset.posts.get(1)));
    expect(errors.at(-1)).toBeInstanceOf(ConnectionError);
    const proxied = new CmsClient({ ...options(users[0]!, proxy.url), timeout: 200, fetch: undefined });
    proxy.inject({ kind: 'stall-after-headers', match: 'GET /wp-json/cms/v2/posts/1', times: 2 });
    errors.push(await caught(proxied.posts.get(1)));
    expect(errors.at(-1)).toBeInstanceOf(TimeoutError);
    proxy.reset();

    const texts = [
      ...errors.flatMap(renderingsOf),
      ...lines,
      ...clients.flatMap((cms) => [JSON.stringify(cms), inspect(cms, { depth: 10 })]),
      ...[reset, proxied].flatMap((cms) => [JSON.stringify(cms), inspect(cms, { depth: 10, showHidden: true })]),
    ];
    expect(texts.join('\n')).toContain('[REDACTED]');
    expect(lines.length).toBeGreaterThanOrEqual(count);
    const leaks = countLeaks(texts, [...people, wrong].flatMap(secretsOf));
    expect(leaks.examples).toEqual([]);
    expect(leaks.count).toBe(0);
  });
});

describe('a base URL or REST root that carries a credential is refused without echoing it', () => {
  const auth = { username: 'admin', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' };
  const cases: Array<Pick<CmsClientOptions, 'baseUrl' | 'restRoot'>> = [
    { baseUrl: 'https://site.example/?api_key=SECRET_in_query_1234' },
    { baseUrl: 'https://editor:SECRET_userinfo_5678@site.example' },
    { baseUrl: 'https://site.example/#access_token=SECRET_fragment_9012' },
    { baseUrl: 'https://site.example', restRoot: 'https://site.example/wp-json/?jwt=SECRET_root_3456' },
  ];
  for (const urls of cases) {
    it(String(urls.restRoot ?? urls.baseUrl).replace(/SECRET\w+/, '…'), () => {
      let error: unknown;
      try {
        new CmsClient({ ...urls, auth });
      } catch (caughtError) {
        error = caughtError;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(renderingsOf(error).join('\n')).not.toMatch(/SECRET/);
    });
  }
  it('a REST root in query mode (?rest_route=) is still accepted', () => {
    expect(
      () => new CmsClient({ baseUrl: 'https://site.example', restRoot: 'https://site.example/?rest_route=/', auth }),
    ).not.toThrow();
  });
});

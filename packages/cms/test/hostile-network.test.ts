/**
 * The CMS client against a hostile network: a fault-injecting proxy on 127.0.0.1 between the
 * client and the mock service's CMS fake (`@viewlink/mock/server`). Each case asserts the error
 * class, the attempts the proxy counted, that no POST is repeated, and the elapsed time against
 * the configured timeouts.
 */
import { createMockService, DEFAULT_CMS_USERS } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../transport/test/fault-proxy/proxy.js';
import {
  AbortError,
  CmsClient,
  type CmsClientOptions,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from '../src/index.js';

const ADMIN = DEFAULT_CMS_USERS.find((u) => u.role === 'administrator')!;
// Generous upper margin: the machine is a loaded 2-core box shared with other suites.
const SLACK_MS = 700;

let upstream: RunningServer;
let proxy: FaultProxy;
let postId = 0;

function client(options: Partial<CmsClientOptions> = {}): CmsClient {
  return new CmsClient({
    baseUrl: proxy.url,
    restRoot: `${proxy.url}/wp-json/`,
    auth: { username: ADMIN.username, applicationPassword: ADMIN.applicationPassword },
    // Long enough for a loaded machine; the timeout cases set their own short ones.
    timeout: 2_000,
    totalTimeout: 5_000,
    retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

beforeAll(async () => {
  upstream = await serve({ handle: createMockService().handle });
  proxy = await startFaultProxy(upstream.url);
  postId = (await client().posts.create({ title: 'Seed', status: 'publish' })).id;
  proxy.reset();
});
afterEach(() => {
  const posts = proxy.seen.filter((r) => r.method === 'POST').map((r) => r.path);
  expect(posts.filter((path, i) => posts.indexOf(path) !== i)).toEqual([]);
  proxy.reset();
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

const GET = () => `GET /wp-json/cms/v2/posts/${postId}`;
const CREATE = 'POST /wp-json/cms/v2/posts';

async function timed<T>(promise: Promise<T>): Promise<{ value: T | undefined; error: unknown; ms: number }> {
  const started = performance.now();
  try {
    return { value: await promise, error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { value: undefined, error, ms: performance.now() - started };
  }
}

describe('CMS client behind a hostile proxy: reads', () => {
  it('reset before headers and in the middle of the body: retried, then ConnectionError', async () => {
    const cms = client();
    for (const kind of ['reset-before-headers', 'reset-mid-body'] as const) {
      proxy.reset();
      proxy.inject({ kind, match: GET() });
      await expect(cms.posts.get(postId)).resolves.toHaveProperty('id', postId);
      expect(proxy.count(GET())).toBe(2);
      proxy.reset();
      proxy.inject({ kind, match: GET(), times: 3 });
      await expect(cms.posts.get(postId)).rejects.toBeInstanceOf(ConnectionError);
      expect(proxy.count(GET())).toBe(3);
    }
  });

  it('stall after the headers: TimeoutError per attempt (not AbortError), retried, bounded', async () => {
    proxy.inject({ kind: 'stall-after-headers', match: GET(), times: 3 });
    const { error, ms } = await timed(client({ timeout: 200 }).posts.get(postId));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(proxy.count(GET())).toBe(3);
    expect(ms).toBeGreaterThanOrEqual(3 * 190);
    expect(ms).toBeLessThan(3 * 200 + SLACK_MS);
  });

  it("AbortError only when the caller's signal fired", async () => {
    proxy.inject({ kind: 'stall-after-headers', match: GET() });
    const { error, ms } = await timed(
      client({ timeout: 2_000 }).posts.get(postId, undefined, { signal: AbortSignal.timeout(150) }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(proxy.count(GET())).toBe(1);
    expect(ms).toBeLessThan(150 + SLACK_MS);
  });

  it('no answer: TimeoutError, bounded by totalTimeout however many retries the policy allows', async () => {
    proxy.inject({ kind: 'no-answer', match: GET(), times: 20 });
    const cms = client({ timeout: 150, totalTimeout: 400, retry: { limit: 10, baseDelayMs: 1 } });
    const { error, ms } = await timed(cms.posts.get(postId));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(ms).toBeLessThan(400 + SLACK_MS);
    expect(proxy.count(GET())).toBeLessThanOrEqual(4);
  });

  it('429 with Retry-After in seconds and as an HTTP date: waits, then succeeds', async () => {
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' }, match: GET() });
    const seconds = await timed(client().posts.get(postId));
    expect(seconds.error).toBeUndefined();
    expect(seconds.ms).toBeGreaterThanOrEqual(950);
    expect(seconds.ms).toBeLessThan(1_000 + SLACK_MS);
    expect(proxy.count(GET())).toBe(2);
    proxy.reset();
    const date = new Date(Date.now() + 1_500).toUTCString();
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': date }, match: GET() });
    const dated = await timed(client().posts.get(postId));
    expect(dated.error).toBeUndefined();
    expect(dated.ms).toBeGreaterThanOrEqual(400);
    expect(dated.ms).toBeLessThan(1_500 + SLACK_MS);
    expect(proxy.count(GET())).toBe(2);
  });

  it('a 503 storm: InternalServerError after limit + 1 attempts, quickly', async () => {
    const body = JSON.stringify({ code: 'overloaded', message: 'Try later', data: { status: 503 } });
    proxy.inject({ kind: 'status', status: 503, body, match: GET(), times: 50 });
    const { error, ms } = await timed(client().posts.get(postId));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).code).toBe('overloaded');
    expect(proxy.count(GET())).toBe(3);
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('an HTML 502 from a proxy in front of WordPress: InternalServerError with the status, retried', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    proxy.inject({
      kind: 'status',
      status: 502,
      body: page,
      headers: { 'content-type': 'text/html' },
      match: GET(),
      times: 3,
    });
    const error = await client()
      .posts.get(postId)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(502);
    expect(proxy.count(GET())).toBe(3);
  });

  const bodyFaults = [
    { fault: { kind: 'truncated-json' }, message: /not valid JSON/ },
    { fault: { kind: 'invalid-utf8' }, message: /UTF-8/ },
    { fault: { kind: 'wrong-content-type' }, message: /text\/html/ },
    { fault: { kind: 'oversized', bytes: 80 * 1024 * 1024 }, message: /larger than/ },
  ] as const;
  for (const { fault, message } of bodyFaults) {
    it(`${fault.kind}: ResponseValidationError, not retried`, async () => {
      proxy.inject({ ...fault, match: GET() });
      const { error, ms } = await timed(client({ timeout: 2_000 }).posts.get(postId));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(String(error)).toMatch(message);
      expect(proxy.count(GET())).toBe(1);
      expect(ms).toBeLessThan(2_000);
    });
  }
});

describe('CMS client behind a hostile proxy: a create (POST) is never repeated', () => {
  const cases = [
    { fault: { kind: 'reset-before-headers' }, error: ConnectionError },
    { fault: { kind: 'reset-mid-body' }, error: ConnectionError },
    { fault: { kind: 'stall-after-headers' }, error: TimeoutError },
    { fault: { kind: 'no-answer' }, error: TimeoutError },
    { fault: { kind: 'status', status: 503 }, error: InternalServerError },
    { fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } }, error: RateLimitError },
  ] as const;
  for (const { fault, error: expected } of cases) {
    const name = 'status' in fault ? `${fault.kind} ${fault.status}` : fault.kind;
    it(`${name}: ${expected.name} after one attempt`, async () => {
      proxy.inject({ ...fault, match: CREATE });
      const { error, ms } = await timed(
        client({ timeout: expected === TimeoutError ? 200 : 2_000 }).posts.create({ title: 'Once only' }),
      );
      expect(error).toBeInstanceOf(expected);
      expect(proxy.count(CREATE)).toBe(1);
      expect(ms).toBeLessThan((expected === TimeoutError ? 200 : 0) + SLACK_MS);
    });
  }
});

describe("validation: 'warn' never throws on drifted data", () => {
  it('a list answered with an object reads as an empty page, with a warning', async () => {
    const warnings: string[] = [];
    const cms = client({ validation: 'warn', logger: { warn: (line) => warnings.push(line) } });
    const drifted = JSON.stringify({ not: 'a list' });
    proxy.inject({ kind: 'status', status: 200, body: drifted, match: 'GET /wp-json/cms/v2/posts', times: 2 });
    const page = await cms.posts.list();
    expect(page.items).toEqual([]);
    expect(warnings.join('\n')).toMatch(/Unexpected response/);
    const all: unknown[] = [];
    for await (const post of cms.posts.list()) all.push(post);
    expect(all).toEqual([]);
  });
});

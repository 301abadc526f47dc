/** Test helpers: an msw server and the real WordPress 6.5.5 responses as msw responses. */
import { readFileSync } from 'node:fs';
import { createMockService, toMswHandlers } from '@viewlink/mock';
import type { RouteTable } from '@viewlink/schemas';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { specNamer } from '../src/core/compat.js';
import type { CmsClientOptions } from '../src/core/options.js';
import { RouteRequester } from '../src/core/route-request.js';
import { WORDPRESS_RULES } from '../src/core/wordpress-rules.js';
import { CmsClient } from '../src/index.js';
import { createClientCore } from '../src/internal/client-core.js';
import { FIELD_RENAMES } from '../src/internal/field-renames.js';

/** Origin of the captured fixtures (their `Link` headers point here). */
export const SITE = 'http://127.0.0.1:8888';
/** REST root of the captured site. */
export const ROOT = `${SITE}/wp-json`;
/** A recognisable application password that must never leak. */
export const SECRET = 'SeCrEt-AbCd EfGh IjKl MnOp QrSt UvWx';

const DIR = new URL('./fixtures/wordpress-6.5.5/', import.meta.url);

/** A captured response: body, status and headers. */
export interface Fixture {
  readonly body: unknown;
  readonly status: number;
  readonly headers: Headers;
}

const SKIP = new Set(['host', 'date', 'connection', 'x-powered-by', 'content-length', 'transfer-encoding']);

/** Reads `NAME.json` and `NAME.headers.txt`. */
export function fixture(name: string): Fixture {
  const body = JSON.parse(readFileSync(new URL(`${name}.json`, DIR), 'utf8')) as unknown;
  const [statusLine = '', ...lines] = readFileSync(new URL(`${name}.headers.txt`, DIR), 'utf8').split(/\r?\n/);
  const status = Number(statusLine.split(' ')[1]);
  const headers = new Headers();
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    if (!SKIP.has(key.toLowerCase())) headers.append(key, line.slice(at + 1).trim());
  }
  return { body, status, headers };
}

/** The fixture as an msw response (a fresh one each call). */
export function reply(name: string, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const { body, status, headers } = fixture(name);
  for (const [key, value] of Object.entries(init.headers ?? {})) headers.set(key, value);
  return HttpResponse.json(body as never, { status: init.status ?? status, headers });
}

/** An msw server that fails tests on unhandled requests. */
export function useMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A fetch that counts calls and forwards to the global fetch (msw). */
export function countingFetch(): typeof globalThis.fetch & { calls: Request[] } {
  const calls: Request[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    return globalThis.fetch(input, init);
  }) as typeof globalThis.fetch & { calls: Request[] };
  fn.calls = calls;
  return fn;
}

/** The error a promise rejects with; fails the test when it resolves. */
export async function rejection<E = import('../src/core/errors.js').ValidationError>(
  promise: PromiseLike<unknown>,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error('expected a rejection, but the promise resolved');
}

/**
 * A client for the captured site as its admin (namespaces mapped to wp/v2, no retries unless
 * `options` say otherwise), over `fetch`.
 */
export function adminClient(
  fetch = countingFetch(),
  options: Partial<ConstructorParameters<typeof CmsClient>[0]> = {},
) {
  const cms = new CmsClient({
    baseUrl: SITE,
    restRoot: `${ROOT}/`,
    namespaces: { cms: 'wp/v2' },
    auth: { username: 'admin', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' },
    fetch,
    retry: false,
    ...options,
  });
  return { cms, fetch };
}

/**
 * A client of the CMS fake served by msw at `site`, as the fake's admin, over a counting fetch:
 * `server` is the test file's {@link useMswServer}.
 */
export function fakeSiteClient(server: ReturnType<typeof useMswServer>, site: string) {
  const service = createMockService();
  server.use(...toMswHandlers(site, service));
  const fetch = countingFetch();
  const cms = new CmsClient({
    baseUrl: site,
    restRoot: `${site}/wp-json/`,
    auth: { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' },
    fetch,
  });
  return { cms, fetch, service };
}

/** The private state of a client over `table` as `CmsClient` builds it (full requester, every compat rule). */
export function cmsCore<T extends RouteTable>(options: CmsClientOptions, table: T) {
  return createClientCore(options, {
    name: 'CmsClient',
    table,
    Requester: RouteRequester<T>,
    rules: WORDPRESS_RULES,
    renames: FIELD_RENAMES,
    specNames: specNamer(WORDPRESS_RULES, FIELD_RENAMES),
  });
}

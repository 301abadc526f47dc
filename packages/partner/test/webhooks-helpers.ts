/** Shared by the receiver tests: real servers on 127.0.0.1 and a recognisable secret. */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { inspect } from 'node:util';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { PartnerClient } from '@viewlink/partner';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTestWebhookEvent, signWebhookForTest } from '../src/webhooks/index.js';

export const SECRET = 'whsec_RECEIVER_SECRET_do_not_leak_42';

/**
 * What a framework test (Fastify, NestJS) stands on: the mock Partner API on 127.0.0.1 taking
 * `apiKey`, served for the whole file, and the apps a test starts (push them on `apps`), closed
 * after each test; `refusedKey()` a client whose API Key the mock refuses, and
 * `expectRefusedKeyAnswer()` what the app's `errorResponse` must make of that refusal. Registers
 * its vitest hooks; call it once at the top of the file.
 */
export function frameworkHarness<App extends { close(): Promise<unknown> }>(
  apiKey: string,
): {
  readonly partnerApiUrl: string;
  readonly apps: App[];
  refusedKey(): PartnerClient;
  expectRefusedKeyAnswer(response: Response): Promise<void>;
} {
  const mock = createMockService({ partner: { apiKeys: [apiKey] } });
  // The same shape as the right key, one character pair changed: the mock refuses it.
  const wrongKey = `${apiKey.slice(0, -2)}00`;
  let partnerApi: Awaited<ReturnType<typeof serve>> | undefined;
  beforeAll(async () => {
    partnerApi = await serve({ handle: mock.handle });
  });
  afterAll(async () => {
    await partnerApi?.close();
  });
  const apps: App[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  const harness = {
    get partnerApiUrl() {
      if (!partnerApi) throw new Error('the mock Partner API is served from beforeAll on');
      return partnerApi.url;
    },
    apps,
    refusedKey: () => new PartnerClient({ apiKey: wrongKey, baseUrl: harness.partnerApiUrl }),
    /** A 502 with the code and request id, and neither key nor the Partner API's URL in the body. */
    async expectRefusedKeyAnswer(response: Response) {
      const text = await response.text();
      expect(response.status).toBe(502);
      expect(JSON.parse(text)).toEqual({
        error: {
          code: expect.any(String),
          message: 'The Viewlink service refused the request',
          request_id: expect.any(String),
        },
      });
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain(harness.partnerApiUrl);
    },
  };
  return harness;
}

/** Starts a server on 127.0.0.1 and returns its base URL and a close function. */
export async function listen(listener: RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The smallest Node-to-fetch adapter: serves a `(Request) => Response` app on node:http. */
export function fetchListener(app: (request: Request) => Response | Promise<Response>): RequestListener {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await app(request);
    res.statusCode = response.status;
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

/** POSTs and returns status, parsed JSON body and raw text. */
export async function post(
  url: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  const response = await fetch(url, { method: 'POST', body, headers });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    // Non-JSON answers keep `json` empty.
  }
  return { status: response.status, json, text };
}

/** Header a TLS-terminating proxy adds. */
export const viaTls = { 'x-forwarded-proto': 'https' };

/** The delivery the framework tests (Fastify, NestJS) send: an `InitialFilePosted` of `file_1`. */
export const fileEvent = () =>
  createTestWebhookEvent('InitialFilePosted', {
    file: { id: 'file_1', format: 'ndjson', compression: 'gzip', record_count: 10 },
    sequence: 1,
  });

/**
 * POSTs {@link fileEvent} to `${url}/webhooks/viewlink` as the service sends it (signed with
 * SECRET, hmac-sha256, over TLS), pretty-printed with `pretty` (bytes `JSON.stringify` would not
 * reproduce), or with its body changed after signing by `tamper`.
 */
export async function deliver(
  url: string,
  { pretty = false, tamper = (body: string) => body }: { pretty?: boolean; tamper?: (body: string) => string } = {},
): Promise<Awaited<ReturnType<typeof post>>> {
  const event = fileEvent();
  const signed = await signWebhookForTest(pretty ? JSON.stringify(event, null, 2) : event, {
    secret: SECRET,
    scheme: 'hmac-sha256',
  });
  return post(`${url}/webhooks/viewlink`, tamper(signed.body), { ...signed.headers, ...viaTls });
}

/** Asserts a tampered {@link deliver}y was refused with 401, the secret unsaid, no handler called. */
export async function expectTamperedRefused(url: string, received: readonly string[]): Promise<void> {
  const answer = await deliver(url, { tamper: (body) => body.replace('file_1', 'file_9') });
  expect(answer.status).toBe(401);
  expect(answer.text).not.toContain(SECRET);
  expect(received).toEqual([]);
}

/** Asserts the secret appears nowhere in the given values. */
export function expectNoSecret(...values: unknown[]): void {
  for (const value of values) {
    const views = [String(value), JSON.stringify(value) ?? '', inspect(value, { depth: 10, showHidden: true })];
    for (const view of views) expect(view).not.toContain(SECRET);
  }
}

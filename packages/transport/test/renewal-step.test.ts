/**
 * A 401's renewal request is a step of the same run (`RenewalSender`, lent to
 * `AuthStrategy.renew`): sent with its own credential, within the call's one deadline, parsed and
 * mapped like any request, and never a second pipeline (one request event per call).
 */
import { tracingChannel } from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type AuthStrategy, BadRequestError, createTransport, type RenewalSender, TimeoutError } from '../src/index.js';

const BASE = 'http://127.0.0.1:4999/api';
const Renewed = z.object({ token: z.string() });

/** A server where `/data` wants `Bearer new` and `/renew` (with the key) hands out `new`, after `renewal()`. */
function server(renewal: (init: RequestInit) => Promise<Response>) {
  const seen: string[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const auth = (init.headers as Record<string, string>).authorization ?? '';
    seen.push(`${init.method} ${String(url).slice(BASE.length)} ${auth}`);
    if (String(url).endsWith('/renew')) return renewal(init);
    return auth === 'Bearer new' ? Response.json({ ok: true }) : Response.json({}, { status: 401 });
  };
  return { fetch, seen };
}

/** A user token renewed through `sender` with the API key. */
function userAuth(): AuthStrategy<string> {
  let token = 'old';
  const key: AuthStrategy<string> = {
    credential: () => 'key',
    apply: (k, headers) => {
      headers.authorization = `Key ${k}`;
    },
  };
  return {
    credential: () => token,
    apply: (t, headers) => {
      headers.authorization = `Bearer ${t}`;
    },
    async renew(_rejected: string, sender?: RenewalSender) {
      if (!sender) throw new Error('no renewal sender');
      const request = { method: 'POST' as const, path: '/renew', json: {}, schema: Renewed, route: '/renew' };
      token = (await sender.send(request, { auth: key })).data.token;
      return token;
    },
  };
}

describe('the renewal request, a step of the run', () => {
  it('is sent with its own credential between the two attempts, with one request event', async () => {
    const { fetch, seen } = server(async () => Response.json({ token: 'new' }));
    const transport = createTransport({ baseUrl: BASE, fetch });
    const requests: string[] = [];
    const onRequest = (context: unknown) => requests.push((context as { route: string }).route);
    tracingChannel('viewlink:request').start.subscribe(onRequest);
    try {
      const response = await transport.request({ method: 'GET', path: '/data', route: '/data', auth: userAuth() });
      expect(response.data).toEqual({ ok: true });
    } finally {
      tracingChannel('viewlink:request').start.unsubscribe(onRequest);
    }
    expect(seen).toEqual(['GET /data Bearer old', 'POST /renew Key key', 'GET /data Bearer new']);
    expect(requests).toEqual(['/data']);
  });

  it('draws from the call deadline: a hung renewal ends the call as a TimeoutError within totalTimeout', async () => {
    const { fetch } = server(
      (init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const transport = createTransport({ baseUrl: BASE, fetch, totalTimeout: 150, timeout: 10_000 });
    const started = Date.now();
    const error = await transport.request({ method: 'GET', path: '/data', auth: userAuth() }).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("maps the renewal's own failure (a 400) and hands it to the caller as the strategy's error", async () => {
    const { fetch, seen } = server(async () => Response.json({ error: { code: 'bad_token' } }, { status: 400 }));
    const transport = createTransport({ baseUrl: BASE, fetch });
    const error = await transport.request({ method: 'GET', path: '/data', auth: userAuth() }).catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe('bad_token');
    expect(seen).toHaveLength(2);
  });
});

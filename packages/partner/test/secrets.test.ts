import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { MemoryTokenStore } from '../src/index.js';
import { API_KEY, BASE, usePartnerFake } from './fixtures.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });

function renderings(value: unknown): string {
  const error = value as Error;
  const chain: unknown[] = [];
  for (let e: unknown = value; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return [
    String(value),
    error?.message,
    error?.stack,
    JSON.stringify(value),
    inspect(value, { depth: 10, showHidden: true }),
    ...chain.map((e) => `${String(e)} ${JSON.stringify(e)} ${(e as Error).stack}`),
  ].join('\n');
}

function echoAuthorization(status: number) {
  return async ({ request }: { request: Request }) => {
    const body = await request.text();
    return HttpResponse.json(
      { error: { code: 'echo', message: `refused ${request.headers.get('authorization')} body=${body}` } },
      { status },
    );
  };
}

describe('no secret in errors, logs or serialized objects', () => {
  it('keeps the API Key and every token out of every rendering, even when the server echoes them', async () => {
    const lines: string[] = [];
    const log = (line: string, fields?: Record<string, unknown>) => lines.push(`${line} ${JSON.stringify(fields)}`);
    const client = setup.client({ logger: { debug: log, info: log, warn: log, error: log } });
    const user = client.user('demo-user');
    const pair = await user.tokenPair();
    const secrets = [API_KEY, pair.accessToken, pair.refreshToken];
    const failures: unknown[] = [];

    // A read whose 401 echoes the access token, then a renewal whose 401 echoes the refresh token.
    setup.server.use(
      http.get(`${BASE}/v1/user/watchlist`, echoAuthorization(401)),
      http.post(`${BASE}/v1/auth/token/refresh`, echoAuthorization(401)),
      http.get(`${BASE}/v1/user/ratings`, echoAuthorization(500)),
      http.post(`${BASE}/v1/auth/token`, echoAuthorization(403)),
    );
    failures.push(await user.watchlist().catch((e: unknown) => e));
    failures.push(await user.ratings().catch((e: unknown) => e));
    failures.push(await client.tokens.issue({ userId: 'someone' }).catch((e: unknown) => e));
    failures.push(await client.tokens.renew(pair).catch((e: unknown) => e));
    try {
      client.user({ ...pair.toStored(), expires_at: 'x' } as never);
    } catch (error) {
      failures.push(error);
    }
    setup.server.resetHandlers();
    failures.push(await user.refresh({ trigger: 'schedule' } as never).catch((e: unknown) => e));

    expect(failures).toHaveLength(6);
    expect(failures.every((f) => f instanceof Error)).toBe(true);
    const text = [...failures.map(renderings), ...lines, JSON.stringify(pair), inspect(user), inspect(client)].join(
      '\n',
    );
    expect(lines.length).toBeGreaterThan(3);
    expect(text).toContain('[REDACTED]');
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(btoa(secret));
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  });

  it("still redacts a long-lived user's tokens after many other pairs went through the client", async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    const pair = await user.tokenPair();
    for (let i = 0; i < 150; i++) await client.tokens.issue({ userId: `other-${i}` });
    setup.server.use(http.get(`${BASE}/v1/user/watchlist`, echoAuthorization(403)));
    const error = await user.watchlist().catch((e: unknown) => e);
    expect(renderings(error)).toContain('[REDACTED]');
    expect(renderings(error)).not.toContain(pair.accessToken);
  });
  it('keeps the tokens of a pair in use scrubbed after many other users pushed older secrets out', async () => {
    const store = new MemoryTokenStore();
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const client = setup.client({ tokenStore: store, logger: { error: log, warn: log } });
    const a = client.user('demo-user');
    await a.watchlist();
    await a.watchlist();
    // 70 other users' first reads issue 140 tokens: more than the 128 recent secrets kept.
    for (let i = 0; i < 70; i++)
      await client
        .user(`user-${i}`)
        .watchlist()
        .catch(() => undefined);
    const accessToken = store.get('demo-user')?.access_token ?? '';
    expect(accessToken.length).toBeGreaterThan(8);
    setup.server.use(http.get(`${BASE}/v1/user/watchlist`, echoAuthorization(400)));
    const error = await a.watchlist().catch((e: unknown) => e);
    expect(String(error)).toContain('refused');
    expect(renderings(error)).not.toContain(accessToken);
    expect(lines.join('\n')).not.toContain(accessToken);
  });
});

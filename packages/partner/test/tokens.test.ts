import { inspect } from 'node:util';
import { ValidationError } from '@viewlink/transport';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TokenPair, TokenRenewalError } from '../src/index.js';
import { BASE, usePartnerFake } from './fixtures.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });

describe('client.tokens.issue()', () => {
  it('issues a pair whose expiry is computed from expires_in on the client clock', async () => {
    const pair = await setup.client().tokens.issue({ userId: 'demo-user' });
    expect(pair.userId).toBe('demo-user');
    expect(pair.expiresAt.getTime()).toBe(setup.clock.now() + 600_000);
    expect(pair.tokenType).toBe('Bearer');
    expect(setup.fake().pairs.get(pair.accessToken)?.userId).toBe('demo-user');
  });

  it('refuses a bad user id with a ValidationError naming userId, sending nothing', async () => {
    const client = setup.client();
    for (const input of [{ userId: '' }, { userId: '  \n' }, { userId: 42 }, {}]) {
      const error = await client.tokens.issue(input as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toEqual(['userId']);
    }
    await expect(client.tokens.issue(undefined as never)).rejects.toBeInstanceOf(ValidationError);
    expect(setup.fake().requestCount()).toBe(0);
  });
});

describe('TokenPair helper', () => {
  const record = { user_id: 'u1', access_token: 'at_x', refresh_token: 'rt_x', expires_at: 10_000 };

  it('tells whether and when the access token expires, with skew', () => {
    const pair = TokenPair.from(record);
    expect(pair.expiresAt.getTime()).toBe(10_000);
    expect(pair.isExpired({ now: 9_000 })).toBe(false);
    expect(pair.isExpired({ now: 9_000, skewMs: 1_000 })).toBe(true);
    expect(pair.isExpired({ now: 10_000 })).toBe(true);
    expect(pair.expiresWithin(500, 9_000)).toBe(false);
    expect(pair.expiresWithin(1_500, 9_000)).toBe(true);
    expect(pair.msUntilExpiry(9_000)).toBe(1_000);
    expect(pair.isRefreshExpired(1e15)).toBe(false);
  });

  it('round-trips through the stored record and hands tokens out only on request', () => {
    const pair = TokenPair.from(record);
    expect(TokenPair.from(pair.toStored()).equals(pair)).toBe(true);
    expect(pair.toSdkTokens(9_000)).toEqual({
      access_token: 'at_x',
      refresh_token: 'rt_x',
      token_type: 'Bearer',
      expires_in: 1,
      expires_at: new Date(10_000).toISOString(),
    });
  });

  it('names the bad field of a malformed record without echoing values', () => {
    const error = (() => {
      try {
        TokenPair.from({ ...record, refresh_token: '', expires_at: 'soon' } as never);
      } catch (e) {
        return e as ValidationError;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.issues.map((i) => i.path.join('.'))).toEqual(['refresh_token', 'expires_at']);
    expect(error?.message).not.toContain('soon');
  });
});

describe('client.tokens.renew()', () => {
  it('renews through POST /v1/auth/token/refresh; the old refresh token is then refused', async () => {
    const client = setup.client();
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    const next = await client.tokens.renew(pair);
    expect(next.equals(pair)).toBe(false);
    expect(next.userId).toBe('demo-user');
    expect(setup.fake().tokens.renewed).toBe(1);
    // A different client has no memory of the renewal: the server refuses the spent token.
    const error = await setup
      .client()
      .tokens.renew(pair)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRenewalError);
    expect((error as TokenRenewalError).status).toBe(401);
    expect(String(error)).not.toContain(pair.refreshToken);
  });

  it('coalesces concurrent renewals of the same pair into one request', async () => {
    const client = setup.client();
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    const results = await Promise.all(Array.from({ length: 50 }, () => client.tokens.renew(pair)));
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
    expect(results.every((r) => r.equals(results[0] as TokenPair))).toBe(true);
    // A late caller with the old pair gets the same new pair, not a 401.
    expect((await client.tokens.renew(pair)).equals(results[0] as TokenPair)).toBe(true);
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
  });

  it('refuses a malformed pair before sending', async () => {
    const client = setup.client();
    expect(() => client.tokens.renew({ user_id: 'u' } as never)).toThrow(ValidationError);
    expect(setup.fake().requestCount()).toBe(0);
  });

  it('uses the configured renewal path, method and payload', async () => {
    const seen: Array<{ method: string; body: unknown; auth: string | null }> = [];
    setup.server.use(
      http.put(`${BASE}/v1/management/tokens`, async ({ request }) => {
        seen.push({ method: request.method, body: await request.json(), auth: request.headers.get('authorization') });
        return HttpResponse.json({ access_token: 'at_new', refresh_token: 'rt_new', expires_in: 60 });
      }),
    );
    const client = setup.client({
      renewal: { method: 'PUT', path: '/v1/management/tokens', body: (rt) => ({ grant: 'refresh', token: rt }) },
    });
    const renewed = await client.tokens.renew({
      user_id: 'u9',
      access_token: 'at_old',
      refresh_token: 'rt_old',
      expires_at: 1,
    });
    expect(seen).toEqual([
      { method: 'PUT', body: { grant: 'refresh', token: 'rt_old' }, auth: expect.stringMatching(/^Bearer /) },
    ]);
    expect(renewed.accessToken).toBe('at_new');
    expect(renewed.expiresAt.getTime()).toBe(setup.clock.now() + 60_000);
  });

  it('never shows tokens when a pair is serialized, inspected or spread', async () => {
    const pair = await setup.client().tokens.issue({ userId: 'demo-user' });
    const text = [
      JSON.stringify(pair),
      JSON.stringify({ nested: { pair } }),
      inspect(pair, { depth: 10, showHidden: true }),
      inspect({ pair }, { depth: 10 }),
      String(pair),
      JSON.stringify({ ...pair }),
      Object.keys(pair).join(),
    ].join('\n');
    expect(text).not.toContain(pair.accessToken);
    expect(text).not.toContain(pair.refreshToken);
    expect(text).toContain('demo-user');
  });
});

// Recent renewal results: a late renewal of a pair already renewed gets the new pair for 60 s,
// but never one whose access token the service refused since (the fake's "expire tokens" control).
import { describe, expect, it } from 'vitest';
import { MemoryTokenStore, TokenRenewalError } from '../src/index.js';
import { BASE, usePartnerFake } from './fixtures.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });

/** Expires every access token at the fake (its sandbox control): the next read with any gets a 401. */
const expireEveryToken = () =>
  fetch(`${BASE}/__mock/tokens/expire`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

const renewals = () => setup.fake().requestCount('POST /v1/auth/token/refresh');

describe('recent renewal results', () => {
  it('a late renewal of the old pair gets the pair its renewal gave, without a request (60 s)', async () => {
    const client = setup.client();
    const first = await client.tokens.issue({ userId: 'demo-user' });
    const renewed = await client.tokens.renew(first);
    setup.clock.advance(59_000);
    expect((await client.tokens.renew(first)).equals(renewed)).toBe(true);
    expect(renewals()).toBe(1);
    // After 60 s it asks the service, which refuses the spent refresh token.
    setup.clock.advance(1_000);
    await expect(client.tokens.renew(first)).rejects.toBeInstanceOf(TokenRenewalError);
    expect(renewals()).toBe(2);
  });

  it('concurrent renewals of one refresh token send one request and share its pair', async () => {
    const client = setup.client();
    const first = await client.tokens.issue({ userId: 'demo-user' });
    const pairs = await Promise.all(Array.from({ length: 20 }, () => client.tokens.renew(first)));
    expect(pairs.every((pair) => pair.equals(pairs[0]!))).toBe(true);
    expect(renewals()).toBe(1);
  });

  it('a pair whose access token a read saw refused (401) is not handed out again: the renewal asks the service', async () => {
    const client = setup.client();
    const first = await client.tokens.issue({ userId: 'demo-user' });
    const renewed = await client.tokens.renew(first);
    const user = client.user(renewed);
    await user.watchlist();
    await expireEveryToken();
    // The read gets a 401 for `renewed`'s access token, renews it and goes on.
    await user.watchlist();
    expect(renewals()).toBe(2);
    const late = await client.tokens.renew(first).catch((error: unknown) => error);
    // Asked the service (the refresh token of `first` is spent there), not handed `renewed` back.
    expect(renewals()).toBe(3);
    expect(late).toBeInstanceOf(TokenRenewalError);
  });

  it('a pair renewed since (the app saw the 401 and its backend renewed) is not handed out again', async () => {
    const client = setup.client();
    const first = await client.tokens.issue({ userId: 'demo-user' });
    const renewed = await client.tokens.renew(first);
    await expireEveryToken();
    // The web app got the 401; its backend renews the pair it holds.
    const newest = await client.tokens.renew(renewed);
    const late = await client.tokens.renew(first).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(TokenRenewalError);
    expect(renewals()).toBe(3);
    // The newest pair works at the service.
    await expect(client.user(newest).watchlist()).resolves.toBeDefined();
  });

  it('a user read whose store lost the newer pair heals to a working pair, never the refused one', async () => {
    const store = new MemoryTokenStore();
    const client = setup.client({ tokenStore: store });
    const first = await client.tokens.issue({ userId: 'demo-user' });
    const renewed = await client.tokens.renew(first);
    await client.user(renewed).watchlist();
    await expireEveryToken();
    await client.user(renewed).watchlist();
    // The store is emptied (a restart of a shared store, an LRU eviction); the caller hands in `first` again.
    store.delete('demo-user');
    await expect(client.user(first).watchlist()).resolves.toBeDefined();
    const held = await client.user('demo-user').tokenPair();
    expect(held.equals(renewed)).toBe(false);
    expect(held.accessToken).not.toBe(first.accessToken);
  });
});

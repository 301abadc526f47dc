/**
 * `@viewlink/web` outside a page (issue 20, item 1): no handler means a read fails at once with a
 * typed error that says what to register, and `connect` before `initialize` says so first.
 * The Node process test is in ./node-exit.test.ts.
 */
import {
  createSdk,
  NotInitializedError,
  TokenExpiredHandlerMissingError,
  TokenRenewalError,
  UnsupportedEnvironmentError,
} from '@viewlink/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE, json, leaks, pair, SDK_KEY, stubFetch, WATCHLIST } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

const refusing = () => stubFetch(() => json({ error: { code: 'invalid_access_token', message: 'expired' } }, 401));

describe('a read without an onTokenExpired handler', () => {
  it('fails at once after a 401, with a typed error naming onTokenExpired (no 30 s wait)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetch, calls } = refusing();
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    // No timer is advanced: a wait for the renewal timeout would never settle here.
    const error = await sdk.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenExpiredHandlerMissingError);
    expect(error).toBeInstanceOf(TokenRenewalError); // caught where renewal failures are
    expect((error as Error).message).toContain('SDK.onTokenExpired(handler)');
    expect((error as TokenRenewalError).code).toBe('token_expired_no_handler');
    expect(calls).toHaveLength(1); // not replayed: there is no new token to replay with
    expect(leaks(error)).toEqual([]);
    sdk.dispose();
  });
  it('fails at once when the token expired locally, sending nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch, calls } = stubFetch(() => json(WATCHLIST));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair('tok_short', 100));
    await vi.advanceTimersByTimeAsync(100_000);
    await expect(sdk.accounts()).rejects.toBeInstanceOf(TokenExpiredHandlerMissingError);
    expect(calls).toEqual([]);
    sdk.dispose();
  });
  it('a handler registered later renews as usual', async () => {
    const valid = new Set(['tok_new']);
    const { fetch } = stubFetch((token) =>
      valid.has(token) ? json(WATCHLIST) : json({ error: { code: 'invalid_access_token', message: 'x' } }, 401),
    );
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair('tok_old'));
    await expect(sdk.watchlist()).rejects.toBeInstanceOf(TokenExpiredHandlerMissingError);
    sdk.onTokenExpired(() => sdk.initialize(SDK_KEY, pair('tok_new')));
    await expect(sdk.watchlist()).resolves.toEqual(WATCHLIST);
    sdk.dispose();
  });
});

describe('connect before initialize', () => {
  it('says NotInitializedError first, before consent (and before the environment check)', async () => {
    const sdk = createSdk({ baseUrl: BASE });
    await expect(sdk.connect({ service: 'streamflix' })).rejects.toBeInstanceOf(NotInitializedError);
  });
  it('after initialize, the next check answers (here in Node: no browser for linking)', async () => {
    const sdk = createSdk({ baseUrl: BASE });
    sdk.initialize(SDK_KEY, pair());
    const error = await sdk.connect({ service: 'streamflix' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedEnvironmentError);
    expect(error).toMatchObject({ reason: 'no-browser' });
    sdk.dispose();
  });
});

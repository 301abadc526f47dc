import {
  AuthenticationError,
  createSdk,
  type TokenExpiredEvent,
  TokenRenewalError,
  TokenRenewalTimeoutError,
  ValidationError,
} from '@viewlink/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE, json, leaks, pair, SDK_KEY, SECRET_ACCESS, stubFetch, WATCHLIST } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A server where only `valid` tokens work. */
function server(valid: Set<string>) {
  return stubFetch((token) =>
    valid.has(token) ? json(WATCHLIST) : json({ error: { code: 'invalid_access_token', message: 'expired' } }, 401),
  );
}

describe('token lifecycle', () => {
  it('onTokenExpired refuses a handler that is not a function, naming the argument', () => {
    const sdk = createSdk({ baseUrl: BASE });
    for (const handler of ['x', undefined, {}]) {
      let error: unknown;
      try {
        sdk.onTokenExpired(handler as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['handler']]);
      expect((error as Error).message).toMatch(/^SDK\.onTokenExpired\(\): handler expected a function \(got /);
    }
  });
  it('fires onTokenExpired ahead of expiry, with skew, and not before', async () => {
    vi.useFakeTimers();
    const sdk = createSdk({ baseUrl: BASE, expirySkewMs: 60_000 });
    const events: TokenExpiredEvent[] = [];
    sdk.onTokenExpired((e) => {
      events.push(e);
    });
    sdk.initialize(SDK_KEY, pair('tok_one', 600));
    await vi.advanceTimersByTimeAsync(539_000);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(events).toEqual([{ reason: 'expiring' }]);
    sdk.dispose();
  });

  it('caps the skew at half the lifetime so short-lived pairs do not renew in a loop', async () => {
    vi.useFakeTimers();
    const sdk = createSdk({ baseUrl: BASE, expirySkewMs: 60_000 });
    const handler = vi.fn();
    sdk.onTokenExpired(handler);
    sdk.initialize(SDK_KEY, pair('tok_short', 10));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(handler).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(handler).toHaveBeenCalledTimes(1);
    sdk.dispose();
  });

  it('a very long lifetime does not overflow the timer into an immediate expiry', async () => {
    vi.useFakeTimers();
    const sdk = createSdk({ baseUrl: BASE });
    const handler = vi.fn();
    sdk.onTokenExpired(handler);
    sdk.initialize(SDK_KEY, pair('tok_long', 40 * 86_400));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(handler).not.toHaveBeenCalled();
    sdk.dispose();
  });

  it('many concurrent 401s fire the handler once; requests wait and replay with the new pair', async () => {
    const valid = new Set(['tok_new']);
    const { fetch, calls } = server(valid);
    const sdk = createSdk({ baseUrl: BASE, fetch });
    const handler = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 20)); // the backend renews
      sdk.initialize(SDK_KEY, pair('tok_new'));
    });
    sdk.onTokenExpired(handler);
    const tokenEvents: TokenExpiredEvent[] = [];
    sdk.on('token-expired', (e) => tokenEvents.push(e));
    sdk.initialize(SDK_KEY, pair('tok_old'));
    const results = await Promise.all(Array.from({ length: 6 }, () => sdk.watchlist()));
    expect(results).toEqual(Array(6).fill(WATCHLIST));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ reason: 'unauthorized' });
    expect(tokenEvents).toEqual([{ reason: 'unauthorized' }]);
    expect(calls.filter((c) => c.token === 'tok_old')).toHaveLength(6);
    expect(calls.filter((c) => c.token === 'tok_new')).toHaveLength(6);
    // A request issued while the renewal runs waits instead of sending the dead token.
    sdk.dispose();
  });

  it('a request issued during the renewal waits for initialize, then goes out once', async () => {
    const valid = new Set(['tok_new']);
    const { fetch, calls } = server(valid);
    const sdk = createSdk({ baseUrl: BASE, fetch });
    let renew!: () => void;
    sdk.onTokenExpired(() => {
      renew = () => sdk.initialize(SDK_KEY, pair('tok_new'));
    });
    sdk.initialize(SDK_KEY, pair('tok_old'));
    const first = sdk.watchlist();
    await vi.waitFor(() => expect(renew).toBeTypeOf('function'));
    const second = sdk.watchlist(); // issued meanwhile
    await new Promise((r) => setTimeout(r, 30));
    expect(calls.map((c) => c.token)).toEqual(['tok_old']);
    renew();
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(calls.map((c) => c.token)).toEqual(['tok_old', 'tok_new', 'tok_new']);
    sdk.dispose();
  });

  it('a handler that never re-initializes ends in a typed timeout error', async () => {
    const { fetch } = server(new Set());
    const sdk = createSdk({ baseUrl: BASE, fetch, tokenRenewalTimeoutMs: 50 });
    sdk.onTokenExpired(() => {});
    sdk.initialize(SDK_KEY, pair());
    const error = await sdk.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRenewalTimeoutError);
    expect(error).toMatchObject({ code: 'token_renewal_timeout' });
    expect(leaks(error)).toEqual([]);
    sdk.dispose();
  });

  it('a handler that fails rejects the waiting requests at once with its cause', async () => {
    const { fetch } = server(new Set());
    const sdk = createSdk({ baseUrl: BASE, fetch, tokenRenewalTimeoutMs: 10_000 });
    const cause = new Error('backend down');
    sdk.onTokenExpired(async () => {
      throw cause;
    });
    sdk.initialize(SDK_KEY, pair());
    const started = Date.now();
    const error = await sdk.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRenewalError);
    expect((error as Error).cause).toBe(cause);
    expect(Date.now() - started).toBeLessThan(5_000);
    sdk.dispose();
  });

  it("a failed handler's message says what failed, without the token being renewed", async () => {
    const { fetch } = server(new Set());
    const sdk = createSdk({ baseUrl: BASE, fetch, tokenRenewalTimeoutMs: 10_000 });
    sdk.onTokenExpired(async () => {
      throw new Error(`The token route answered 401 for ${SECRET_ACCESS}`);
    });
    sdk.initialize(SDK_KEY, pair());
    const error = await sdk.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRenewalError);
    expect((error as Error).message).toBe(
      'The onTokenExpired handler failed: The token route answered 401 for [REDACTED]',
    );
    expect(leaks(error)).toEqual([]);
    sdk.dispose();
  });

  it('a token that expired locally is not sent: the request waits for the renewal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch, calls } = server(new Set(['tok_new']));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.onTokenExpired(({ reason }) => {
      if (reason === 'expired') sdk.initialize(SDK_KEY, pair('tok_new'));
    });
    sdk.initialize(SDK_KEY, pair('tok_old', 100));
    await vi.advanceTimersByTimeAsync(100_000);
    await expect(sdk.watchlist()).resolves.toEqual(WATCHLIST);
    expect(calls.map((c) => c.token)).toEqual(['tok_new']);
    sdk.dispose();
  });

  it('a new pair that is also refused surfaces as AuthenticationError, not a loop', async () => {
    const { fetch, calls } = server(new Set());
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.onTokenExpired(() => sdk.initialize(SDK_KEY, pair('tok_also_bad')));
    sdk.initialize(SDK_KEY, pair('tok_bad'));
    await expect(sdk.watchlist()).rejects.toBeInstanceOf(AuthenticationError);
    expect(calls).toHaveLength(2);
    sdk.dispose();
  });
  it("the call's one deadline leaves room for a slow renewal and the replay after it", async () => {
    // Each attempt may take 100 ms, a renewal 2 s: a 401 whose renewal takes 300 ms still replays.
    const { fetch, calls } = server(new Set(['tok_new']));
    const sdk = createSdk({ baseUrl: BASE, fetch, requestTimeoutMs: 100, tokenRenewalTimeoutMs: 2_000 });
    sdk.onTokenExpired(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      sdk.initialize(SDK_KEY, pair('tok_new'));
    });
    sdk.initialize(SDK_KEY, pair('tok_old'));
    await expect(sdk.watchlist()).resolves.toEqual(WATCHLIST);
    expect(calls.map((c) => c.token)).toEqual(['tok_old', 'tok_new']);
    sdk.dispose();
  });
});

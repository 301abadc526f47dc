// @vitest-environment happy-dom
/**
 * The client behind the hooks, against a stand-in SDK (no React; happy-dom's `window`, as outside
 * a browser the client refuses to read): lazy tokens, one
 * initialize however many callers, getTokens failures typed, one connect per service, the
 * refresh's gesture check and cooldown, and what a finished connect or refresh invalidates.
 */
import { RefreshCooldownError, type TokenRequest, viewlinkKeys } from '@viewlink/react';
import { RateLimitError } from '@viewlink/transport/errors';
import {
  type ConnectResult,
  createSdk,
  type RefreshResponse,
  type Sdk,
  type TokenPair,
  TokenRenewalError,
  UserGestureRequiredError,
  ValidationError,
} from '@viewlink/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientFor } from '../src/client.js';

const PAIR: TokenPair = { access_token: 'vl_at_x', refresh_token: 'vl_rt_x', token_type: 'Bearer', expires_in: 3600 };

/** A real SDK instance whose connect and refresh are stubbed (they need a browser and the extension). */
function setup() {
  const sdk: Sdk = createSdk();
  const connects: string[] = [];
  let finishConnect: ((result: ConnectResult) => void) | undefined;
  sdk.connect = ({ service }) => {
    connects.push(service);
    return new Promise((resolve) => {
      finishConnect = resolve;
    });
  };
  sdk.refresh = async (): Promise<RefreshResponse> => ({ refresh_id: 'r1', status: 'accepted' });
  const requests: TokenRequest[] = [];
  const invalidated: unknown[] = [];
  const client = clientFor(sdk);
  const settings = {
    sdkKey: 'vl_sdk_x',
    getTokens: vi.fn(async (request: TokenRequest) => {
      requests.push(request);
      return PAIR;
    }),
    options: { baseUrl: 'https://api.example.test' },
    queryClient: {
      invalidateQueries: (filters: { queryKey: readonly unknown[] }) => invalidated.push(filters.queryKey),
    },
  };
  client.configure(settings);
  return { sdk, client, settings, requests, invalidated, connects, finish: (r: ConnectResult) => finishConnect?.(r) };
}

/** Pretends the current call stack runs inside a click (transient user activation). */
function activation(isActive: boolean) {
  vi.stubGlobal('navigator', { userActivation: { isActive } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Viewlink client', () => {
  it('a pair getTokens() returned that is not a token pair is refused naming getTokens(), the function the app wrote', async () => {
    for (const [returned, message] of [
      [
        { accessToken: 'vl_at_x', refreshToken: 'vl_rt_x', expiresIn: 3600 },
        /^getTokens\(\): access_token expected a non-empty string \(got undefined\); refresh_token /,
      ],
      [
        { ...PAIR, expires_in: '3600' },
        /^getTokens\(\): expires_in expected a positive whole number of seconds \(got string\)$/,
      ],
      [
        undefined,
        /^getTokens\(\): expected an object \{ access_token, refresh_token, expires_in \} \(got undefined\)$/,
      ],
    ] as const) {
      const { client, settings, sdk } = setup();
      settings.getTokens.mockResolvedValueOnce(returned as never);
      const error = await client.ready().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('vl_at_x');
      expect(sdk.initialized).toBe(false);
    }
  });
  it('is one per SDK instance', () => {
    const sdk = createSdk();
    expect(clientFor(sdk)).toBe(clientFor(sdk));
    expect(clientFor(sdk)).not.toBe(clientFor(createSdk()));
  });
  it('asks getTokens once for many concurrent callers, with reason initial, and initializes once', async () => {
    const { client, sdk, requests } = setup();
    expect(sdk.initialized).toBe(false);
    const all = await Promise.all([client.ready(), client.ready(), client.ready()]);
    expect(all.every((s) => s === sdk)).toBe(true);
    expect(requests).toEqual([{ reason: 'initial' }]);
    await client.ready();
    expect(requests).toHaveLength(1);
    sdk.dispose();
  });
  it('after dispose(), the next caller asks for a pair again', async () => {
    const { client, sdk, requests } = setup();
    await client.ready();
    sdk.dispose();
    await client.ready();
    expect(requests).toEqual([{ reason: 'initial' }, { reason: 'initial' }]);
    sdk.dispose();
  });
  it('getTokens failing: TokenRenewalError with the cause; the next caller tries again', async () => {
    const { client, settings, sdk } = setup();
    const down = new Error('backend down');
    settings.getTokens.mockRejectedValueOnce(down);
    const error = await client.ready().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRenewalError);
    expect((error as Error).cause).toBe(down);
    expect((error as Error).message).toBe('getTokens() of <ViewlinkProvider> failed: backend down');
    await expect(client.ready()).resolves.toBe(sdk);
    sdk.dispose();
  });
  it('getTokens failing on a renewal: the read fails with one TokenRenewalError whose cause is the app error', async () => {
    const { client, settings, sdk } = setup();
    // The access token is refused: the SDK asks the provider's renewal handler, i.e. getTokens().
    const fetch = vi.fn(async () => Response.json({ code: 'token_expired', message: 'expired' }, { status: 401 }));
    settings.options = { ...settings.options, fetch } as typeof settings.options;
    client.configure(settings);
    await client.ready();
    const down = new Error('backend down');
    settings.getTokens.mockRejectedValueOnce(down);
    const error = await sdk.accounts().catch((e: unknown) => e);
    expect(settings.getTokens.mock.calls.map(([request]) => request.reason)).toEqual(['initial', 'unauthorized']);
    expect(error).toBeInstanceOf(TokenRenewalError);
    expect((error as Error).cause).toBe(down); // as docs/getting-started/react.md says, not wrapped twice
    expect((error as Error).message).toBe('The onTokenExpired handler failed: backend down');
    sdk.dispose();
  });
  it('without a provider: a ConfigurationError naming <ViewlinkProvider>', async () => {
    await expect(clientFor(createSdk()).ready()).rejects.toThrow(/<ViewlinkProvider>/);
  });
  it('one connect per service: a second call joins the first; the result invalidates accounts, watchlist, services', async () => {
    const { client, connects, finish, invalidated, sdk } = setup();
    const first = client.connect('streamflix');
    const second = client.connect('streamflix');
    expect(second).toBe(first);
    expect(client.connecting('streamflix')).toBe(first);
    await vi.waitFor(() => expect(connects).toEqual(['streamflix']));
    finish({
      service: 'streamflix',
      linked_account_id: 'acc_1',
      status: 'active',
      profile_id: undefined,
      profile_name: undefined,
      relinked: false,
      link_session_id: 'lnk_1',
    });
    await expect(first).resolves.toMatchObject({ linked_account_id: 'acc_1' });
    expect(client.connecting('streamflix')).toBeUndefined();
    expect(invalidated).toEqual([viewlinkKeys.accounts, viewlinkKeys.watchlist, viewlinkKeys.services]);
    sdk.dispose();
  });
  it('refresh answered 429 with Retry-After: the cooldown lasts what the service asked, nothing is sent meanwhile', async () => {
    const { client, sdk } = setup();
    activation(true);
    const refused = new RateLimitError({
      status: 429,
      message: 'Too many requests',
      retryAfterMs: 120_000,
      method: 'POST',
      url: 'https://api.example.test/v1/user/refresh',
    });
    let sent = 0;
    sdk.refresh = async () => {
      sent += 1;
      throw refused;
    };
    await expect(client.refresh(undefined, 60_000)).rejects.toBe(refused);
    expect(client.refreshState.coolsUntil).toBeGreaterThan(Date.now() + 119_000);
    const error = await client.refresh(undefined, 60_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshCooldownError);
    expect(sent).toBe(1);
    sdk.dispose();
  });
  it('refresh answered 429 by the service, through the browser SDK: cooled down as long as Retry-After says, nothing more is sent', async () => {
    // The real SDK: its light engine reads Retry-After into RateLimitError.retryAfterMs.
    vi.useFakeTimers({ toFake: ['Date'] });
    const sdk = createSdk();
    const client = clientFor(sdk);
    const sent: string[] = [];
    const fetch = vi.fn(async (url: string | URL | Request) => {
      sent.push(String(url));
      return Response.json(
        { error: { code: 'rate_limited', message: 'Too many requests' } },
        { status: 429, headers: { 'retry-after': '7' } },
      );
    });
    client.configure({
      sdkKey: 'vl_sdk_x',
      getTokens: async () => PAIR,
      options: { baseUrl: 'https://api.example.test', fetch: fetch as typeof globalThis.fetch },
    });
    activation(true);
    try {
      const refused = await client.refresh(undefined, 1_000).catch((e: unknown) => e);
      expect(refused).toMatchObject({ name: 'RateLimitError', retryAfterMs: 7_000 });
      // Past the 1 s cooldown of a refresh that ran, still within the 7 s the service asked.
      vi.advanceTimersByTime(6_900);
      const cooling = await client.refresh(undefined, 1_000).catch((e: unknown) => e);
      expect(cooling).toBeInstanceOf(RefreshCooldownError);
      expect((cooling as RefreshCooldownError).retryAfterMs).toBeLessThanOrEqual(100);
      expect(sent).toEqual(['https://api.example.test/v1/user/refresh']);
      vi.advanceTimersByTime(100);
      await expect(client.refresh(undefined, 1_000)).rejects.toMatchObject({ name: 'RateLimitError' });
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      sdk.dispose();
    }
  });
  it('refresh answered 429 without Retry-After, through the browser SDK: the refresh cooldown applies', async () => {
    const sdk = createSdk();
    const client = clientFor(sdk);
    const fetch = vi.fn(async () =>
      Response.json({ error: { code: 'rate_limited', message: 'Too many requests' } }, { status: 429 }),
    );
    client.configure({
      sdkKey: 'vl_sdk_x',
      getTokens: async () => PAIR,
      options: { baseUrl: 'https://api.example.test', fetch: fetch as typeof globalThis.fetch },
    });
    activation(true);
    const refused = await client.refresh(undefined, 60_000).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'RateLimitError', retryAfterMs: undefined });
    expect(client.refreshState.coolsUntil).toBeGreaterThan(Date.now() + 59_000);
    await expect(client.refresh(undefined, 60_000)).rejects.toBeInstanceOf(RefreshCooldownError);
    expect(fetch).toHaveBeenCalledTimes(1);
    sdk.dispose();
  });
  it('refresh outside a gesture: UserGestureRequiredError before any token request', async () => {
    const { client, requests } = setup();
    activation(false);
    await expect(client.refresh()).rejects.toBeInstanceOf(UserGestureRequiredError);
    expect(requests).toEqual([]);
  });
  it('refresh in React Native (navigator.product, no userActivation): sent, as the SDK sends it', async () => {
    const { client, invalidated, sdk } = setup();
    vi.stubGlobal('navigator', { product: 'ReactNative' });
    await expect(client.refresh()).resolves.toMatchObject({ status: 'accepted' });
    expect(invalidated).toEqual([viewlinkKeys.accounts, viewlinkKeys.watchlist]);
    sdk.dispose();
  });
  it('refresh: one at a time, then RefreshCooldownError with retryAfterMs until the cooldown ends', async () => {
    const { client, invalidated, sdk } = setup();
    activation(true);
    const first = client.refresh(undefined, 60_000);
    expect(client.refresh(undefined, 60_000)).toBe(first);
    await expect(first).resolves.toMatchObject({ status: 'accepted' });
    expect(invalidated).toEqual([viewlinkKeys.accounts, viewlinkKeys.watchlist]);
    const error = await client.refresh(undefined, 60_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshCooldownError);
    expect((error as RefreshCooldownError).retryAfterMs).toBeGreaterThan(59_000);
    expect((error as RefreshCooldownError).toJSON()).toMatchObject({ code: 'refresh_cooldown' });
    expect(client.refreshState.coolsUntil).toBeGreaterThan(Date.now());
    sdk.dispose();
  });
});

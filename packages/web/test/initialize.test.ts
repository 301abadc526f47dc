import { TokenPair } from '@viewlink/schemas';
import {
  ApiKeyNotAllowedError,
  ConfigurationError,
  createSdk,
  NotInitializedError,
  SDK,
  ValidationError,
} from '@viewlink/web';
import { describe, expect, it } from 'vitest';
import { BASE, json, leaks, pair, SDK_KEY, SECRET_ACCESS, stubFetch, WATCHLIST } from './helpers.js';

describe('initialize', () => {
  it('refuses an API Key passed as the SDK Key', () => {
    const sdk = createSdk({ baseUrl: BASE });
    for (const key of ['vl_test_api_key', 'vl_live_api_123', 'my-api-key-123'])
      expect(() => sdk.initialize(key, pair())).toThrow(ApiKeyNotAllowedError);
  });
  it('refuses an apiKey option, at creation or at initialize', () => {
    expect(() => createSdk({ apiKey: 'x' } as never)).toThrow(ApiKeyNotAllowedError);
    const sdk = createSdk({ baseUrl: BASE });
    expect(() => sdk.initialize(SDK_KEY, pair(), { api_key: 'x' } as never)).toThrow(ApiKeyNotAllowedError);
    // Under any name of the shape the SDK Key check refuses, not an unknown option that names it.
    for (const name of ['API-KEY', 'partnerApiKey'])
      expect(() => createSdk({ [name]: 'x' } as never)).toThrow(ApiKeyNotAllowedError);
    const error = new ApiKeyNotAllowedError();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.code).toBe('invalid_configuration');
  });
  it('needs an https base URL (http only on loopback)', () => {
    const sdk = createSdk();
    expect(() => sdk.initialize(SDK_KEY, pair())).toThrow(/baseUrl/);
    expect(() => sdk.initialize(SDK_KEY, pair(), { baseUrl: 'http://api.example.test' })).toThrow(ConfigurationError);
    expect(() => sdk.initialize(SDK_KEY, pair(), { baseUrl: 'not a url' })).toThrow(ConfigurationError);
    sdk.initialize(SDK_KEY, pair(), { baseUrl: 'http://127.0.0.1:4010' });
    sdk.initialize(SDK_KEY, pair(), { baseUrl: 'http://localhost:4010/' });
    sdk.initialize(SDK_KEY, pair(), { baseUrl: BASE });
    expect(sdk.initialized).toBe(true);
    sdk.dispose();
  });
  it('names SDK.initialize() and the argument it refuses: sdkKey, tokens, option baseUrl', () => {
    const refusals: Array<[() => void, string]> = [
      [() => createSdk({ baseUrl: BASE }).initialize(undefined as never, pair()), 'SDK.initialize(): sdkKey '],
      [() => createSdk({ baseUrl: BASE }).initialize(SDK_KEY, undefined as never), 'SDK.initialize(): tokens '],
      [
        () => createSdk({ baseUrl: BASE }).initialize(SDK_KEY, { ...pair(), access_token: '' }),
        'SDK.initialize(): tokens.access_token ',
      ],
      [() => createSdk().initialize(SDK_KEY, pair()), 'SDK.initialize(): option baseUrl must be https:'],
      [
        () => createSdk().initialize(SDK_KEY, pair(), { baseUrl: `https://user:${SECRET_ACCESS}@api.example` }),
        'SDK.initialize(): option baseUrl must be https:',
      ],
    ];
    for (const [call, start] of refusals) {
      const error = catchError(call);
      expect((error as Error).message.startsWith(start), (error as Error).message).toBe(true);
      expect(leaks(error)).toEqual([]);
    }
    expect(String(catchError(() => createSdk().initialize(SDK_KEY, pair())))).toMatch(/\(got undefined\)$/);
  });
  it('validates the token pair and names the field, never its value', () => {
    const sdk = createSdk({ baseUrl: BASE });
    let error: unknown;
    try {
      sdk.initialize(SDK_KEY, { access_token: SECRET_ACCESS, expires_in: -5 } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['tokens.refresh_token', 'tokens.expires_in']),
    );
    expect(leaks(error)).toEqual([]);
    expect(sdk.initialized).toBe(false);
  });
  it('keeps secrets out of the serialized SDK and of request errors', async () => {
    const { fetch } = stubFetch(() => json({ error: { code: 'boom', message: `bad token ${SECRET_ACCESS}` } }, 500));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    expect(leaks(sdk)).toEqual([]);
    const error = await sdk.watchlist().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 'boom' });
    expect(String(error)).toContain('[REDACTED]');
    expect(leaks(error)).toEqual([]);
    sdk.dispose();
  });
  it('sends the access token and the SDK Key, and reads the watchlist', async () => {
    const { fetch, calls } = stubFetch(() => json(WATCHLIST));
    const sdk = createSdk({ baseUrl: `${BASE}/`, fetch });
    sdk.initialize(SDK_KEY, pair());
    await expect(sdk.watchlist()).resolves.toEqual(WATCHLIST);
    expect(calls).toEqual([{ token: SECRET_ACCESS, path: '/v1/user/watchlist', method: 'GET' }]);
    sdk.dispose();
  });
  it('calls before initialize fail with a typed error', async () => {
    await expect(createSdk({ baseUrl: BASE }).watchlist()).rejects.toBeInstanceOf(NotInitializedError);
  });
  it('a call before initialize names itself: the call the app wrote, then SDK.initialize', async () => {
    const sdk = createSdk({ baseUrl: BASE });
    for (const [call, name] of [
      [() => sdk.watchlist(), 'SDK.watchlist()'],
      [() => sdk.accounts(), 'SDK.accounts()'],
      [() => sdk.services(), 'SDK.services()'],
      [() => sdk.connect({ service: 'streamflix' }), 'SDK.connect()'],
    ] as const) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotInitializedError);
      expect((error as Error).message).toBe(`${name} needs SDK.initialize first`);
    }
  });
  it('refuses a blank, padded or non-string SDK Key without echoing it, and an API Key even when padded', () => {
    const sdk = createSdk({ baseUrl: BASE });
    for (const [key, got] of [
      ['', /got a blank string/],
      ['  ', /got a blank string/],
      [` ${SDK_KEY}\n`, /got surrounding whitespace/],
      [42, /sdkKey must be the SDK Key, a string \(got number\)/],
      [undefined, /sdkKey must be the SDK Key, a string \(got undefined\)/],
    ] as const) {
      const error = catchError(() => sdk.initialize(key as string, pair()));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/^SDK\.initialize\(\): sdkKey /);
      expect((error as Error).message).toMatch(got);
      expect(leaks(error)).toEqual([]);
    }
    for (const key of [' vl_test_api_key', 'vl_live_api_123\n']) {
      const error = catchError(() => sdk.initialize(key, pair()));
      expect(error).toBeInstanceOf(ApiKeyNotAllowedError);
      expect(String(error)).not.toContain(key.trim());
    }
    expect(sdk.initialized).toBe(false);
  });
  it('refuses options that are not an object, unknown options and unusable timings, naming the option', () => {
    const sdk = createSdk({ baseUrl: BASE });
    const cases: Array<[unknown, RegExp]> = [
      ['x', /^SDK\.initialize\(\) must be an options object \(got string\)$/],
      [null, /options object \(got null\)/],
      [{ timeout: -1 }, /^SDK\.initialize\(\): timeout is an unknown option \(known: baseUrl, .*requestTimeoutMs.*\)$/],
      [{ requestTimeoutMs: -1 }, /option requestTimeoutMs must be 1 to 2147483647 ms \(got -1\)/],
      [{ handshakeTimeoutMs: Number.NaN }, /option handshakeTimeoutMs must be 1 to 2147483647 ms \(got NaN\)/],
      [{ connectTimeoutMs: 0 }, /option connectTimeoutMs .* \(got 0\)/],
      [{ tokenRenewalTimeoutMs: 2 ** 31 }, /option tokenRenewalTimeoutMs/],
      [{ expirySkewMs: -1 }, /option expirySkewMs must be 0 to 2147483647 ms/],
      [{ requestTimeoutMs: '5000' }, /option requestTimeoutMs .* \(got string\)/],
      [{ verifyLinks: 'no' }, /option verifyLinks must be of type boolean \(got string\)/],
      [{ fetch: 'x' }, /option fetch must be of type function/],
      [{ consentStorage: null }, /option consentStorage must be of type object \(got null\)/],
    ];
    for (const [options, message] of cases) {
      const error = catchError(() => sdk.initialize(SDK_KEY, pair(), options as never));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(message);
    }
    expect(sdk.initialized).toBe(false);
    sdk.initialize(SDK_KEY, pair(), { expirySkewMs: 0, requestTimeoutMs: 5_000, verifyLinks: false });
    expect(sdk.initialized).toBe(true);
    sdk.dispose();
  });
  it('createSdk refuses the same bad options', () => {
    expect(() => createSdk('x' as never)).toThrow(/^createSdk must be an options object \(got string\)$/);
    expect(() => createSdk({ timeout: Number.NaN } as never)).toThrow(
      /^createSdk: timeout is an unknown option \(known: /,
    );
    expect(() => createSdk({ requestTimeoutMs: Number.NaN })).toThrow(ConfigurationError);
    expect(() => createSdk({ requestTimeoutMs: Number.POSITIVE_INFINITY })).toThrow(/requestTimeoutMs/);
    expect(createSdk(undefined).initialized).toBe(false);
  });
  it('says what each token pair field should be, never "Invalid input" and never the value', () => {
    const sdk = createSdk({ baseUrl: BASE });
    const error = catchError(() =>
      sdk.initialize(SDK_KEY, {
        access_token: SECRET_ACCESS,
        refresh_token: '',
        expires_in: 1.5,
        token_type: 7,
      } as never),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      'SDK.initialize(): tokens.refresh_token expected a non-empty string (got an empty string); ' +
        'tokens.token_type expected a string (got number); tokens.expires_in expected a positive whole number of seconds (got 1.5)',
    );
    expect(leaks(error)).toEqual([]);
    const numeric = catchError(() => sdk.initialize(SDK_KEY, { ...pair(), access_token: 987_654_321 } as never));
    expect(String(numeric)).toBe(
      'ValidationError: SDK.initialize(): tokens.access_token expected a non-empty string (got number)',
    );
    for (const tokens of [null, 'x', []])
      expect(() => sdk.initialize(SDK_KEY, tokens as never)).toThrow(
        /^SDK\.initialize\(\): tokens expected an object \{ access_token, refresh_token, expires_in \} \(got /,
      );
  });
  it('accepts exactly the token pairs the TokenPair schema accepts', () => {
    const sdk = createSdk({ baseUrl: BASE });
    const base = pair();
    const samples: unknown[] = [
      base,
      { ...base, token_type: undefined, refresh_expires_in: 7200, extra: true },
      { ...base, token_type: '' },
      { ...base, refresh_expires_in: 0 },
      { ...base, refresh_expires_in: '7200' },
      { ...base, expires_in: 0 },
      { ...base, expires_in: 2 ** 53 },
      { ...base, expires_in: '3600' },
      { ...base, access_token: 5 },
      { ...base, access_token: undefined },
      { ...base, refresh_token: '' },
      {},
      null,
      [],
      'pair',
    ];
    for (const tokens of samples) {
      const accepted = catchError(() => sdk.initialize(SDK_KEY, tokens as never)) === undefined;
      expect({ tokens, accepted }).toEqual({ tokens, accepted: TokenPair.safeParse(tokens).success });
    }
    sdk.dispose();
  });
  it('exports a default instance', () => {
    expect(typeof SDK.initialize).toBe('function');
    expect(typeof SDK.onTokenExpired).toBe('function');
    expect(typeof SDK.connect).toBe('function');
  });
});

/** The error `run` throws, or undefined. */
function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

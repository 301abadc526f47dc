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
      expect.arrayContaining(['refresh_token', 'expires_in']),
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
  it('exports a default instance', () => {
    expect(typeof SDK.initialize).toBe('function');
    expect(typeof SDK.onTokenExpired).toBe('function');
    expect(typeof SDK.connect).toBe('function');
  });
});

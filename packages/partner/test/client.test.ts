import { inspect } from 'node:util';
import { ConfigurationError, ValidationError } from '@viewlink/transport';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryTokenStore, PartnerClient } from '../src/index.js';
import { API_KEY, BASE, usePartnerFake } from './fixtures.js';

const setup = usePartnerFake();

describe('new PartnerClient()', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a missing, empty or non-string apiKey with a ConfigurationError, sending nothing', () => {
    for (const apiKey of [undefined, '', '   ', 42, null]) {
      const build = () => new PartnerClient({ apiKey, baseUrl: BASE } as never);
      expect(build).toThrow(ConfigurationError);
      expect(build).toThrow(/apiKey/);
    }
    expect(setup.fake().requestCount()).toBe(0);
  });

  it('refuses an apiKey with a stray space or newline, without echoing the key', () => {
    for (const apiKey of [`${API_KEY}\n`, ` ${API_KEY}`, `${API_KEY} `]) {
      const error = (() => {
        try {
          new PartnerClient({ apiKey, baseUrl: BASE });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(String(error)).toMatch(/apiKey.*whitespace/);
      expect(String(error) + JSON.stringify(error) + inspect(error)).not.toContain(API_KEY);
    }
    expect(() => new PartnerClient({ apiKey: '   ', baseUrl: BASE })).toThrow(/got only whitespace/);
    expect(setup.fake().requestCount()).toBe(0);
  });

  it('refuses plain http except on loopback hosts, and URLs with credentials', () => {
    expect(() => new PartnerClient({ apiKey: API_KEY, baseUrl: 'http://api.viewlink.example' })).toThrow(/https/);
    expect(() => new PartnerClient({ apiKey: API_KEY, baseUrl: 'https://u:p@api.viewlink.example' })).toThrow(
      /credentials/,
    );
    expect(() => new PartnerClient({ apiKey: API_KEY, baseUrl: 'not a url' })).toThrow(ConfigurationError);
    expect(new PartnerClient({ apiKey: API_KEY, baseUrl: 'http://localhost:8080/' }).baseUrl).toBe(
      'http://localhost:8080',
    );
    expect(new PartnerClient({ apiKey: API_KEY, baseUrl: 'https://api.viewlink.example' }).baseUrl).toBe(
      'https://api.viewlink.example',
    );
  });

  it('throws a clear error in a browser-like environment unless dangerouslyAllowBrowser', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() => new PartnerClient({ apiKey: API_KEY, baseUrl: BASE })).toThrow(/browser.*API Key/);
    expect(() => new PartnerClient({ apiKey: API_KEY, baseUrl: BASE, dangerouslyAllowBrowser: true })).not.toThrow();
  });

  it('in a React Native app (window, navigator.product): refused, naming the app, not a browser', () => {
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('navigator', { product: 'ReactNative' });
    expect(() => new PartnerClient({ apiKey: API_KEY, baseUrl: BASE })).toThrow(
      /^new PartnerClient\(\): refused in a React Native app: the API Key would ship inside every install of the app\. Use it on your backend/,
    );
  });

  it('runs where Deno defines no document', () => {
    vi.stubGlobal('Deno', {});
    expect(() => new PartnerClient({ apiKey: API_KEY, baseUrl: BASE })).not.toThrow();
  });

  it('refuses bad options at construction', () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ tokenStore: {} }, /tokenStore/],
      [{ renewal: { path: 'no-slash' } }, /renewal.path/],
      [{ renewal: { method: 'GET' } }, /renewal.method/],
      [{ renewal: { reissue: 'yes' } }, /renewal.reissue/],
      [{ clockSkewMs: -1 }, /clockSkewMs/],
      [{ refresh: { cooldownMs: -5 } }, /cooldownMs/],
      [{ refresh: { maxPerSecond: 0 } }, /maxPerSecond/],
      [{ validation: 'loose' }, /validation/],
      [{ timeout: 0 }, /timeout/],
    ];
    for (const [options, message] of bad) {
      expect(() => new PartnerClient({ apiKey: API_KEY, baseUrl: BASE, ...options })).toThrow(message);
    }
    expect(() => new PartnerClient(undefined as never)).toThrow(ConfigurationError);
  });

  it("refuses option names it does not know (a typo, another SDK's name), at the top and in nested options", () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ maxRetries: 3 }, 'new PartnerClient(): maxRetries is an unknown option (known: apiKey, baseUrl, timeout,'],
      [{ timout: 5000 }, 'new PartnerClient(): timout is an unknown option'],
      [
        { renewal: { reisue: false } },
        'new PartnerClient(): renewal.reisue is an unknown option (known: method, path, body, reissue)',
      ],
      [
        { refresh: { cooldown: 60_000 } },
        'new PartnerClient(): refresh.cooldown is an unknown option (known: cooldownMs, maxPerSecond, ledger)',
      ],
      // The retry policy's keys too: `retry: { maxRetries: 5 }` was dropped silently (2 retries, not 5).
      [
        { retry: { maxRetries: 5 } },
        'new PartnerClient(): retry.maxRetries is an unknown option (known: limit, baseDelayMs, maxDelayMs, maxRetryAfterMs)',
      ],
      // A string is not a yes: refused, so it is not read as a no in a browser and ignored elsewhere.
      [{ dangerouslyAllowBrowser: 'yes' }, '`dangerouslyAllowBrowser` must be true or false'],
      [{ renewal: 'POST' }, 'new PartnerClient(): `renewal` must be an object: { method, path, body, reissue }'],
      [{ renewal: null }, '`renewal` must be an object'],
      [{ refresh: 15 }, 'new PartnerClient(): `refresh` must be an object: { cooldownMs, maxPerSecond, ledger }'],
    ];
    for (const [options, message] of bad) {
      const make = () => new PartnerClient({ apiKey: API_KEY, baseUrl: BASE, ...options });
      expect(make).toThrow(ConfigurationError);
      expect(make).toThrow(message);
    }
    // The names, never the values: a key under a misspelt name stays out of the message.
    const misspelt = () => new PartnerClient({ apiKey: API_KEY, baseUrl: BASE, apikey: API_KEY } as never);
    expect(misspelt).toThrow('apikey is an unknown option');
    expect(misspelt).not.toThrow(API_KEY);
  });

  it('never shows the API key when serialized or inspected', () => {
    const client = setup.client({ tokenStore: new MemoryTokenStore() });
    const text = [JSON.stringify(client), inspect(client, { depth: 10, showHidden: true }), String(client)].join();
    expect(text).not.toContain(API_KEY);
    expect(JSON.parse(JSON.stringify(client))).toEqual({ type: 'PartnerClient', baseUrl: BASE });
  });
});

describe('client.user()', () => {
  it('refuses an empty user id and a malformed pair before sending', async () => {
    const client = setup.client();
    expect(() => client.user('')).toThrow(ValidationError);
    expect(() => client.user('   ')).toThrow(/user id must not be empty or only whitespace/);
    expect(() => client.user(42 as never)).toThrow(ValidationError);
    const malformed = [
      { user_id: 'u', access_token: '', refresh_token: 'r', expires_at: 1 },
      { user_id: 'u', access_token: 'a', refresh_token: 'r' },
      { user_id: 'u', access_token: 'a', refresh_token: 7, expires_at: 1 },
      { access_token: 'a', refresh_token: 'r', expires_at: 1 },
    ];
    for (const pair of malformed) expect(() => client.user(pair as never)).toThrow(ValidationError);
    // A record's fields are named at the call that was given them.
    expect(() => client.user({} as never)).toThrow(/^client\.user\(\): user_id is required; access_token is required/);
    try {
      client.user({ user_id: 'u', access_token: 'a', refresh_token: 'r' } as never);
    } catch (error) {
      expect((error as ValidationError).issues.map((i) => i.path.join('.'))).toEqual(['expires_at']);
    }
    expect(setup.fake().requestCount()).toBe(0);
  });

  it('issues a pair on first use for a bare user id and keeps using it', async () => {
    const client = setup.client();
    const user = client.user('demo-user');
    await user.watchlist();
    await user.ratings();
    expect(setup.fake().tokens.issued).toBe(1);
    expect(setup.fake().requestCount('GET /v1/user/ratings')).toBe(1);
  });
});

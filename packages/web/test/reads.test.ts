// @vitest-environment happy-dom
import { LinkedAccountList, RefreshResponse, Watchlist } from '@viewlink/schemas';
import {
  createSdk,
  type LinkedAccount,
  RateLimitError,
  ResponseValidationError,
  UserGestureRequiredError,
  ValidationError,
} from '@viewlink/web';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE, json, pair, SDK_KEY, stubFetch, WATCHLIST } from './helpers.js';

const account = (id: string, service: string, status: string) => ({ id, service, profile_id: 'p', status });

function setActivation(isActive: boolean | undefined) {
  Object.defineProperty(window.navigator, 'userActivation', {
    value: isActive === undefined ? undefined : { isActive, hasBeenActive: isActive },
    configurable: true,
  });
}
afterEach(() => setActivation(undefined));

describe('accounts', () => {
  it('emits broken once per account when it becomes broken, again after it recovered and broke', async () => {
    const lists = [
      [account('a1', 'streamflix', 'active'), account('a2', 'tubely', 'broken')],
      [account('a1', 'streamflix', 'active'), account('a2', 'tubely', 'broken')],
      [account('a1', 'streamflix', 'broken'), account('a2', 'tubely', 'active')],
      [account('a1', 'streamflix', 'broken'), account('a2', 'tubely', 'broken')],
    ];
    let call = 0;
    const { fetch } = stubFetch(() => json({ accounts: lists[call++] }));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    const broken: LinkedAccount[] = [];
    sdk.on('broken', (a) => broken.push(a));
    for (let i = 0; i < lists.length; i++) await sdk.accounts();
    expect(broken.map((a) => `${a.id}:${a.service}`)).toEqual(['a2:tubely', 'a1:streamflix', 'a2:tubely']);
    sdk.dispose();
  });
  it('checks the structure it relies on by default', async () => {
    const { fetch } = stubFetch(() => json({ accounts: [{ id: 1 }] }));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    const error = await sdk.accounts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['accounts']);
    sdk.dispose();
  });
  it('validates fully with the schemas passed as responseSchemas', async () => {
    const bad = {
      categories: [{ kind: 'saved', titles: [{ id: 't', service: 'x', name: 'n', watch_now_url: 'nope' }] }],
    };
    const { fetch } = stubFetch((_t, path) => (path.endsWith('watchlist') ? json(bad) : json({ accounts: [] })));
    const loose = createSdk({ baseUrl: BASE, fetch });
    loose.initialize(SDK_KEY, pair());
    await expect(loose.watchlist()).resolves.toEqual(bad);
    const strict = createSdk({
      baseUrl: BASE,
      fetch,
      responseSchemas: { watchlist: Watchlist, accounts: LinkedAccountList, refresh: RefreshResponse },
    });
    strict.initialize(SDK_KEY, pair());
    const error = await strict.watchlist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['categories', 0, 'titles', 0, 'watch_now_url']);
    await expect(strict.accounts()).resolves.toEqual([]);
    loose.dispose();
    strict.dispose();
  });
});

describe('user-initiated refresh', () => {
  it('is refused outside a user gesture, before any request', async () => {
    const { fetch, calls } = stubFetch(() => json({ refresh_id: 'r1', status: 'accepted' }, 202));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    for (const state of [false, undefined]) {
      setActivation(state);
      await expect(sdk.refresh()).rejects.toBeInstanceOf(UserGestureRequiredError);
    }
    expect(calls).toEqual([]);
    sdk.dispose();
  });
  it('runs during a user gesture', async () => {
    const { fetch, calls } = stubFetch(() => json({ refresh_id: 'r1', status: 'accepted' }, 202));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    setActivation(true);
    await expect(sdk.refresh({ service: 'streamflix' })).resolves.toMatchObject({ refresh_id: 'r1' });
    expect(calls).toEqual([expect.objectContaining({ path: '/v1/user/refresh', method: 'POST' })]);
    sdk.dispose();
  });
  it('refuses a key it does not take and an input that is not an object, before any request', async () => {
    const bodies: unknown[] = [];
    const { fetch, calls } = stubFetch((_token, _path, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return json({ refresh_id: 'r1', status: 'accepted' }, 202);
    });
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    setActivation(true);
    // @ts-expect-error servce is not an option of refresh()
    const misspelt = await sdk.refresh({ servce: 'netflix' }).catch((e: unknown) => e);
    expect(misspelt).toBeInstanceOf(ValidationError);
    expect((misspelt as ValidationError).issues).toEqual([
      { path: ['servce'], message: 'is an unknown option (known: service)' },
    ]);
    expect((misspelt as Error).message).toBe('SDK.refresh(): servce is an unknown option (known: service)');
    for (const input of ['streamflix', ['streamflix']]) {
      // @ts-expect-error refresh() takes an object or nothing
      const error = await sdk.refresh(input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(
        /^SDK\.refresh\(\): expected an object \{ service \} \(got (string|an array)\)$/,
      );
    }
    expect(calls).toEqual([]);
    // Without input (`null` from JavaScript is none too, as other clients read null options), or with the service: sent as given.
    await sdk.refresh();
    await sdk.refresh(null as never);
    await sdk.refresh({ service: 'streamflix' });
    expect(bodies).toEqual([{}, {}, { service: 'streamflix' }]);
    sdk.dispose();
  });
});

describe('disconnect', () => {
  const ACCOUNTS = {
    accounts: [
      { id: 'acc_gone', service: 'cineplus', profile_id: 'p', status: 'disconnected' },
      { id: 'acc/2', service: 'cineplus', profile_id: 'p', status: 'active' },
    ],
  };
  const answer = (_token: string, path: string, init: RequestInit) =>
    path === '/v1/user/accounts'
      ? json(ACCOUNTS)
      : json({
          account: { ...ACCOUNTS.accounts[1], status: 'disconnected' },
          keep_data: JSON.parse(String(init.body)).keep_data,
        });
  it('is refused outside a user gesture and without the keepData choice, before any request', async () => {
    const { fetch, calls } = stubFetch(answer);
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    setActivation(false);
    await expect(sdk.disconnect({ service: 'cineplus', keepData: true })).rejects.toThrow(
      /^SDK\.disconnect\(\) needs a user action/,
    );
    setActivation(true);
    // @ts-expect-error keepData is required
    const missing = await sdk.disconnect({ service: 'cineplus' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).issues[0]?.path).toEqual(['keepData']);
    // A misspelt choice is named as such (not as a missing keepData), and nothing is sent.
    const misspelt = await sdk.disconnect({ service: 'cineplus', keepdata: true } as never).catch((e: unknown) => e);
    expect(misspelt).toBeInstanceOf(ValidationError);
    expect((misspelt as Error).message).toBe(
      'SDK.disconnect(): keepdata is an unknown option (known: service, keepData)',
    );
    const extra = sdk.disconnect({ service: 'cineplus', keepData: true, force: true } as never);
    await expect(extra).rejects.toThrow('SDK.disconnect(): force is an unknown option (known: service, keepData)');
    expect(calls).toEqual([]);
    sdk.dispose();
  });
  it('disconnects the linked account of the service during a user gesture, sending the choice', async () => {
    const { fetch, calls } = stubFetch(answer);
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    setActivation(true);
    await expect(sdk.disconnect({ service: 'cineplus', keepData: false })).resolves.toMatchObject({
      keep_data: false,
      account: { id: 'acc/2', status: 'disconnected' },
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v1/user/accounts',
      'POST /v1/user/accounts/acc%2F2/disconnect',
    ]);
    const none = await sdk.disconnect({ service: 'tubely', keepData: true }).catch((e: unknown) => e);
    expect((none as ValidationError).issues[0]).toMatchObject({
      path: ['service'],
      message: 'expected a linked service (got string)',
    });
    sdk.dispose();
  });
});

describe('services', () => {
  const CATALOG = {
    services: [
      { id: 'streamflix', name: 'Streamflix', countries: ['US'], link_available: true },
      { id: 'cineplus', name: 'Cine+', countries: ['FR'], link_available: false },
    ],
  };
  it('adds linkable: the service takes links and this browser can link', async () => {
    const { fetch, calls } = stubFetch(() => json(CATALOG));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
      configurable: true,
    });
    expect((await sdk.services()).map((s) => [s.id, s.linkable])).toEqual([
      ['streamflix', true],
      ['cineplus', false],
    ]);
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      configurable: true,
    });
    expect((await sdk.services()).map((s) => s.linkable)).toEqual([false, false]);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/services' });
    sdk.dispose();
  });
});

describe('watchlist', () => {
  it('returns the categories', async () => {
    const { fetch } = stubFetch(() => json(WATCHLIST));
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    await expect(sdk.watchlist()).resolves.toEqual(WATCHLIST);
    sdk.dispose();
  });
});

describe('rate limit', () => {
  it('a 429 is a RateLimitError with retryAfterMs from Retry-After, in seconds or as an HTTP date', async () => {
    const now = Date.now();
    const retryAfter = ['7', new Date(now + 7_000).toUTCString(), '', 'soon'];
    let call = 0;
    const { fetch } = stubFetch(
      () =>
        new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests' } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': retryAfter[call++] as string },
        }),
    );
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    const seconds = await sdk.watchlist().catch((e: unknown) => e);
    expect(seconds).toBeInstanceOf(RateLimitError);
    expect(seconds).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 7_000 });
    const date = (await sdk.watchlist().catch((e: unknown) => e)) as RateLimitError;
    // The HTTP date has whole seconds: up to 1 s less than asked, less the time the call took.
    expect(date.retryAfterMs).toBeGreaterThan(5_000);
    expect(date.retryAfterMs).toBeLessThanOrEqual(7_000);
    // Blank or unreadable: no wait said (as the full transport's RateLimitError).
    for (let i = 0; i < 2; i++)
      expect(await sdk.watchlist().catch((e: unknown) => e)).toMatchObject({ retryAfterMs: undefined });
    sdk.dispose();
  });
});

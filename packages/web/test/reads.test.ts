// @vitest-environment happy-dom
import { LinkedAccountList, RefreshResponse, Watchlist } from '@viewlink/schemas';
import { createSdk, type LinkedAccount, ResponseValidationError, UserGestureRequiredError } from '@viewlink/web';
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

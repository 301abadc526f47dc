import { runInNewContext } from 'node:vm';
import { ConfigurationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import { MemoryTokenStore, type StoredTokenPair, type TokenStore } from '../src/index.js';
import { usePartnerFake } from './fixtures.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });

/** An async store over a shared Map: what a Redis-backed store looks like to the client. */
function sharedStore(map: Map<string, string>): TokenStore & { writes: number } {
  return {
    writes: 0,
    async get(userId) {
      const raw = map.get(userId);
      return raw === undefined ? undefined : (JSON.parse(raw) as StoredTokenPair);
    },
    async set(userId, pair) {
      this.writes += 1;
      map.set(userId, JSON.stringify(pair));
    },
    async delete(userId) {
      map.delete(userId);
    },
  };
}

/** A store over a Map whose get() answers with what `wrap` makes of the record. */
function wrappedStore(wrap: (value: StoredTokenPair | undefined) => unknown): TokenStore {
  const map = new Map<string, StoredTokenPair>();
  return {
    get: (userId) => wrap(map.get(userId)) as never,
    set: async (userId, pair) => {
      map.set(userId, pair);
    },
    delete: async (userId) => {
      map.delete(userId);
    },
  };
}

describe('MemoryTokenStore', () => {
  it('keeps one pair per user and drops the least recently used beyond maxUsers', () => {
    const store = new MemoryTokenStore({ maxUsers: 2 });
    const pair = (u: string) => ({ user_id: u, access_token: `a-${u}`, refresh_token: `r-${u}`, expires_at: 1 });
    store.set('a', pair('a'));
    store.set('b', pair('b'));
    store.get('a');
    store.set('c', pair('c'));
    expect([store.get('a')?.user_id, store.get('b'), store.get('c')?.user_id]).toEqual(['a', undefined, 'c']);
    store.delete('a');
    expect(store.size).toBe(1);
    expect(JSON.stringify(store)).not.toContain('a-c');
  });

  it('refuses a maxUsers that would drop every pair as soon as it is stored', () => {
    for (const maxUsers of [0, -1, 1.5, Number.NaN]) {
      expect(() => new MemoryTokenStore({ maxUsers })).toThrow(ConfigurationError);
      expect(() => new MemoryTokenStore({ maxUsers })).toThrow(/maxUsers.*positive integer/);
    }
  });
});

describe('a shared token store', () => {
  it('lets a second backend instance use the pair the first one renewed', async () => {
    const map = new Map<string, string>();
    const storeA = sharedStore(map);
    const a = setup.client({ tokenStore: storeA });
    const b = setup.client({ tokenStore: sharedStore(map) });
    await a.user('demo-user').watchlist();
    expect(setup.fake().tokens.issued).toBe(1);
    setup.clock.advance(601_000);
    await a.user('demo-user').watchlist();
    expect(setup.fake().tokens.renewed).toBe(1);
    // Instance B reads the renewed pair from the store: no issue, no renewal of its own.
    await b.user('demo-user').ratings();
    expect(setup.fake().tokens.issued).toBe(1);
    expect(setup.fake().tokens.renewed).toBe(1);
    expect(JSON.parse(map.get('demo-user') ?? '{}')).toMatchObject({
      user_id: 'demo-user',
      expires_at: expect.any(Number),
    });
  });

  it('recovers when another instance renewed first and spent the refresh token', async () => {
    const map = new Map<string, string>();
    const a = setup.client({ tokenStore: sharedStore(map) });
    const pair = await a.tokens.issue({ userId: 'demo-user' });
    await a.user(pair).watchlist();
    setup.clock.advance(601_000);
    // Instance B renews first and writes the new pair.
    await setup
      .client({ tokenStore: sharedStore(map) })
      .user('demo-user')
      .watchlist();
    expect(setup.fake().tokens.renewed).toBe(1);
    // Instance C read the store just before B wrote: its first reads still see the spent pair.
    const lagging = sharedStore(map);
    let reads = 0;
    const inner = lagging.get.bind(lagging);
    lagging.get = async (userId) => (++reads <= 2 ? pair.toStored() : inner(userId));
    const c = setup.client({ tokenStore: lagging });
    await expect(c.user('demo-user').accounts()).resolves.toMatchObject({ accounts: expect.any(Array) });
    // C's renewal was refused (spent token); it then found B's pair instead of failing.
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(2);
    expect(setup.fake().tokens.renewed).toBe(1);
  });

  it('reads the store once per read, from an async store and from the in-memory one', async () => {
    const map = new Map<string, string>();
    const shared = sharedStore(map);
    const memory = new MemoryTokenStore();
    for (const store of [shared, memory]) {
      const client = setup.client({ tokenStore: store });
      await client.user('demo-user').watchlist();
      let reads = 0;
      const inner = store.get.bind(store);
      store.get = (userId) => {
        reads += 1;
        return inner(userId);
      };
      await client.user('demo-user').watchlist();
      await client.user('demo-user').ratings();
      expect(reads).toBe(2);
    }
  });

  it('serves reads from a store whose get() returns a thenable (e.g. a query builder)', async () => {
    // biome-ignore lint/suspicious/noThenProperty: the point of the test
    const store = wrappedStore((value) => ({ then: (resolve: (v: unknown) => void) => resolve(value) }));
    const user = setup.client({ tokenStore: store }).user('demo-user');
    await user.watchlist(); // first read: the store is empty, a pair is issued and saved
    await expect(user.watchlist()).resolves.toMatchObject({ categories: expect.any(Array) });
  });

  it('serves reads from a store whose get() answers with a promise of another realm', async () => {
    const foreignResolve = runInNewContext('(v) => Promise.resolve(v)') as (v: unknown) => unknown;
    const store = wrappedStore((value) => foreignResolve(value));
    const user = setup.client({ tokenStore: store }).user('demo-user');
    await user.watchlist();
    await expect(user.watchlist()).resolves.toMatchObject({ categories: expect.any(Array) });
  });

  it('turns a store whose get() throws into a rejected read, not a synchronous throw', async () => {
    const store = wrappedStore(() => {
      throw new Error('store down');
    });
    const read = setup.client({ tokenStore: store }).user('demo-user').watchlist();
    await expect(read).rejects.toThrow('store down');
  });

  it('adopts a pair handed in unless the store holds a newer one', async () => {
    const store = new MemoryTokenStore();
    const client = setup.client({ tokenStore: store });
    const older = await client.tokens.issue({ userId: 'demo-user' });
    setup.clock.advance(1_000);
    const newer = await client.tokens.issue({ userId: 'demo-user' });
    await client.user(newer).watchlist();
    await client.user(older).watchlist();
    expect(store.get('demo-user')?.access_token).toBe(newer.accessToken);
  });
});

/** The Keyv/unstorage adapter: shared state only, no atomic guarantees (documented). */
import { ConfigurationError, PartnerClient, TokenPair } from '@viewlink/partner';
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { usePartnerFake } from '../../partner/test/fixtures.js';
import {
  createKeyValueStores,
  createRedisStores,
  fromUnstorage,
  type KeyValueStore,
  RedisEventStore,
  RedisRefreshLedger,
  RedisTokenStore,
  SharedStoreError,
} from '../src/index.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });

describe('createKeyValueStores over Keyv', () => {
  it('shares a renewed pair between two instances through a Keyv store', async () => {
    const keyv = new Keyv();
    const a = setup.client({ tokenStore: createKeyValueStores(keyv).tokenStore });
    const b = setup.client({ tokenStore: createKeyValueStores(keyv).tokenStore });
    await a.user('demo-user').watchlist();
    setup.clock.advance(601_000);
    await a.user('demo-user').watchlist();
    await b.user('demo-user').ratings();
    expect(setup.fake().tokens.issued).toBe(1);
    expect(setup.fake().tokens.renewed).toBe(1);
    expect(JSON.parse(String(await keyv.get('viewlink:pair:demo-user')))).toMatchObject({ user_id: 'demo-user' });
    expect(a).toBeInstanceOf(PartnerClient);
  });

  it('keeps the refresh cooldown and webhook ids, each with a TTL', async () => {
    const ttls: Array<[string, number | undefined]> = [];
    const map = new Map<string, string>();
    const kv: KeyValueStore = {
      get: async (key) => map.get(key),
      set: async (key, value, ttlMs) => {
        ttls.push([key, ttlMs]);
        map.set(key, value);
      },
      delete: async (key) => map.delete(key),
    };
    const { refreshLedger, eventStore, tokenStore } = createKeyValueStores(kv);
    await refreshLedger.recordAccepted('u1', 'all', 1_000, 60_000);
    expect(await refreshLedger.lastAccepted('u1', 'all')).toBe(1_000);
    expect(await eventStore.begin('evt')).toBe('new');
    expect(await eventStore.begin('evt')).toBe('processing');
    await eventStore.release('evt');
    expect(await eventStore.begin('evt')).toBe('new');
    await eventStore.complete('evt');
    expect(await eventStore.begin('evt')).toBe('done');
    await tokenStore.set('u1', { user_id: 'u1', access_token: 'a', refresh_token: 'r', expires_at: 1 });
    expect(ttls.every(([, ttl]) => typeof ttl === 'number' && ttl > 0)).toBe(true);
    // No atomic capability is claimed.
    expect(tokenStore.renewal).toBeUndefined();
    expect(refreshLedger.reservations).toBeUndefined();
  });

  it('adapts unstorage (TTL in seconds) and wraps store failures in SharedStoreError', async () => {
    const calls: unknown[] = [];
    const kv = fromUnstorage({
      getItem: async () => {
        throw new Error('driver down');
      },
      setItem: async (key, value, options) => {
        calls.push([key, value, options]);
      },
      removeItem: async () => undefined,
    });
    const { tokenStore, refreshLedger } = createKeyValueStores(kv);
    await refreshLedger.recordAccepted('u1', 'latest', 5, 1_500);
    expect(calls).toEqual([['viewlink:refresh:u1:latest', '5', { ttl: 2 }]]);
    const error = await Promise.resolve(tokenStore.get('u1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharedStoreError);
    expect((error as SharedStoreError).operation).toBe('token-store.get');
  });

  it('a store failure during a partner call is led by that call, keeping its class, operation and cause', async () => {
    const kv = fromUnstorage({
      getItem: async () => {
        throw new Error('driver down');
      },
      setItem: async () => undefined,
      removeItem: async () => undefined,
    });
    const client = setup.client({ tokenStore: createKeyValueStores(kv).tokenStore });
    const error = await client
      .user('demo-user')
      .watchlist()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharedStoreError);
    const failure = error as SharedStoreError & { callSite?: string };
    expect(failure.message).toMatch(/^user\.watchlist\(\): The shared store failed during token-store\.get/);
    expect(failure.callSite).toBe('user.watchlist()');
    expect(failure.operation).toBe('token-store.get');
    expect(failure.toJSON()).toMatchObject({ callSite: 'user.watchlist()', operation: 'token-store.get' });
    expect(String(failure.stack)).toContain('user.watchlist(): The shared store failed');
  });

  it('a pair handed in that the store cannot adopt fails the first call, led by it', async () => {
    const kv = fromUnstorage({
      getItem: async () => null,
      setItem: async () => {
        throw new Error('driver down');
      },
      removeItem: async () => undefined,
    });
    const client = setup.client({ tokenStore: createKeyValueStores(kv).tokenStore });
    const pair = TokenPair.fromResponse(
      'demo-user',
      { access_token: 'at', refresh_token: 'rt', expires_in: 600, token_type: 'Bearer' },
      Date.now(),
    );
    const error = await client
      .user(pair)
      .ratings()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharedStoreError);
    expect((error as Error).message).toMatch(/^user\.ratings\(\): The shared store failed during token-store\./);
  });

  it('refuses something that is not a key-value store', () => {
    expect(() => createKeyValueStores({} as KeyValueStore)).toThrow(/get\(key\)/);
  });
});

describe('option names the stores do not take', () => {
  // A client that answers nothing: the options are refused before any command.
  const client = async () => null;

  it('are refused at construction, naming the store, the option and the known ones', () => {
    expect(() => new RedisTokenStore(client, { keyPrefix: 'app:' } as never)).toThrow(
      'new RedisTokenStore(): keyPrefix is an unknown option (known: prefix, commandTimeoutMs, pairTtlMs, leaseMs, maxWaitMs, failureNoticeMs, notifications, localCacheMs)',
    );
    expect(() => new RedisEventStore(client, { ttl: 1000 } as never)).toThrow(
      'new RedisEventStore(): ttl is an unknown option (known: prefix, commandTimeoutMs, ttlMs, processingTtlMs)',
    );
    expect(() => new RedisRefreshLedger(client, { cooldownMs: 1 } as never)).toThrow(
      'new RedisRefreshLedger(): cooldownMs is an unknown option (known: prefix, commandTimeoutMs)',
    );
    expect(() => createRedisStores(client, { events: { processingTtl: 5 } } as never)).toThrow(
      'createRedisStores(): events.processingTtl is an unknown option (known: ttlMs, processingTtlMs)',
    );
    expect(() => createRedisStores(client, { eventTtlMs: 5 } as never)).toThrow(
      'createRedisStores(): eventTtlMs is an unknown option',
    );
    const kv = new Keyv();
    expect(() => createKeyValueStores(kv, { keyPrefix: 'app:' } as never)).toThrow(
      'createKeyValueStores(): keyPrefix is an unknown option (known: prefix, pairTtlMs, eventTtlMs, processingTtlMs)',
    );
    for (const make of [
      () => new RedisTokenStore(client, 'app:' as never),
      () => createRedisStores(client, 5 as never),
      () => createRedisStores(client, null as never),
    ])
      expect(make).toThrow(ConfigurationError);
    // `events` is one of its names; a string there is not read as option names (its characters).
    expect(() => createRedisStores(client, { eventTtlMs: 5 } as never)).toThrow(/\(known: prefix, .*, events\)$/);
    // Values too, when the stores are made: a TTL of '1h' would reach the store as NaN.
    for (const [options, message] of [
      [{ pairTtlMs: '1h' }, '`pairTtlMs` must be a positive number of ms'],
      [{ eventTtlMs: 0 }, '`eventTtlMs` must be a positive number of ms'],
      [{ processingTtlMs: Number.NaN }, '`processingTtlMs` must be a positive number of ms'],
      [{ prefix: 5 }, '`prefix` must be a string'],
    ] as const)
      expect(() => createKeyValueStores(kv, options as never)).toThrow(message);
    for (const events of ['ttlMs', null])
      expect(() => createRedisStores(client, { events } as never)).toThrow(
        'createRedisStores(): `events` must be an object: { ttlMs, processingTtlMs }',
      );
  });

  it('every option they take is accepted', () => {
    const options = { prefix: 'app:', commandTimeoutMs: 500 };
    expect(
      () =>
        new RedisTokenStore(client, {
          ...options,
          pairTtlMs: 1000,
          leaseMs: 1000,
          maxWaitMs: 1000,
          failureNoticeMs: 100,
          notifications: false,
          localCacheMs: 0,
        }),
    ).not.toThrow();
    expect(() =>
      createRedisStores(client, { ...options, notifications: false, events: { ttlMs: 1000, processingTtlMs: 100 } }),
    ).not.toThrow();
  });
});

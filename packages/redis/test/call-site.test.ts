// Configuration errors of the stores start with the call the user wrote (`createRedisStores(): `,
// `new RedisTokenStore(): `, `createKeyValueStores(): `), as their unknown-option errors and the
// partner client's do: "`leaseMs` must be a positive number of ms" alone did not say whose.
import { ConfigurationError } from '@viewlink/partner';
import { createCluster } from 'redis';
import { describe, expect, it } from 'vitest';
import {
  createKeyValueStores,
  createRedisStores,
  RedisEventStore,
  RedisRefreshLedger,
  RedisTokenStore,
} from '../src/index.js';

/** A command function: never called, the options are refused first. */
const client = async () => null;

/** The message of the ConfigurationError `make` throws. */
function messageOf(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigurationError');
}

describe('store configuration errors name the call', () => {
  it('the constructors', () => {
    expect(messageOf(() => new RedisTokenStore(client, { leaseMs: 0, notifications: false }))).toBe(
      'new RedisTokenStore(): `leaseMs` must be a positive number of ms',
    );
    expect(messageOf(() => new RedisTokenStore(client, { localCacheMs: -1, notifications: false }))).toBe(
      'new RedisTokenStore(): `localCacheMs` must be a number of ms, 0 or more (0 turns the local copy off)',
    );
    expect(messageOf(() => new RedisRefreshLedger(client, { commandTimeoutMs: 0 }))).toBe(
      'new RedisRefreshLedger(): `commandTimeoutMs` must be a positive number of ms',
    );
    expect(messageOf(() => new RedisEventStore(client, { prefix: '{app}:' }))).toMatch(
      /^new RedisEventStore\(\): `prefix` must be a string without `\{` or `\}`/,
    );
    expect(messageOf(() => new RedisEventStore({} as never))).toMatch(
      /^new RedisEventStore\(\): The Redis client must be an ioredis client/,
    );
  });

  it('createRedisStores(): named as written, not by the store each option goes to', () => {
    expect(messageOf(() => createRedisStores(client, { maxWaitMs: -5, notifications: false }))).toBe(
      'createRedisStores(): `maxWaitMs` must be a positive number of ms',
    );
    expect(messageOf(() => createRedisStores(client, { events: { ttlMs: 0 } }))).toBe(
      'createRedisStores(): `events.ttlMs` must be a positive number of ms',
    );
    expect(messageOf(() => createRedisStores('redis://127.0.0.1' as never))).toMatch(
      /^createRedisStores\(\): The Redis client must be an ioredis client/,
    );
    // An unknown option keeps its one prefix.
    expect(messageOf(() => createRedisStores(client, { keyPrefix: 'x' } as never))).toMatch(
      /^createRedisStores\(\): keyPrefix is an unknown option/,
    );
  });

  it('createKeyValueStores()', () => {
    expect(messageOf(() => createKeyValueStores({} as never))).toBe(
      'createKeyValueStores(): The key-value store must have get(key), set(key, value, ttlMs) and delete(key)',
    );
    expect(messageOf(() => createKeyValueStores(new Map() as never, { pairTtlMs: '1h' } as never))).toBe(
      'createKeyValueStores(): `pairTtlMs` must be a positive number of ms',
    );
  });

  // createCluster()'s type is a RedisClientLike (before NodeRedisClusterLike it did not type-check).
  it('a node-redis cluster: accepted as is, refused without an error listener like a single client', () => {
    const cluster = createCluster({ rootNodes: [{ url: 'redis://127.0.0.1:1' }] });
    expect(messageOf(() => createRedisStores(cluster, { notifications: false }))).toMatch(
      /^createRedisStores\(\): The node-redis client has no 'error' listener/,
    );
    cluster.on('error', () => undefined);
    expect(() => createRedisStores(cluster, { notifications: false })).not.toThrow();
  });
});

import { ConfigurationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import {
  MemoryRefreshLedger,
  type RefreshLedger,
  RefreshLedgerError,
  type RefreshLedgerSlot,
  RefreshRefusedError,
} from '../src/index.js';
import { usePartnerFake } from './fixtures.js';

const setup = usePartnerFake();
const COOLDOWN = 10 * 60_000;

/** A ledger that behaves like Redis `GET` / `SET key value PX ttl` on the test clock. */
function sharedLedger(now: () => number): RefreshLedger & { readonly writes: string[] } {
  const entries = new Map<string, { at: number; expiresAt: number }>();
  const writes: string[] = [];
  return {
    writes,
    async lastAccepted(userId: string, slot: RefreshLedgerSlot) {
      const entry = entries.get(`${userId}|${slot}`);
      return entry !== undefined && entry.expiresAt > now() ? entry.at : undefined;
    },
    async recordAccepted(userId: string, slot: RefreshLedgerSlot, atMs: number, ttlMs: number) {
      writes.push(`${userId}|${slot}|${ttlMs}`);
      entries.set(`${userId}|${slot}`, { at: atMs, expiresAt: now() + ttlMs });
    },
  };
}

/** Two backend instances: separate clients (separate burst counters), one ledger. */
function twoInstances(ledger: RefreshLedger) {
  const options = { refresh: { cooldownMs: COOLDOWN, ledger } };
  return [setup.client(options).user('demo-user'), setup.client(options).user('demo-user')] as const;
}

describe('refresh.ledger', () => {
  it('makes a second instance refuse a refresh the first one sent, sending nothing', async () => {
    const ledger = sharedLedger(setup.clock.now);
    const [first, second] = twoInstances(ledger);
    await first.refresh({ trigger: 'user-action', service: 'cineplus' });
    expect(ledger.writes).toEqual([`demo-user|service:cineplus|${COOLDOWN}`, `demo-user|latest|${COOLDOWN}`]);
    setup.clock.advance(60_000);
    const error = await second.refresh({ trigger: 'user-action', service: 'cineplus' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshRefusedError);
    expect(error).toMatchObject({ reason: 'cooldown', service: 'cineplus', retryAfterMs: COOLDOWN - 60_000 });
    expect(setup.fake().stats.refreshes).toBe(1);
  });

  it('keeps the full-refresh clash across instances, both ways, and honours force', async () => {
    const [first, second] = twoInstances(sharedLedger(setup.clock.now));
    await first.refresh({ trigger: 'user-action', service: 'cineplus' });
    await expect(second.refresh({ trigger: 'user-action' })).rejects.toMatchObject({ reason: 'cooldown' });
    // Another account is free; then a full refresh blocks every account on the other instance.
    await second.refresh({ trigger: 'user-action', service: 'streamflix' });
    setup.clock.advance(1_000);
    await second.refresh({ trigger: 'user-action', force: true });
    setup.clock.advance(1_000);
    await expect(first.refresh({ trigger: 'user-action', service: 'tubely' })).rejects.toMatchObject({
      reason: 'cooldown',
      service: 'tubely',
    });
    expect(setup.fake().stats.refreshes).toBe(3);
  });

  it('separate ledgers (the in-memory default) do not see each other', async () => {
    const first = setup.client({ refresh: { cooldownMs: COOLDOWN } }).user('demo-user');
    const second = setup
      .client({ refresh: { cooldownMs: COOLDOWN, ledger: new MemoryRefreshLedger() } })
      .user('demo-user');
    await first.refresh({ trigger: 'user-action', service: 'cineplus' });
    await second.refresh({ trigger: 'user-action', service: 'cineplus' });
    expect(setup.fake().stats.refreshes).toBe(2);
    // Each still refuses its own second refresh.
    await expect(first.refresh({ trigger: 'user-action', service: 'cineplus' })).rejects.toMatchObject({
      reason: 'cooldown',
    });
  });

  it('admits again once the window has passed on the injectable clock', async () => {
    for (const ledger of [sharedLedger(setup.clock.now), new MemoryRefreshLedger()]) {
      const [first, second] = twoInstances(ledger);
      await first.refresh({ trigger: 'user-action', service: 'cineplus', force: true });
      setup.clock.advance(COOLDOWN - 1);
      await expect(second.refresh({ trigger: 'user-action', service: 'cineplus' })).rejects.toMatchObject({
        retryAfterMs: 1,
      });
      setup.clock.advance(1);
      await expect(second.refresh({ trigger: 'user-action', service: 'cineplus' })).resolves.toBeDefined();
    }
    expect(setup.fake().stats.refreshes).toBe(4);
  });

  it('does not start the cooldown on other instances when the server refused the refresh', async () => {
    const [first, second] = twoInstances(sharedLedger(setup.clock.now));
    await expect(first.refresh({ trigger: 'user-action', service: 'tubely' })).rejects.toMatchObject({ status: 409 });
    setup.fake().users.link('demo-user', 'tubely', 'active');
    await expect(second.refresh({ trigger: 'user-action', service: 'tubely' })).resolves.toBeDefined();
  });

  it('a failing or nonsensical ledger read is a RefreshLedgerError and nothing is sent', async () => {
    const failures: RefreshLedger[] = [
      {
        lastAccepted: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')),
        recordAccepted: () => undefined,
      },
      {
        lastAccepted: () => {
          throw new Error('sync failure');
        },
        recordAccepted: () => undefined,
      },
      { lastAccepted: () => '1700000000000' as never, recordAccepted: () => undefined },
    ];
    for (const ledger of failures) {
      const user = setup.client({ refresh: { ledger } }).user('demo-user');
      for (const service of ['cineplus', undefined]) {
        const error = await user.refresh({ trigger: 'user-action', service }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RefreshLedgerError);
        expect(error).toMatchObject({ code: 'refresh_ledger_failed', userId: 'demo-user', service });
        expect((error as Error).cause).toBeInstanceOf(Error);
        expect(JSON.stringify(error)).not.toContain('6379');
        setup.clock.advance(1_000);
      }
    }
    expect(setup.fake().requestCount()).toBe(0);
  });

  it('force skips the ledger read entirely (a broken ledger does not block an explicit retry)', async () => {
    const ledger: RefreshLedger = {
      lastAccepted: () => Promise.reject(new Error('down')),
      recordAccepted: () => undefined,
    };
    const user = setup.client({ refresh: { ledger } }).user('demo-user');
    await expect(user.refresh({ trigger: 'user-action', force: true })).resolves.toBeDefined();
  });

  it('a failing write after the server accepted resolves and warns: the refresh was sent', async () => {
    const warnings: unknown[] = [];
    const ledger: RefreshLedger = {
      lastAccepted: () => undefined,
      recordAccepted: () => Promise.reject(new Error('READONLY replica')),
    };
    const user = setup
      .client({ refresh: { ledger }, logger: { warn: (message, fields) => warnings.push({ message, fields }) } })
      .user('demo-user');
    await expect(user.refresh({ trigger: 'user-action', service: 'cineplus' })).resolves.toMatchObject({
      status: 'accepted',
    });
    expect(setup.fake().stats.refreshes).toBe(1);
    expect(warnings).toEqual([
      {
        message: expect.stringContaining('refresh ledger'),
        fields: { userId: 'demo-user', service: 'cineplus', code: 'refresh_ledger_failed' },
      },
    ]);
  });

  it('keeps the burst limit per process: another instance is not slowed by one in a loop', async () => {
    const [looping, other] = twoInstances(sharedLedger(setup.clock.now));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => looping.refresh({ trigger: 'user-action', force: true })),
    );
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason.reason === 'burst')).toHaveLength(2);
    await expect(other.refresh({ trigger: 'user-action', force: true })).resolves.toBeDefined();
  });

  it('hands the ledger a whole-ms TTL (Redis refuses a fractional PX)', async () => {
    const ledger = sharedLedger(setup.clock.now);
    await setup
      .client({ refresh: { cooldownMs: 1_500.25, ledger } })
      .user('demo-user')
      .refresh({ trigger: 'user-action' });
    expect(ledger.writes).toEqual(['demo-user|all|1501', 'demo-user|latest|1501']);
  });

  it('is not touched when the cooldown is 0, and must have both methods', async () => {
    const ledger: RefreshLedger = {
      lastAccepted: () => Promise.reject(new Error('must not be read')),
      recordAccepted: () => Promise.reject(new Error('must not be written')),
    };
    const user = setup.client({ refresh: { cooldownMs: 0, ledger } }).user('demo-user');
    await user.refresh({ trigger: 'user-action', service: 'cineplus' });
    setup.clock.advance(1_000);
    await user.refresh({ trigger: 'user-action', service: 'cineplus' });
    expect(setup.fake().stats.refreshes).toBe(2);
    expect(() => setup.client({ refresh: { ledger: { lastAccepted: () => undefined } as never } })).toThrow(
      ConfigurationError,
    );
  });
});

describe('MemoryRefreshLedger', () => {
  it('refuses a maxUsers that would forget every cooldown at once', () => {
    for (const maxUsers of [0, -1, Number.NaN]) expect(() => new MemoryRefreshLedger({ maxUsers })).toThrow(/maxUsers/);
    expect(() => new MemoryRefreshLedger({ maxUsers: 0 })).toThrow(ConfigurationError);
  });

  it('drops the longest-held user beyond maxUsers and prunes expired entries on write', () => {
    const ledger = new MemoryRefreshLedger({ maxUsers: 2 });
    ledger.recordAccepted('a', 'all', 1_000, 100);
    ledger.recordAccepted('b', 'all', 1_000, 100);
    ledger.recordAccepted('c', 'all', 1_000, 100);
    expect(ledger.size).toBe(2);
    expect(ledger.lastAccepted('a', 'all')).toBeUndefined();
    expect(ledger.lastAccepted('c', 'all')).toBe(1_000);
    ledger.recordAccepted('c', 'service:cineplus', 1_100, 100);
    expect(ledger.lastAccepted('c', 'all')).toBeUndefined();
    expect(ledger.lastAccepted('c', 'service:cineplus')).toBe(1_100);
  });
});

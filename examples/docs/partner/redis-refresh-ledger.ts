import { PartnerClient, type RefreshLedger } from '@viewlink/partner';

// Any Redis client; the calls below are ioredis's.
declare const redis: {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'PX', ttlMs: number): Promise<unknown>;
};
declare const apiKey: string;
declare const baseUrl: string;

const key = (userId: string, slot: string) => `viewlink:refresh:${userId}:${slot}`;

const redisRefreshLedger: RefreshLedger = {
  async lastAccepted(userId, slot) {
    const raw = await redis.get(key(userId, slot));
    return raw === null ? undefined : Number(raw);
  },
  async recordAccepted(userId, slot, atMs, ttlMs) {
    // Redis drops the entry when the cooldown is over.
    await redis.set(key(userId, slot), String(atMs), 'PX', ttlMs);
  },
};

export const viewlink = new PartnerClient({ apiKey, baseUrl, refresh: { ledger: redisRefreshLedger } });

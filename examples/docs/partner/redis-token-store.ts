import { PartnerClient, StoredTokenPair, type TokenStore } from '@viewlink/partner';

// Any Redis client; the calls below are ioredis's.
declare const redis: {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'PX', ttlMs: number): Promise<unknown>;
  del(key: string): Promise<number>;
};
declare const apiKey: string;
declare const baseUrl: string;

const key = (userId: string) => `viewlink:pair:${userId}`;

const redisTokenStore: TokenStore = {
  async get(userId) {
    const raw = await redis.get(key(userId));
    return raw === null ? undefined : StoredTokenPair.parse(JSON.parse(raw));
  },
  async set(userId, pair) {
    // Keep it until the refresh token expires (30 days when the server does not say).
    const ttlMs = (pair.refresh_expires_at ?? Date.now() + 30 * 86_400_000) - Date.now();
    await redis.set(key(userId), JSON.stringify(pair), 'PX', Math.max(ttlMs, 1_000));
  },
  async delete(userId) {
    await redis.del(key(userId));
  },
};

export const viewlink = new PartnerClient({ apiKey, baseUrl, tokenStore: redisTokenStore });

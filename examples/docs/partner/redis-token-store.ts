import { PartnerClient } from '@viewlink/partner';
import { RedisTokenStore } from '@viewlink/redis';
import { Redis } from 'ioredis';

declare const apiKey: string;
declare const baseUrl: string;

// Fail fast while Redis is down (a typed SharedStoreError) instead of queueing commands.
const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });

export const viewlink = new PartnerClient({ apiKey, baseUrl, tokenStore: new RedisTokenStore(redis) });

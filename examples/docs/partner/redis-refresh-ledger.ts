import { PartnerClient } from '@viewlink/partner';
import { RedisRefreshLedger } from '@viewlink/redis';
import { Redis } from 'ioredis';

declare const apiKey: string;
declare const baseUrl: string;

const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });

// Check-and-reserve in one Lua script: two instances pressing refresh at once send one refresh.
export const viewlink = new PartnerClient({ apiKey, baseUrl, refresh: { ledger: new RedisRefreshLedger(redis) } });

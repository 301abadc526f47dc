import { PartnerClient } from '@viewlink/partner';
import { createRedisStores } from '@viewlink/redis';
import { createClient } from 'redis';

declare const apiKey: string;
declare const baseUrl: string;

// node-redis emits 'error' when Redis drops: without a listener Node exits the process, so the
// stores refuse such a client. disableOfflineQueue: fail fast (SharedStoreError) while Redis is down.
const redis = createClient({ url: process.env.REDIS_URL!, disableOfflineQueue: true });
redis.on('error', (error) => console.error('redis:', error.message));
await redis.connect();

const { tokenStore, refreshLedger } = createRedisStores(redis);
export const viewlink = new PartnerClient({ apiKey, baseUrl, tokenStore, refresh: { ledger: refreshLedger } });

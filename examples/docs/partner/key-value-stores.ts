import { PartnerClient } from '@viewlink/partner';
import { createKeyValueStores, type KeyValueStore } from '@viewlink/redis';

declare const apiKey: string;
declare const baseUrl: string;
declare const keyv: KeyValueStore; // e.g. new Keyv(new KeyvPostgres(...)); unstorage: fromUnstorage(storage)

// Shared state, no atomic guarantees: see the list below.
const { tokenStore, refreshLedger } = createKeyValueStores(keyv);
export const viewlink = new PartnerClient({ apiKey, baseUrl, tokenStore, refresh: { ledger: refreshLedger } });

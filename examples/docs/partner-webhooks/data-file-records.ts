import { fetchDataFile, readDataFile, type WebhookEventOf } from '@viewlink/partner';

declare const event: WebhookEventOf<'DeltaFilePosted'>; // or InitialFilePosted, UserFilePosted
declare const api: { apiKey: string; baseUrl: string };
declare const db: {
  upsertHistory(key: string, entry: unknown): Promise<void>;
  remove(kind: string, key: string): Promise<void>;
};

for await (const record of readDataFile(await fetchDataFile(event.file, api), { file: event.file })) {
  if (record.kind === 'history_entry' && record.op === 'upsert') await db.upsertHistory(record.key, record.data);
  else if (record.kind !== 'unknown' && record.op === 'delete') await db.remove(record.kind, record.key);
}

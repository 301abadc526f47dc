import { type DataFileCheckpoint, DataFileError, PartnerClient, type WebhookEventOf } from '@viewlink/partner';

declare const event: WebhookEventOf<'InitialFilePosted'>;
declare const db: {
  apply(record: unknown): Promise<void>;
  saveCheckpoint(checkpoint: DataFileCheckpoint): Promise<void>;
  savedCheckpoint(fileId: string): Promise<DataFileCheckpoint | undefined>;
};
declare function retryLater(fileId: string): Promise<void>;

const client = new PartnerClient({ apiKey: process.env.VIEWLINK_API_KEY!, baseUrl: 'https://api.viewlink.example' });

// At most 10 minutes for this run, however the server sends the bytes (even one every few seconds).
const reader = client.files.read(event, {
  totalTimeout: 10 * 60_000,
  resumeFrom: await db.savedCheckpoint(event.file.id),
});
try {
  for await (const record of reader) {
    await db.apply(record);
    if (reader.records % 1_000 === 0) await db.saveCheckpoint(reader.checkpoint);
  }
} catch (error) {
  if (!(error instanceof DataFileError && error.reason === 'total_timeout')) throw error;
  // `error.records` were delivered: keep them, continue from the checkpoint in a later run.
  await db.saveCheckpoint(reader.checkpoint);
  await retryLater(event.file.id);
}

import { type DataFileCheckpoint, type DataFileRecord, PartnerClient, type WebhookEventOf } from '@viewlink/partner';

type FileEvent = WebhookEventOf<'InitialFilePosted' | 'DeltaFilePosted' | 'UserFilePosted'>;
declare const db: {
  /** The sequence of the last file applied for the user, if any. */
  appliedSequence(userId: string): Promise<number | undefined>;
  /** The checkpoint an earlier run of this job committed for the file, if it died midway. */
  savedCheckpoint(fileId: string): Promise<DataFileCheckpoint | undefined>;
  /** Writes records and the checkpoint after them in one transaction. */
  commit(userId: string, records: DataFileRecord[], checkpoint: DataFileCheckpoint): Promise<void>;
  /** Marks the file applied: a snapshot replaces what was held, a delta moves the sequence on. */
  finish(event: FileEvent): Promise<void>;
};

const client = new PartnerClient({ apiKey: process.env.VIEWLINK_API_KEY!, baseUrl: 'https://api.viewlink.example' });

// One job per file event, from your queue: safe to run again after a crash or a failure.
export async function syncFile(event: FileEvent): Promise<void> {
  const reader = client.files.read(event, {
    // A delta that does not follow what you hold throws DataFileError 'sequence_gap'.
    appliedSequence: event.type === 'DeltaFilePosted' ? await db.appliedSequence(event.user_id) : undefined,
    // Continue where a run that died stopped: no record is delivered twice.
    resumeFrom: await db.savedCheckpoint(event.file.id),
  });
  let batch: DataFileRecord[] = [];
  for await (const record of reader) {
    batch.push(record);
    if (batch.length === 1_000) {
      await db.commit(event.user_id, batch, reader.checkpoint);
      batch = [];
    }
  }
  await db.commit(event.user_id, batch, reader.checkpoint);
  await db.finish(event);
}

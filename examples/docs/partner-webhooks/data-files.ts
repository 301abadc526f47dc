import { applyDelta, type DataFileDescriptor, planDelta, streamDataFile, type WebhookEventOf } from '@viewlink/partner';

type Held = Awaited<ReturnType<typeof applyDelta>>; // Map of record key to record
declare const db: {
  load(userId: string): Promise<{ records: Held; sequence: number }>;
  replaceAll(userId: string, records: Held, sequence: number): Promise<void>;
};

const api = { apiKey: process.env.VIEWLINK_API_KEY!, baseUrl: 'https://api.viewlink.example' };

// InitialFilePosted (and UserFilePosted): replace what you hold.
async function loadSnapshot(event: { user_id: string; file: DataFileDescriptor; sequence: number }) {
  const held = await applyDelta(new Map(), streamDataFile(event.file, api));
  await db.replaceAll(event.user_id, held, event.sequence);
}

// DeltaFilePosted: apply on top, in order.
async function applyDeltaFile(event: WebhookEventOf<'DeltaFilePosted'>) {
  const { records, sequence } = await db.load(event.user_id);
  switch (planDelta(sequence, event)) {
    case 'already_applied':
      return; // a redelivery or an older delta
    case 'gap':
      // An earlier delta has not arrived yet: answer 500 so this one is retried after it.
      throw new Error(`delta ${event.sequence} arrived before ${event.base_sequence}`);
    case 'apply': {
      const next = await applyDelta(records, streamDataFile(event.file, api));
      await db.replaceAll(event.user_id, next, event.sequence);
    }
  }
}

export { applyDeltaFile, loadSnapshot };

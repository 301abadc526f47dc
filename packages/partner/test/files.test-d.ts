import type { PartnerRating, WatchHistoryEntry, WatchlistItem } from '@viewlink/schemas';
import { describe, expectTypeOf, it } from 'vitest';
import {
  applyDelta,
  type DataFileCheckpoint,
  type DataFileReader,
  type DataFileRecord,
  type DataRecordMap,
  readDataFile,
} from '../src/files/index.js';
import { PartnerClient, type WebhookEventOf } from '../src/index.js';

describe('data file record types', () => {
  it('narrows data by kind and op', () => {
    const handle = (record: DataFileRecord) => {
      if (record.kind === 'unknown') {
        expectTypeOf(record.data).toBeUnknown();
        expectTypeOf(record.recordKind).toEqualTypeOf<string>();
        return;
      }
      if (record.op === 'delete') {
        expectTypeOf(record).not.toHaveProperty('data');
        return;
      }
      if (record.kind === 'history_entry') expectTypeOf(record.data).toEqualTypeOf<WatchHistoryEntry>();
      if (record.kind === 'watchlist_item') expectTypeOf(record.data).toEqualTypeOf<WatchlistItem>();
      if (record.kind === 'rating') expectTypeOf(record.data).toEqualTypeOf<PartnerRating>();
    };
    expectTypeOf(handle).toBeFunction();
  });
  it('readDataFile is an async iterable of records and applyDelta takes it', () => {
    expectTypeOf(readDataFile('')).toExtend<AsyncIterable<DataFileRecord>>();
    expectTypeOf(applyDelta(new Map(), readDataFile(''))).toEqualTypeOf<Promise<DataRecordMap>>();
  });
});

describe('client.files', () => {
  it('reads an event or its descriptor into records with a JSON checkpoint', () => {
    const client = new PartnerClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });
    const event = {} as WebhookEventOf<'DeltaFilePosted'>;
    const reader = client.files.read(event, { appliedSequence: 3, resumeFrom: undefined });
    expectTypeOf(reader).toExtend<AsyncIterable<DataFileRecord>>();
    expectTypeOf(reader.checkpoint).toEqualTypeOf<DataFileCheckpoint>();
    expectTypeOf(reader.checkpoint.validator).toEqualTypeOf<string | undefined>();
    expectTypeOf(client.files.read(event.file)).toEqualTypeOf<DataFileReader>();
    expectTypeOf(client.files.fetch('file_1')).toEqualTypeOf<Promise<Response>>();
    expectTypeOf(applyDelta(new Map(), reader)).toEqualTypeOf<Promise<DataRecordMap>>();
    // @ts-expect-error a checkpoint is not a number
    client.files.read(event, { resumeFrom: 5 });
  });
});

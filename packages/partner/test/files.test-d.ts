import type { PartnerRating, WatchHistoryEntry, WatchlistItem } from '@viewlink/schemas';
import { describe, expectTypeOf, it } from 'vitest';
import { applyDelta, type DataFileRecord, type DataRecordMap, readDataFile } from '../src/files/index.js';

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

/** Typed records of a data file, derived from the schemas in `@viewlink/schemas`. */
import type { DataRecordKind, PartnerRating, WatchHistoryEntry, WatchlistItem } from '@viewlink/schemas';

/** The `data` type of each known record kind. */
export interface DataRecordDataMap {
  history_entry: WatchHistoryEntry;
  watchlist_item: WatchlistItem;
  rating: PartnerRating;
}

/** An upsert of a known kind: `data` is validated and typed by `kind`. */
export type DataUpsertRecord = {
  [K in DataRecordKind]: {
    readonly kind: K;
    readonly op: 'upsert';
    /** Stable key of the record within its kind, for this user. */
    readonly key: string;
    readonly data: DataRecordDataMap[K];
  };
}[DataRecordKind];

/** A removal (delta files only). */
export interface DataDeleteRecord {
  readonly kind: DataRecordKind;
  readonly op: 'delete';
  readonly key: string;
}

/** A line of a kind (or an op) this SDK does not know yet: kept, not thrown. */
export interface UnknownDataRecord {
  readonly kind: 'unknown';
  /** The `kind` the file had. */
  readonly recordKind: string;
  /** The `op` the file had (`upsert`, `delete` or something newer). */
  readonly op: string;
  readonly key: string;
  /** The unvalidated `data`. */
  readonly data: unknown;
}

/** One record read from a data file: narrow on `kind`, then on `op`. */
export type DataFileRecord = DataUpsertRecord | DataDeleteRecord | UnknownDataRecord;

/** A record worth holding: an upsert (known or unknown kind). */
export type HeldRecord = DataUpsertRecord | UnknownDataRecord;

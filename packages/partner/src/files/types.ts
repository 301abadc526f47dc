/** Typed records of a data file, derived from the schemas in `@viewlink/schemas`. */
import type { DataRecordKind, PartnerRating, WatchHistoryEntry, WatchlistItem } from '@viewlink/schemas';

/** Where a data file's bytes come from. */
export type DataFileSource = Response | ReadableStream<Uint8Array> | Uint8Array | ArrayBuffer | string;

/** How the bytes are compressed; `'auto'` sniffs the gzip magic number. */
export type DataFileCompression = 'auto' | 'gzip' | 'none';

/** The `data` type of each known record kind. */
export interface DataRecordDataMap {
  /** A watch-history entry: the title and when and how far it was watched. */
  history_entry: WatchHistoryEntry;
  /** A watchlist entry: the watchlist category it sits in and the title. */
  watchlist_item: WatchlistItem;
  /** The user's rating of a title (stars and/or thumbs). */
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
  /** The kind of the record removed; with `key` it names the record. */
  readonly kind: DataRecordKind;
  /** Always `'delete'`: tells a removal from an upsert. */
  readonly op: 'delete';
  /** Key of the record to remove, as an earlier upsert of this kind gave it (1 to 512 characters). */
  readonly key: string;
}

/** A line of a kind (or an op) this SDK does not know yet: kept, not thrown. */
export interface UnknownDataRecord {
  /** Always `'unknown'`: the line's own kind is in `recordKind`. */
  readonly kind: 'unknown';
  /** The `kind` the file had. */
  readonly recordKind: string;
  /** The `op` the file had (`upsert`, `delete` or something newer). */
  readonly op: string;
  /** The line's key (1 to 512 characters), unique within its kind for this user. */
  readonly key: string;
  /** The unvalidated `data`. */
  readonly data: unknown;
}

/** One record read from a data file: narrow on `kind`, then on `op`. */
export type DataFileRecord = DataUpsertRecord | DataDeleteRecord | UnknownDataRecord;

/** A record worth holding: an upsert (known or unknown kind). */
export type HeldRecord = DataUpsertRecord | UnknownDataRecord;

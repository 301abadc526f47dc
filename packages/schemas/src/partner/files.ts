/**
 * Data files announced by InitialFilePosted / DeltaFilePosted / UserFilePosted: the file
 * descriptor the events carry, the NDJSON record schemas, and the route that serves a posted
 * file. Merged into `partnerRoutes`. The spec hides all of it; the design is recorded in
 * docs/decisions/partner-webhooks.md.
 *
 * Format: UTF-8 NDJSON, one record per line, optionally gzip-compressed (the bytes, not a
 * Content-Encoding). Every line is `{ kind, op, key, data? }`: `kind` says which data object,
 * `key` is the stable key of the record within its kind for that user, `op` is `upsert` (the
 * record is `data`) or `delete` (no `data`). Initial and user files hold upserts only.
 */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described, describedCopy } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { route } from '../route.js';
import { PartnerRating } from './ratings.js';
import { PartnerTitle, WatchHistoryEntry } from './titles.js';
import { WatchlistCategoryKind } from './watchlist.js';

/** File formats; open so a new format parses (the reader then refuses it by name). */
export const DATA_FILE_FORMATS = ['ndjson'] as const;
/** Compressions of the file bytes; open for the same reason. */
export const DATA_FILE_COMPRESSIONS = ['gzip', 'none'] as const;

/** What a file event says about the posted file. */
export const DataFileDescriptor = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.string().check(z.minLength(1)), 'Id to fetch it with: `GET /v1/files/{file_id}`.'),
    url: described(
      z.optional(z.url()),
      'Direct (possibly pre-signed) download URL; fetched without the API Key unless same origin as the API.',
    ),
    format: described(
      z.union([z.enum(DATA_FILE_FORMATS), z.string()]),
      'Record encoding of the file, e.g. `ndjson` (a newer value may appear).',
    ),
    compression: described(
      z.union([z.enum(DATA_FILE_COMPRESSIONS), z.string()]),
      'Compression of the bytes as served: `gzip` or `none` (a newer value may appear).',
    ),
    record_count: described(
      z.int().check(z.minimum(0)),
      'Number of records (lines) in the file; the reader checks it when given.',
    ),
    byte_size: described(z.optional(z.int().check(z.minimum(0))), 'Size of the file as served (compressed), in bytes.'),
    sha256: described(
      z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
      'Lowercase hex SHA-256 of the bytes as served.',
    ),
    expires_at: described(
      z.optional(z.iso.datetime({ offset: true })),
      'After this instant the file may no longer be fetchable.',
    ),
  }),
);
/** Output type of {@link DataFileDescriptor}. */
export interface DataFileDescriptor extends T.DataFileDescriptorFields {}

/** Record kinds the SDK knows; unknown kinds are read as `unknown` records, not errors. */
export const DATA_RECORD_KINDS = ['history_entry', 'watchlist_item', 'rating'] as const;
/** A known record kind. */
export type DataRecordKind = (typeof DATA_RECORD_KINDS)[number];

/** A watchlist entry as one record: the category it sits in and the title. */
export const WatchlistItem = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    category: describedCopy(WatchlistCategoryKind, 'The watchlist category the title sits in.'),
    title: describedCopy(PartnerTitle, 'The title.'),
    added_at: described(
      z.optional(z.iso.datetime({ offset: true })),
      'When the title was added to the category (ISO 8601 with offset).',
    ),
  }),
);
/** Output type of {@link WatchlistItem}. */
export interface WatchlistItem extends T.WatchlistItemFields {}

/** A record key: 1-512 characters (a fresh schema each time, so a field can carry its own description). */
const recordKey = () => z.string().check(z.minLength(1), z.maxLength(512));

function upsert<const K extends DataRecordKind, S extends z.ZodMiniType>(kind: K, data: S) {
  return z.looseObject({ kind: z.literal(kind), op: z.literal('upsert'), key: recordKey(), data });
}

/** One line of a data file whose kind the SDK knows. */
export const KnownDataFileLine = /* @__PURE__ */ lazy(() =>
  z.union([
    upsert('history_entry', WatchHistoryEntry),
    upsert('watchlist_item', WatchlistItem),
    upsert('rating', PartnerRating),
    z.looseObject({ kind: z.enum(DATA_RECORD_KINDS), op: z.literal('delete'), key: recordKey() }),
  ]),
);
/** Output type of {@link KnownDataFileLine}. */
export type KnownDataFileLine = T.KnownDataFileLine;

/** The schema of `data` for each known kind (readers validate per kind for precise issue paths). */
export const DATA_RECORD_SCHEMAS = {
  history_entry: WatchHistoryEntry,
  watchlist_item: WatchlistItem,
  rating: PartnerRating,
} as const satisfies Record<DataRecordKind, z.ZodMiniType>;

/** The envelope every line has, whatever its kind (used for kinds the SDK does not know). */
export const DataFileLineEnvelope = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    kind: described(
      z.string().check(z.minLength(1)),
      'Record kind, e.g. `history_entry`; unknown kinds are kept as they are.',
    ),
    op: described(
      z.union([z.enum(['upsert', 'delete']), z.string()]),
      'What to do with the record: `upsert` (insert or replace) or `delete`.',
    ),
    key: described(
      recordKey(),
      'Identifies the record within its kind; a later line with the same key replaces or deletes it.',
    ),
    data: described(z.optional(z.unknown()), 'The record, on `upsert` lines.'),
  }),
);
/** Output type of {@link DataFileLineEnvelope}. */
export interface DataFileLineEnvelope extends T.DataFileLineEnvelopeFields {}

/** Path parameters of `GET /v1/files/{file_id}`. */
export const DataFileParams = /* @__PURE__ */ lazy(() =>
  z.strictObject({ file_id: described(z.string().check(z.minLength(1)), 'Id of the file, from the file event.') }),
);
/** Path parameters of a data-file route. */
export interface DataFileParams extends T.DataFileParamsFields {}
/** The file bytes (NDJSON, maybe gzip); not JSON, described for docs only. */
export const DataFileContent = /* @__PURE__ */ lazy(() => z.string());

/** Route table fragment for data files, merged into `partnerRoutes`. */
export const fileRoutes: T.FileRoutes = /* @__PURE__ */ lazy(
  () =>
    ({
      'GET /v1/files/{file_id}': route({
        method: 'GET',
        path: '/v1/files/{file_id}',
        operationId: 'getDataFile',
        summary: 'Download a posted data file (NDJSON, gzip when the event says so); API Key.',
        auth: 'apiKey',
        params: DataFileParams,
        response: DataFileContent,
        responseMediaTypes: ['application/gzip', 'application/x-ndjson'],
        ranges: true,
      }),
    }) as const,
);

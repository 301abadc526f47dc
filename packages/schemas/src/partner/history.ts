import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { StreamingServiceId } from './ids.js';
import { WatchHistoryEntry } from './titles.js';

/** GET /v1/user/history query: cursor paging, `since` for incremental reads. */
export const WatchHistoryQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    cursor: described(z.optional(z.string()), 'The `next_cursor` of the previous page; the first page when omitted.'),
    limit: described(z.optional(z.int().check(z.minimum(1), z.maximum(500))), 'Entries per page, 1-500.'),
    since: described(
      z.optional(z.iso.datetime({ offset: true })),
      'Only entries watched at or after this time (ISO 8601 with offset), for incremental reads.',
    ),
    service: described(z.optional(StreamingServiceId), 'Only entries of this service; every service when omitted.'),
  }),
);
/** Input type of {@link WatchHistoryQuery}. */
export interface WatchHistoryQuery extends T.WatchHistoryQueryFields {}
/** One page of watch history; `next_cursor` absent on the last page. */
export const WatchHistoryPage = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    items: described(
      z.array(WatchHistoryEntry),
      'Entries of this page, oldest first (chronological: a later page holds later entries).',
    ),
    next_cursor: described(
      z.optional(z.nullable(z.string())),
      'Cursor of the next page; absent or null on the last page.',
    ),
  }),
);
/** Output type of {@link WatchHistoryPage}. */
export interface WatchHistoryPage extends T.WatchHistoryPageFields {}

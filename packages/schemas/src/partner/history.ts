import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import { StreamingServiceId } from './ids.js';
import { WatchHistoryEntry } from './titles.js';

/** GET /v1/user/history query: cursor paging, `since` for incremental reads. */
export const WatchHistoryQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    cursor: z.optional(z.string()),
    limit: z.optional(z.int().check(z.minimum(1), z.maximum(500))),
    since: z.optional(z.iso.datetime({ offset: true })),
    service: z.optional(StreamingServiceId),
  }),
);
/** Input type of {@link WatchHistoryQuery}. */
export interface WatchHistoryQuery extends T.WatchHistoryQueryFields {}
/** One page of watch history; `next_cursor` absent on the last page. */
export const WatchHistoryPage = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    items: z.array(WatchHistoryEntry),
    next_cursor: z.optional(z.nullable(z.string())),
  }),
);
/** Output type of {@link WatchHistoryPage}. */
export interface WatchHistoryPage extends T.WatchHistoryPageFields {}

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described, describedCopy } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { StreamingServiceId } from './ids.js';

/**
 * Watch Now URL: absolute http(s) only. Apps put it in an `href`, so `javascript:` or `data:`
 * must not pass (a bare `z.url()` accepts any scheme); a regex also costs a fraction of a
 * `new URL()` per title, which matters on 100,000-entry histories (bench/partner-history.bench.ts).
 * The scheme's case is spelled out rather than an `i` flag: JSON Schema patterns have no flags
 * (the exported OpenAPI pattern would turn case-sensitive), and the flag costs ~10 ns per test.
 */
export const WatchNowUrl = /* @__PURE__ */ lazy(() =>
  z.string().check(z.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#][^\s]*$/)),
);

/** A normalized title. Episode id and progress are optional: missing in ~5% of cases. */
export const PartnerTitle = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.string(), 'Stable id of the title within its service.'),
    service: describedCopy(StreamingServiceId, 'The streaming service the title is on.'),
    name: described(z.string(), 'Display name of the title.'),
    watch_now_url: describedCopy(WatchNowUrl, "Deep link that opens the title in the service's app or site."),
    episode_id: described(
      z.optional(z.string()),
      'Episode of a series, when the entry is one (missing in about 5% of cases).',
    ),
    progress_seconds: described(
      z.optional(z.number().check(z.minimum(0))),
      'Playback position in seconds, when known.',
    ),
  }),
);
/** Output type of {@link PartnerTitle}. */
export interface PartnerTitle extends T.PartnerTitleFields {}

/** Watch-history entry: completion percentage 0-100 and ISO timestamps. */
export const WatchHistoryEntry = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    title: describedCopy(PartnerTitle, 'The watched title (and episode, when known).'),
    completion_percentage: described(z.number().check(z.minimum(0), z.maximum(100)), 'How much was watched, 0-100.'),
    started_at: described(
      z.optional(z.iso.datetime({ offset: true })),
      'When watching started (ISO 8601 with offset).',
    ),
    watched_at: described(z.iso.datetime({ offset: true }), 'When it was last watched (ISO 8601 with offset).'),
  }),
);
/** Output type of {@link WatchHistoryEntry}. */
export interface WatchHistoryEntry extends T.WatchHistoryEntryFields {}

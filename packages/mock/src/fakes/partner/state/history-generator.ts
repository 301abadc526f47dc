/**
 * Watch history generated lazily from a seed: entry `i` is computed on demand from
 * `(seed, i)` alone, so a user with 100,000 entries costs no memory until a page is read,
 * and every run produces the same history. Entries are in chronological order (oldest
 * first); timestamps grow strictly with the index, so `since` is a binary search.
 */
import { CATALOG_SIZE, type FakeTitle, titleOn } from './catalog.js';
import { mix, mulberry32 } from './internal/random.js';

/** How a user's generated history looks. */
export interface HistorySpec {
  /** Seed: the same seed gives the same entries. */
  readonly seed: number;
  /** Number of generated entries. */
  readonly size: number;
  /** Services the entries are spread over. */
  readonly services: readonly string[];
  /** Time of the first recorded activity (ms since epoch). */
  readonly firstActivityMs: number;
  /** Time of the last generated activity (ms since epoch). */
  readonly lastActivityMs: number;
}

/** A history entry as the Partner API returns it (see `WatchHistoryEntry`). */
export interface FakeHistoryEntry {
  /** The title watched, on the service it was watched on. */
  title: FakeTitle;
  /** How much of it was watched, 0 to 100 (one decimal). */
  completion_percentage: number;
  /** When watching started (ISO 8601); absent in about 20% of generated entries and on those refreshes add. */
  started_at?: string;
  /** When it was last watched (ISO 8601); entries are in increasing `watched_at` order. */
  watched_at: string;
}

function gapMs(spec: HistorySpec): number {
  return spec.size === 0 ? 0 : (spec.lastActivityMs - spec.firstActivityMs) / spec.size;
}

/** Timestamp of generated entry `i`: strictly increasing in `i`. */
export function timestampOf(spec: HistorySpec, i: number): number {
  const gap = gapMs(spec);
  const jitter = mulberry32(mix(spec.seed, i))() * gap * 0.9;
  return Math.floor(spec.firstActivityMs + i * gap + jitter);
}

/** Generated entry `i` (0 = oldest). */
export function historyEntry(spec: HistorySpec, i: number): FakeHistoryEntry {
  const rng = mulberry32(mix(spec.seed ^ 0xa5a5a5a5, i));
  const watchedAt = timestampOf(spec, i);
  const service = spec.services[Math.floor(rng() * spec.services.length)] ?? 'unknown';
  // Older activity loses its bookmark and episode id more often (the spec's ~5% overall).
  const missingRate = i < spec.size * 0.1 ? 0.3 : 0.025;
  const title = titleOn(Math.floor(rng() * CATALOG_SIZE), service, rng, missingRate);
  const partial = rng() < 0.3;
  const completion = partial ? Math.round(rng() * 950) / 10 : 100;
  const entry: FakeHistoryEntry = {
    title,
    completion_percentage: completion,
    watched_at: new Date(watchedAt).toISOString(),
  };
  if (rng() < 0.8) entry.started_at = new Date(watchedAt - Math.floor(rng() * 3 * 3600_000)).toISOString();
  return entry;
}

/** Index of the first generated entry at or after `sinceMs` (`size` when none). */
export function firstIndexSince(spec: HistorySpec, sinceMs: number): number {
  let lo = 0;
  let hi = spec.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timestampOf(spec, mid) < sinceMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

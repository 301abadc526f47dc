/** A deterministic catalog of titles the fake's users watch, rate and save. */
import { mix, mulberry32 } from './internal/random.js';

/** Titles in the catalog. Title `n` is the same object on every run. */
export const CATALOG_SIZE = 5_000;

const WORDS = [
  'Long',
  'Night',
  'River',
  'Glass',
  'Harbor',
  'Signal',
  'Winter',
  'Orbit',
  'Quiet',
  'Empire',
  'Paper',
  'Garden',
  'Hollow',
  'Crown',
  'Drift',
  'Ember',
] as const;

/** A title as the Partner API returns it (see `PartnerTitle` in @viewlink/schemas). */
export interface FakeTitle {
  /** Catalog id (`ttl_<n>`), the same on every service. */
  id: string;
  /** Id of the streaming service carrying it. */
  service: string;
  /** Display name, e.g. `The River Glass 12`. */
  name: string;
  /** Absolute https link to the title on the service. */
  watch_now_url: string;
  /** Episode id (`ttl_<n>_s1e2`) of series; absent for films and for about 5% of series items. */
  episode_id?: string;
  /** Playback position in seconds (the bookmark); absent in about 5% of cases, more often in old history. */
  progress_seconds?: number;
}

/** Name of catalog title `n`. */
function titleName(n: number): string {
  const rng = mulberry32(mix(0x5eed, n));
  const a = WORDS[Math.floor(rng() * WORDS.length)] ?? 'Untitled';
  const b = WORDS[Math.floor(rng() * WORDS.length)] ?? 'Story';
  return `The ${a} ${b} ${n}`;
}

/**
 * Catalog title `n` as carried by `service`. Episode id and progress are dropped with
 * probability `missingRate` (the spec: missing in about 5% of cases, mostly older items).
 */
export function titleOn(n: number, service: string, rng: () => number, missingRate = 0.05): FakeTitle {
  const id = `ttl_${n}`;
  const title: FakeTitle = {
    id,
    service,
    name: titleName(n),
    watch_now_url: `https://watch.example.com/${service}/${id}`,
  };
  const series = n % 3 !== 0;
  if (series && rng() >= missingRate) title.episode_id = `${id}_s${1 + (n % 4)}e${1 + (n % 10)}`;
  if (rng() >= missingRate) title.progress_seconds = Math.floor(rng() * 3600);
  return title;
}

/**
 * End users of the fake: their linked accounts, generated history and per-service
 * watchlists, ratings and recommendations. Everything is derived from a seed, so two fakes
 * built with the same options answer identically.
 */
import { CATALOG_SIZE, type FakeTitle, titleOn } from './catalog.js';
import type { FakeHistoryEntry, HistorySpec } from './history-generator.js';
import { hashString, mix, mulberry32 } from './internal/random.js';

/** A linked account as the Partner API returns it (see `LinkedAccount`). */
export interface FakeAccount {
  /** Account id (`acc_...`), stable for a user and service. */
  id: string;
  /** Streaming service id, e.g. `streamflix`. */
  service: string;
  /** Id (`prof_...`) of the service profile the account pulls from, stable for a user and service. */
  profile_id: string;
  /** `active`, `syncing` (during a refresh), `broken` or `disconnected`; any string a seed gives. */
  status: string;
  /** When a refresh last completed (ISO 8601); absent until the first one. */
  last_refreshed_at?: string;
  /** Display name of the chosen profile, when the link said. */
  profile_name?: string;
  /** The link session that last linked or re-linked it. */
  link_session_id?: string;
  /** While broken: why. */
  broken_reason?: string;
}

/** How to create a user (fake option `users`, or `POST /__mock/users`). */
export interface FakeUserSeed {
  /** The end user's id in the partner's system. */
  readonly user_id: string;
  /** Linked accounts; status defaults to `active`. */
  readonly accounts?: ReadonlyArray<{ readonly service: string; readonly status?: string | undefined }> | undefined;
  /** Number of generated history entries. Default 0. */
  readonly history_entries?: number | undefined;
  /** Seed of every generated list. Default: derived from the user id. */
  readonly seed?: number | undefined;
  /** First recorded activity (ISO 8601). Default 2015-01-01. */
  readonly first_activity?: string | undefined;
}

/** Last generated activity of every seeded history (fixed, so runs are identical). */
const HISTORY_END_MS = Date.UTC(2026, 9, 31, 12, 0, 0);

/** One end user of the fake. */
export interface FakeUser {
  /** The end user's id in the partner's system (`user_id` of the seed, and of tokens and webhooks). */
  readonly id: string;
  /** Seed of the generated history, watchlists and ratings: the seed's own, else a hash of the id. */
  readonly seed: number;
  /** Linked accounts by service id, in linking order. */
  readonly accounts: Map<string, FakeAccount>;
  /** The generated part of the history. */
  readonly history: HistorySpec;
  /** Entries added later (by refreshes), newest last. */
  readonly appended: FakeHistoryEntry[];
}

/** The demo population every fake starts with (ids are fictional: the spec names no services). */
export const DEFAULT_USERS: readonly FakeUserSeed[] = [
  {
    user_id: 'demo-user',
    accounts: [
      { service: 'streamflix', status: 'active' },
      { service: 'cineplus', status: 'active' },
      { service: 'tubely', status: 'broken' },
    ],
    history_entries: 1_200,
    seed: 1,
    first_activity: '2021-06-01T00:00:00Z',
  },
  {
    user_id: 'longtime-user',
    accounts: [
      { service: 'streamflix' },
      { service: 'cineplus' },
      { service: 'primevista' },
      { service: 'tubely', status: 'broken' },
    ],
    history_entries: 40_000,
    seed: 2,
    first_activity: '2011-03-01T00:00:00Z',
  },
  { user_id: 'new-user' },
];

/** Creates a user from its seed description. */
function createUser(seed: FakeUserSeed): FakeUser {
  const userSeed = seed.seed ?? hashString(seed.user_id);
  const accounts = new Map<string, FakeAccount>();
  const services = (seed.accounts ?? []).map((a) => a.service);
  for (const account of seed.accounts ?? []) {
    accounts.set(account.service, accountFor(seed.user_id, account.service, account.status ?? 'active'));
  }
  const first = seed.first_activity ? Date.parse(seed.first_activity) : Date.UTC(2015, 0, 1);
  return {
    id: seed.user_id,
    seed: userSeed,
    accounts,
    history: {
      seed: userSeed,
      size: seed.history_entries ?? 0,
      services: services.length > 0 ? services : ['streamflix'],
      firstActivityMs: first,
      lastActivityMs: Math.max(first + 1, HISTORY_END_MS),
    },
    appended: [],
  };
}

/** A linked account record with a stable id. */
export function accountFor(userId: string, service: string, status: string): FakeAccount {
  const n = hashString(`${userId}/${service}`);
  return { id: `acc_${n.toString(36)}`, service, profile_id: `prof_${(n >>> 8).toString(36)}`, status };
}

/** Services whose data is still readable (a broken account keeps what was collected). */
export function readableServices(user: FakeUser): string[] {
  return [...user.accounts.values()].filter((a) => a.status !== 'disconnected').map((a) => a.service);
}

/** Watchlist kinds the fake fills. */
const KINDS = ['saved', 'continue_watching', 'bookmarked'] as const;

/**
 * Per-service raw watchlists, before merging. The first titles of each kind are shared by
 * every service, so the merged watchlist has duplicates to remove.
 */
export function rawWatchlists(user: FakeUser): Array<{ service: string; kind: string; titles: FakeTitle[] }> {
  const out: Array<{ service: string; kind: string; titles: FakeTitle[] }> = [];
  for (const service of readableServices(user)) {
    KINDS.forEach((kind, k) => {
      const rng = mulberry32(mix(user.seed ^ hashString(service), k));
      const shared = [k * 10 + 1, k * 10 + 2, k * 10 + 3];
      const own = Array.from({ length: 5 + Math.floor(rng() * 6) }, () => Math.floor(rng() * CATALOG_SIZE));
      out.push({ service, kind, titles: [...shared, ...own].map((n) => titleOn(n, service, rng)) });
    });
  }
  return out;
}

/** The merged watchlist: one category per kind, each title once (first service wins). */
export function mergedWatchlist(user: FakeUser): { categories: Array<{ kind: string; titles: FakeTitle[] }> } {
  const categories = new Map<string, { kind: string; titles: FakeTitle[]; seen: Set<string> }>();
  for (const list of rawWatchlists(user)) {
    const category = categories.get(list.kind) ?? { kind: list.kind, titles: [], seen: new Set<string>() };
    categories.set(list.kind, category);
    for (const title of list.titles) {
      if (category.seen.has(title.id)) continue;
      category.seen.add(title.id);
      category.titles.push(title);
    }
  }
  return { categories: [...categories.values()].map(({ kind, titles }) => ({ kind, titles })) };
}

/** A fake rating (see `PartnerRating`). */
export interface FakeRating {
  /** The rated title. */
  title: FakeTitle;
  /** A star rating, on services that rate with stars. */
  stars?: number;
  /** A thumbs rating (`up` or `down`), on services that rate with thumbs. */
  thumbs?: string;
  /** When it was rated (ISO 8601). */
  rated_at: string;
}

/** Ratings consolidated across services: one per title, the most recent wins. */
export function consolidatedRatings(user: FakeUser): { ratings: FakeRating[] } {
  const byTitle = new Map<string, FakeRating>();
  for (const service of readableServices(user)) {
    const rng = mulberry32(mix(user.seed ^ hashString(service), 99));
    // Titles 1..4 are rated on every service: consolidation has work to do.
    const picks = [1, 2, 3, 4, ...Array.from({ length: 8 }, () => Math.floor(rng() * CATALOG_SIZE))];
    for (const n of picks) {
      const ratedAt = HISTORY_END_MS - Math.floor(rng() * 365 * 86_400_000);
      const rating: FakeRating = { title: titleOn(n, service, rng), rated_at: new Date(ratedAt).toISOString() };
      if (rng() < 0.5) rating.stars = 1 + Math.floor(rng() * 5);
      else rating.thumbs = rng() < 0.7 ? 'up' : 'down';
      const held = byTitle.get(rating.title.id);
      if (!held || held.rated_at < rating.rated_at) byTitle.set(rating.title.id, rating);
    }
  }
  return { ratings: [...byTitle.values()] };
}

/** One recommendation feed per readable service, in that provider's order. */
export function recommendationFeeds(user: FakeUser, service?: string) {
  const feeds = readableServices(user)
    .filter((s) => service === undefined || s === service)
    .map((s) => {
      const rng = mulberry32(mix(user.seed ^ hashString(s), 7));
      return {
        service: s,
        titles: Array.from({ length: 10 }, () => titleOn(Math.floor(rng() * CATALOG_SIZE), s, rng)),
      };
    });
  return { feeds };
}

/** The users of one fake, created on first use. */
export class UserDirectory {
  readonly #users = new Map<string, FakeUser>();

  constructor(seeds: readonly FakeUserSeed[]) {
    for (const seed of seeds) this.upsert(seed);
  }

  /** The user, created empty (no linked accounts) on first sight. */
  ensure(id: string): FakeUser {
    let user = this.#users.get(id);
    if (!user) {
      user = createUser({ user_id: id });
      this.#users.set(id, user);
    }
    return user;
  }

  /** The user, if known. */
  get(id: string): FakeUser | undefined {
    return this.#users.get(id);
  }

  /** Creates or replaces a user. */
  upsert(seed: FakeUserSeed): FakeUser {
    const user = createUser(seed);
    this.#users.set(user.id, user);
    return user;
  }

  /** Links an account (or changes its status). */
  link(userId: string, service: string, status = 'active'): FakeAccount {
    const user = this.ensure(userId);
    const held = user.accounts.get(service);
    const account = held ? { ...held, status } : accountFor(userId, service, status);
    user.accounts.set(service, account);
    return account;
  }

  /** Removes a linked account; true when there was one. */
  unlink(userId: string, service: string): boolean {
    return this.#users.get(userId)?.accounts.delete(service) ?? false;
  }

  /** Every user id. */
  ids(): string[] {
    return [...this.#users.keys()];
  }
}

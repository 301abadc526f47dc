/**
 * Data files of the Partner fake: a deterministic (seeded) store that posts an initial file,
 * then deltas, then (optionally) a full user file for a user, in the format of
 * docs/decisions/partner-webhooks.md (NDJSON, gzip by default, `{ kind, op, key, data }` per
 * line), and serves them at `GET /v1/files/{file_id}`.
 *
 * Wiring into the Partner fake: spread `store.implementations` into the router's
 * implementations (the router's `before` already checks the API Key of `apiKey` routes), and
 * deliver the event a `post*` call resolves to through the webhook outbox.
 */
import type { partnerRoutes } from '@viewlink/schemas';
import { type Implementations, json } from '../../core/router.js';
import { mulberry32 } from './state/internal/random.js';

/** A line of a data file as the fake writes it. */
export interface FakeDataLine {
  /** The record kind; decides the shape of `data`. */
  readonly kind: 'history_entry' | 'watchlist_item' | 'rating';
  /** `upsert` adds or replaces the record; `delete` (deltas only) removes it. */
  readonly op: 'upsert' | 'delete';
  /** Record key, unique within its kind for the user (`h12`, `w3`, `r7`). */
  readonly key: string;
  /** The record (history entry, watchlist item or rating); absent on deletes. */
  readonly data?: Record<string, unknown>;
}

/** A posted file as stored. */
export interface FakeDataFile {
  /** File id (`file_<user>_<sequence>`): the event's `file.id` and the `{file_id}` it is served at. */
  readonly id: string;
  /** The end user the file is about. */
  readonly userId: string;
  /** The webhook event that announced it: initial file, delta or full user file. */
  readonly type: 'InitialFilePosted' | 'DeltaFilePosted' | 'UserFilePosted';
  /** The body as served: NDJSON, gzip-compressed unless the store was made with `gzip: false`. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** The records in the file, in file order, uncompressed. */
  readonly lines: readonly FakeDataLine[];
  /** The `content-type` it is served with: `application/gzip` or `application/x-ndjson`. */
  readonly contentType: string;
  /** Absolute expiry on the store's clock (ms); later fetches get 410. */
  readonly expiresAt: number;
  /** Strong validator it is served with (`ETag`), from its sha256: a resumed download checks it with `If-Range`. */
  readonly etag: string;
}

/** The webhook body announcing a file (shape of the schemas' file events). */
export type FakeFileEvent = {
  readonly id: string;
  readonly type: FakeDataFile['type'];
  readonly user_id: string;
  readonly occurred_at: string;
  readonly file: {
    readonly id: string;
    readonly format: 'ndjson';
    readonly compression: 'gzip' | 'none';
    readonly record_count: number;
    readonly byte_size: number;
    readonly sha256: string;
    readonly expires_at: string;
    readonly url?: string;
  };
  readonly sequence: number;
  readonly services: readonly string[];
  readonly base_sequence?: number;
  readonly reason?: string;
};

/** Options of {@link createFakeFileStore}. */
export interface FakeFileStoreOptions {
  /** Seed of the generated records. Default 1. */
  readonly seed?: number;
  /** Clock in ms. Default `Date.now`. */
  readonly now?: () => number;
  /** gzip the files. Default true. */
  readonly gzip?: boolean;
  /** How long a posted file stays fetchable, in ms. Default 7 days. */
  readonly ttlMs?: number;
  /** Services the records are spread over. Default `['svc-a', 'svc-b']`. */
  readonly services?: readonly string[];
  /** When set, events carry `file.url` = `<publicBaseUrl>/v1/files/<id>`. */
  readonly publicBaseUrl?: string;
}

/** Options of a delta. */
export interface FakeDeltaOptions {
  /** New history entries. Default 20. */
  readonly newHistory?: number;
  /** Ratings changed (upserted again with new stars). Default 5. */
  readonly changedRatings?: number;
  /** Watchlist items removed. Default 3. */
  readonly removedWatchlist?: number;
}

/** A seeded store of posted data files. */
export interface FakeFileStore {
  /** Posts a user's initial (cold-start) file: `records` records of all kinds; `gzip` overrides the store's default. */
  postInitial(userId: string, options?: { readonly records?: number; readonly gzip?: boolean }): Promise<FakeFileEvent>;
  /** Posts a delta on top of the user's latest file. */
  postDelta(userId: string, options?: FakeDeltaOptions): Promise<FakeFileEvent>;
  /** Posts a full snapshot of what the user has now (UserFilePosted). */
  postUserFile(userId: string, reason?: string): Promise<FakeFileEvent>;
  /** Posted files by id. */
  readonly files: ReadonlyMap<string, FakeDataFile>;
  /** What a partner should hold for a user after applying every file so far, by `kind:key`. */
  snapshot(userId: string): ReadonlyMap<string, FakeDataLine>;
  /** The file route, to spread into the Partner fake's implementations. */
  readonly implementations: Implementations<typeof partnerRoutes>;
}

function hash(text: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

async function gzipBytes(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface UserFiles {
  readonly random: () => number;
  readonly held: Map<string, FakeDataLine>;
  sequence: number;
  counter: number;
}

/**
 * Answers a data-file request as a CDN would (RFC 9110): `ETag` and `Accept-Ranges: bytes` on
 * every answer; `Range: bytes=a-` / `bytes=a-b` gets 206 with `Content-Range`, unless `If-Range`
 * names another validator (then the whole file, 200); a range past the end gets 416.
 */
function serveFile(file: Pick<FakeDataFile, 'bytes' | 'contentType' | 'etag'>, headers: Headers): Response {
  const common = { 'accept-ranges': 'bytes', etag: file.etag, 'cache-control': 'private, no-store' };
  const size = file.bytes.byteLength;
  const range = /^bytes=(\d+)-(\d*)$/.exec(headers.get('range')?.trim() ?? '');
  const ifRange = headers.get('if-range');
  if (range && (ifRange === null || ifRange === file.etag)) {
    const start = Number(range[1]);
    const end = range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    if (start >= size || end < start)
      return new Response(null, { status: 416, headers: { ...common, 'content-range': `bytes */${size}` } });
    return new Response(file.bytes.slice(start, end + 1), {
      status: 206,
      headers: {
        ...common,
        'content-type': file.contentType,
        'content-length': String(end + 1 - start),
        'content-range': `bytes ${start}-${end}/${size}`,
      },
    });
  }
  return new Response(file.bytes, {
    status: 200,
    headers: { ...common, 'content-type': file.contentType, 'content-length': String(size) },
  });
}

/** Creates a seeded data-file store (same seed and calls: same records, ids and sequences). */
export function createFakeFileStore(options: FakeFileStoreOptions = {}): FakeFileStore {
  const seed = options.seed ?? 1;
  const now = options.now ?? Date.now;
  const compress = options.gzip ?? true;
  const ttl = options.ttlMs ?? 7 * 24 * 3600_000;
  const services = options.services ?? ['svc-a', 'svc-b'];
  const files = new Map<string, FakeDataFile>();
  const users = new Map<string, UserFiles>();

  const userFiles = (userId: string): UserFiles => {
    let entry = users.get(userId);
    if (!entry) {
      entry = { random: mulberry32(hash(userId, seed)), held: new Map(), sequence: 0, counter: 0 };
      users.set(userId, entry);
    }
    return entry;
  };

  const title = (u: UserFiles, n: number) => {
    const service = services[n % services.length] ?? 'svc-a';
    const withEpisode = u.random() < 0.95;
    return {
      id: `${service}-title-${n}`,
      service,
      name: `Title ${n}`,
      watch_now_url: `https://${service}.example.com/watch/${n}`,
      ...(withEpisode ? { episode_id: `${service}-ep-${n}-${1 + Math.floor(u.random() * 10)}` } : {}),
    };
  };

  const timestamp = (u: UserFiles) => new Date(Date.UTC(2015, 0, 1) + Math.floor(u.random() * 3e11)).toISOString();

  const fresh = (u: UserFiles, kind: FakeDataLine['kind']): FakeDataLine => {
    u.counter += 1;
    const n = u.counter;
    const t = title(u, Math.floor(u.random() * 5000));
    if (kind === 'history_entry')
      return {
        kind,
        op: 'upsert',
        key: `h${n}`,
        data: { title: t, completion_percentage: Math.round(u.random() * 1000) / 10, watched_at: timestamp(u) },
      };
    if (kind === 'watchlist_item')
      return {
        kind,
        op: 'upsert',
        key: `w${n}`,
        data: { category: ['saved', 'continue_watching', 'bookmarked'][n % 3], title: t },
      };
    return { kind, op: 'upsert', key: `r${n}`, data: { title: t, stars: 1 + Math.floor(u.random() * 5) } };
  };

  const post = async (
    userId: string,
    type: FakeDataFile['type'],
    lines: FakeDataLine[],
    extra: Partial<FakeFileEvent>,
    gzip = compress,
  ): Promise<FakeFileEvent> => {
    const u = userFiles(userId);
    for (const line of lines) {
      const key = `${line.kind}:${line.key}`;
      if (line.op === 'upsert') u.held.set(key, line);
      else u.held.delete(key);
    }
    u.sequence += 1;
    const id = `file_${encodeURIComponent(userId)}_${u.sequence}`;
    const plain = new TextEncoder().encode(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    const bytes = gzip ? await gzipBytes(plain) : plain;
    const at = now();
    const sha256 = await sha256Hex(bytes);
    files.set(id, {
      id,
      userId,
      type,
      bytes,
      lines,
      contentType: gzip ? 'application/gzip' : 'application/x-ndjson',
      expiresAt: at + ttl,
      etag: `"${sha256}"`,
    });
    return {
      id: `evt_${id}`,
      type,
      user_id: userId,
      occurred_at: new Date(at).toISOString(),
      file: {
        id,
        format: 'ndjson',
        compression: gzip ? 'gzip' : 'none',
        record_count: lines.length,
        byte_size: bytes.byteLength,
        sha256,
        expires_at: new Date(at + ttl).toISOString(),
        ...(options.publicBaseUrl ? { url: `${options.publicBaseUrl.replace(/\/$/, '')}/v1/files/${id}` } : {}),
      },
      sequence: u.sequence,
      services: [...services],
      ...extra,
    };
  };

  const pick = (u: UserFiles, kind: FakeDataLine['kind'], count: number): FakeDataLine[] => {
    const candidates = [...u.held.values()].filter((l) => l.kind === kind);
    const out: FakeDataLine[] = [];
    for (let i = 0; i < count && candidates.length > 0; i++)
      out.push(...candidates.splice(Math.floor(u.random() * candidates.length), 1));
    return out;
  };

  return {
    files,
    async postInitial(userId, { records = 1000, gzip } = {}) {
      const u = userFiles(userId);
      const lines: FakeDataLine[] = [];
      for (let i = 0; i < records; i++) {
        const r = u.random();
        lines.push(fresh(u, r < 0.8 ? 'history_entry' : r < 0.9 ? 'watchlist_item' : 'rating'));
      }
      u.held.clear();
      return post(userId, 'InitialFilePosted', lines, {}, gzip);
    },
    async postDelta(userId, { newHistory = 20, changedRatings = 5, removedWatchlist = 3 } = {}) {
      const u = userFiles(userId);
      const base = u.sequence;
      const lines: FakeDataLine[] = [];
      for (let i = 0; i < newHistory; i++) lines.push(fresh(u, 'history_entry'));
      for (const rating of pick(u, 'rating', changedRatings))
        lines.push({ ...rating, data: { ...rating.data, stars: 1 + Math.floor(u.random() * 5) } });
      for (const item of pick(u, 'watchlist_item', removedWatchlist))
        lines.push({ kind: item.kind, op: 'delete', key: item.key });
      return post(userId, 'DeltaFilePosted', lines, { base_sequence: base });
    },
    async postUserFile(userId, reason = 'resync') {
      const u = userFiles(userId);
      const lines = [...u.held.values()];
      u.held.clear();
      return post(userId, 'UserFilePosted', lines, { reason });
    },
    snapshot(userId) {
      return new Map(users.get(userId)?.held ?? []);
    },
    implementations: {
      'GET /v1/files/{file_id}': ({ params, request }) => {
        const file = files.get(params.file_id);
        if (!file) return json({ error: { code: 'file_not_found', message: 'No such data file' } }, 404);
        if (now() >= file.expiresAt)
          return json({ error: { code: 'file_expired', message: 'The data file expired' } }, 410);
        return serveFile(file, request.headers);
      },
    },
  };
}

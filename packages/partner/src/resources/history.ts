/**
 * GET /v1/user/history: the watch history back to the user's first recorded activity, possibly
 * tens of thousands of entries. Read it page by page (`pages()`, `entries()`: one page in memory
 * at a time), collect it with a safety limit (`all()`), or read only what is new (`since()`).
 * Pages are chronological (oldest first); `nextCursor` lets a sync resume where it stopped.
 */
import type { ServiceIdInput, WatchHistoryEntry } from '@viewlink/schemas';
import {
  callOptionIssues,
  itemsOfPages,
  type PreparedRequest,
  type RequestInfo,
  ResponseValidationError,
  ValidationError,
} from '@viewlink/transport';
import { HistoryLimitError } from '../core/errors.js';
import type { ReadOptions } from '../core/options.js';
import { prepareAt, type RouteOutput } from '../internal/call.js';
import type { UserScope } from '../internal/scope.js';

/** Which part of the history to read. */
export interface HistoryQuery extends ReadOptions {
  /**
   * Only entries watched at or after this instant (incremental sync): a Date, or an ISO 8601
   * date-time with a time zone (`2024-01-01T00:00:00Z`, a `watched_at` you hold).
   */
  readonly since?: Date | string | undefined;
  /** Only entries of one service (a service id slug). */
  readonly service?: ServiceIdInput | undefined;
  /** Entries per page, 1-500. Default 200. */
  readonly limit?: number | undefined;
  /** Resume from a page's `nextCursor`. */
  readonly cursor?: string | undefined;
}

/** One page of history. */
export interface HistoryPage {
  /** Entries of this page, oldest first. */
  readonly items: WatchHistoryEntry[];
  /** Cursor of the next page; undefined on the last page. Store it to resume a sync. */
  readonly nextCursor: string | undefined;
  /** The request that read this page: method and redacted URL (no secret query value). */
  readonly request: RequestInfo;
}

/** Options of {@link History.all}. */
export interface CollectOptions extends HistoryQuery {
  /** Refuse (HistoryLimitError) rather than hold more entries than this. Default 100,000. */
  readonly maxEntries?: number | undefined;
}

const DEFAULT_PAGE_SIZE = 200;
const DEFAULT_MAX_ENTRIES = 100_000;

function toWireQuery(query: HistoryQuery, callSite: string): Record<string, unknown> {
  if (typeof query !== 'object')
    throw new ValidationError(callSite, [{ path: [], message: 'expected an options object' }]);
  const { signal, since, limit, ...rest } = query;
  // Refused here, at once, like the rest of the query (the first request is sent on iteration).
  const bad = callOptionIssues({ signal });
  if (bad.length > 0) throw new ValidationError(callSite, bad);
  const wire: Record<string, unknown> = { ...rest, limit: limit ?? DEFAULT_PAGE_SIZE };
  if (since !== undefined) {
    if (since instanceof Date) {
      if (Number.isNaN(since.getTime()))
        throw new ValidationError(callSite, [{ path: ['since'], message: 'must be a valid Date' }]);
      wire.since = since.toISOString();
    } else if (typeof since === 'string') {
      // Checked by the route's schema (prepare), worded there; `orADate` adds what else `since` takes.
      wire.since = since;
    } else throw new ValidationError(callSite, [{ path: ['since'], message: 'must be a Date or a date-time string' }]);
  }
  return wire;
}

/**
 * The route's refusal of a `since` string at `callSite`, saying that a Date is taken too (the
 * route's query takes the string alone; the method converts a Date). Anything else as it is.
 */
function orADate(error: unknown, callSite: string): unknown {
  if (!(error instanceof ValidationError) || !error.issues.some((issue) => issue.path[0] === 'since')) return error;
  const issues = error.issues.map((issue) =>
    issue.path[0] === 'since' ? { ...issue, message: `${issue.message}, or a Date` } : issue,
  );
  return new ValidationError(callSite, issues);
}

/** The user's watch history. Reach it as `client.user(...).history`. */
export class History {
  readonly #scope: UserScope;

  /** @internal Built by `PartnerUser`. */
  constructor(scope: UserScope) {
    this.#scope = scope;
  }

  /**
   * Iterates the history page by page; only the current page is held.
   * @throws ValidationError at once for a bad query (nothing sent).
   */
  pages(query: HistoryQuery = {}): AsyncGenerator<HistoryPage, void, undefined> {
    return this.#pages(query, 'user.history.pages()');
  }

  /** {@link pages}, its errors naming `callSite`: the method the user called. */
  #pages(query: HistoryQuery, callSite: string): AsyncGenerator<HistoryPage, void, undefined> {
    // null (from untyped callers) reads as "no query", as undefined does.
    const given: HistoryQuery = query ?? {};
    const wire = toWireQuery(given, callSite);
    let first: PreparedRequest<RouteOutput<'GET /v1/user/history'>>;
    try {
      first = prepareAt(this.#scope.routes, 'GET /v1/user/history', { query: wire }, callSite);
    } catch (error) {
      throw orADate(error, callSite);
    }
    return this.#iterate(first, wire, given.signal, callSite);
  }

  async *#iterate(
    first: PreparedRequest<RouteOutput<'GET /v1/user/history'>>,
    wire: Record<string, unknown>,
    signal: AbortSignal | undefined,
    callSite: string,
  ): AsyncGenerator<HistoryPage, void, undefined> {
    let request = first;
    let cursor = wire.cursor as string | undefined;
    for (;;) {
      // Every error of a page (an abort too) is led by the call, as one between pages is.
      const { data: page, request: read } = await this.#scope.respond(request, signal, callSite);
      // With `validation: 'warn'` a drifted page arrives unchecked: no items and no cursor rather than a TypeError.
      const next = typeof page?.next_cursor === 'string' ? page.next_cursor : undefined;
      yield { items: Array.isArray(page?.items) ? page.items : [], nextCursor: next, request: read };
      if (next === undefined || next === '') return;
      // A server that hands back the same cursor would loop forever.
      if (next === cursor)
        throw new ResponseValidationError(read, 200, [
          { path: ['next_cursor'], message: 'the server repeated the previous cursor' },
        ]);
      cursor = next;
      request = this.#scope.routes.prepare('GET /v1/user/history', { query: { ...wire, cursor } });
    }
  }

  /**
   * Iterates entries one by one, fetching pages as needed (bounded memory).
   * @throws ValidationError at once for a bad query (nothing sent).
   */
  entries(query: HistoryQuery = {}): AsyncGenerator<WatchHistoryEntry, void, undefined> {
    return this.#entries(query, 'user.history.entries()');
  }

  #entries(query: HistoryQuery, callSite: string): AsyncGenerator<WatchHistoryEntry, void, undefined> {
    // An abort ends the sync at the next entry, not after the rest of the page in memory.
    return itemsOfPages(this.#pages(query, callSite), query?.signal, callSite);
  }

  /**
   * Entries watched at or after `since` (incremental sync): store the newest `watched_at` you
   * hold and pass it next time.
   */
  since(
    since: Date | string,
    query: Omit<HistoryQuery, 'since'> = {},
  ): AsyncGenerator<WatchHistoryEntry, void, undefined> {
    // Without it this would read the whole history, not what is new.
    if (since === undefined || since === null)
      throw new ValidationError('user.history.since()', [
        { path: ['since'], message: 'is required: the newest watched_at you hold, as a Date or an ISO 8601 string' },
      ]);
    return this.#entries({ ...query, since }, 'user.history.since()');
  }

  /**
   * Collects the whole history (or the part the query selects) into an array.
   * @throws HistoryLimitError when it holds more than `maxEntries` (default 100,000).
   */
  all(options: CollectOptions = {}): Promise<WatchHistoryEntry[]> {
    return this.#all(options, 'user.history.all()');
  }

  /** Alias of {@link History.all}; its errors name `collect()`. */
  collect(options: CollectOptions = {}): Promise<WatchHistoryEntry[]> {
    return this.#all(options, 'user.history.collect()');
  }

  /** {@link all}, its errors naming `callSite`: the method the user called. */
  async #all(options: CollectOptions, callSite: string): Promise<WatchHistoryEntry[]> {
    const { maxEntries = DEFAULT_MAX_ENTRIES, ...query } = options ?? {};
    if (!Number.isInteger(maxEntries) || maxEntries < 1)
      throw new ValidationError(callSite, [{ path: ['maxEntries'], message: 'must be a positive integer' }]);
    const out: WatchHistoryEntry[] = [];
    for await (const page of this.#pages(query, callSite)) {
      if (out.length + page.items.length > maxEntries) throw new HistoryLimitError(maxEntries, callSite);
      for (const entry of page.items) out.push(entry);
    }
    return out;
  }
}

/**
 * In-flight deduplication of identical GETs: while one is on the wire, an identical call (same
 * key, as the requester builds it) waits for the same response instead of sending another. Each
 * caller keeps its own signal: an aborted caller leaves, and the request is aborted only when
 * every caller has left. A request started by a caller without a signal gets none: that caller
 * never leaves, so it is never aborted, and each send skips joining a second signal to its timeout
 * (about 15 µs a GET, bench/cms-get.bench.ts).
 */
import type { AbortError, TransportResponse } from '@viewlink/transport';

interface Entry {
  readonly response: Promise<TransportResponse<unknown>>;
  /** Absent when the starting caller has no signal (nothing can abort the request). */
  readonly controller: AbortController | undefined;
  waiters: number;
}

/** The requests of one client in flight, by dedupe key. */
export class InFlight {
  readonly #entries = new Map<string, Entry>();

  /** Number of distinct requests in flight (tests). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The response of the request `id`: joined when one is in flight, else started by `start` with
   * a signal of its own (none when `signal` is undefined). `settle` finishes the started request's
   * response (in place) before any caller sees it, in the reaction that also removes the entry
   * (one reaction per request: this is every deduplicated GET's path). A joining caller gets a
   * copy of the data, so no caller sees another's changes to it. A caller that leaves is rejected
   * with what `aborted` makes (the request's own info, built only then).
   */
  run(
    id: string,
    signal: AbortSignal | undefined,
    aborted: () => AbortError,
    start: (signal: AbortSignal | undefined) => Promise<TransportResponse<unknown>>,
    settle: (response: TransportResponse<unknown>) => void,
  ): Promise<TransportResponse<unknown>> {
    let entry = this.#entries.get(id);
    const joined = entry !== undefined;
    if (entry === undefined) {
      const controller = signal === undefined ? undefined : new AbortController();
      const entries = this.#entries;
      // The entry leaves the map in the response's own reactions: no extra promise per request.
      const forget = () => {
        if (entries.get(id) === created) entries.delete(id);
      };
      const created: Entry = {
        response: start(controller?.signal).then(
          (response) => {
            forget();
            settle(response);
            return response;
          },
          (error: unknown) => {
            forget();
            throw error;
          },
        ),
        controller,
        waiters: 0,
      };
      entries.set(id, created);
      entry = created;
    }
    const shared = entry;
    shared.waiters++;
    const own = joined ? shared.response.then(copyOf) : shared.response;
    if (signal === undefined) return own;
    return new Promise((resolve, reject) => {
      const leave = () => {
        shared.waiters--;
        // The last caller gone: nobody wants the answer any more.
        if (shared.waiters === 0) {
          // A later identical call must not join a request being aborted.
          if (this.#entries.get(id) === shared) this.#entries.delete(id);
          shared.controller?.abort(signal.reason);
        }
        reject(aborted());
      };
      signal.addEventListener('abort', leave, { once: true });
      own.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  }
}

/**
 * A joining caller's own response: its data cloned, its headers copied. Named field by field: the
 * transport's response reads `requestId` and `request` through getters, which a spread leaves out.
 */
function copyOf(response: TransportResponse<unknown>): TransportResponse<unknown> {
  const { status, requestId, request } = response;
  return { data: cloneData(response.data), status, headers: new Headers(response.headers), requestId, request };
}

/** A deep copy of response data: `structuredClone`, or {@link copyJson} where there is none (Hermes). Chosen once at load. */
const cloneData: <T>(value: T) => T = typeof structuredClone === 'function' ? structuredClone : copyJson;

/** Copies what a JSON body parses to (arrays, objects, primitives), as `structuredClone` would. */
function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJson) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // A parsed `"__proto__"` key is an own property: an assignment would set the prototype instead.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: copyJson(item), enumerable: true, writable: true, configurable: true });
    else copy[key] = copyJson(item);
  }
  return copy as T;
}

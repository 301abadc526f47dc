/**
 * A resolved REST root and the transport whose base URL it is: in path mode (`/wp-json/...`)
 * the route's path is appended to the root, in query mode (`?rest_route=`) the transport sends
 * it as that parameter (its `pathParam`). Paths are written once, by the transport.
 */
import type { ParsedResult, RequestInfo, StandardSchema, Transport } from '@viewlink/transport';

/** Builds a transport with the client's options for a base URL (and, in query mode, the path parameter). */
export type MakeTransport = (baseUrl: string, pathParam?: string) => Transport;

/** A transport bound to one REST root. */
export class Connection {
  /** The transport whose base URL is the REST root: route clients send through it. */
  readonly transport: Transport;
  readonly #base: string;
  readonly #queryMode: boolean;
  /** The REST root URL, e.g. `http://127.0.0.1:8888/wp-json/`. */
  readonly root: URL;

  constructor(makeTransport: MakeTransport, root: URL) {
    this.root = root;
    this.#queryMode = root.searchParams.has('rest_route');
    this.#base = root.origin + (this.#queryMode ? root.pathname : root.pathname.replace(/\/$/, ''));
    this.transport = this.#queryMode ? makeTransport(this.#base, 'rest_route') : makeTransport(this.#base);
  }

  /**
   * The pipeline's parse step for a body read elsewhere (a batch sub-response): the validated
   * data of a 2xx, or the error its status or data maps to, as a response of its own would be.
   */
  parseResult<D>(
    info: RequestInfo,
    status: number,
    headers: Headers,
    body: unknown,
    schema: StandardSchema<unknown, D> | undefined,
  ): ParsedResult<D> {
    return this.transport.parseResult(info, status, headers, body, schema);
  }

  /** The absolute URL of a route path (without query), for messages and batch sub-requests. */
  urlOf(path: string): string {
    if (this.#queryMode) return `${this.#base}?rest_route=${encodeURIComponent(path)}`;
    return this.#base + path;
  }
}

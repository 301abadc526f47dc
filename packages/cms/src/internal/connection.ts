/** Sends requests relative to a resolved REST root, in path mode (`/wp-json/...`) or query mode (`?rest_route=`). */
import type {
  ParsedResult,
  QueryParams,
  RequestInfo,
  RequestOptions,
  StandardSchema,
  Transport,
  TransportResponse,
} from '@viewlink/transport';

/** A transport bound to one REST root. */
export class Connection {
  readonly #transport: Transport;
  readonly #prefix: string;
  readonly #queryMode: boolean;
  /** The REST root URL, e.g. `http://127.0.0.1:8888/wp-json/`. */
  readonly root: URL;

  constructor(transport: Transport, root: URL) {
    this.#transport = transport;
    this.root = root;
    this.#queryMode = root.searchParams.has('rest_route');
    this.#prefix = this.#queryMode ? root.pathname : root.pathname.replace(/\/$/, '');
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
    schema: StandardSchema<unknown, D>,
  ): ParsedResult<D> {
    return this.#transport.parseResult(info, status, headers, body, schema);
  }

  /** The absolute URL of a route path (without query), for messages and batch sub-requests. */
  urlOf(path: string): string {
    if (this.#queryMode) return `${this.root.origin}${this.#prefix}?rest_route=${encodeURIComponent(path)}`;
    return `${this.root.origin}${this.#prefix}${path}`;
  }

  /** Sends `options` with its `path` taken relative to the REST root. */
  request<T>(options: RequestOptions<T>): Promise<TransportResponse<T>> {
    if (this.#queryMode) {
      const query: QueryParams = { rest_route: options.path, ...options.query };
      return this.#transport.request({ ...options, path: this.#prefix, query });
    }
    return this.#transport.request({ ...options, path: this.#prefix + options.path });
  }
}

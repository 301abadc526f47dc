/** Sends requests relative to a resolved REST root, in path mode (`/wp-json/...`) or query mode (`?rest_route=`). */
import type { QueryParams, RequestOptions, Transport, TransportResponse } from '@viewlink/transport';

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

  /** The transport underneath (its redactor, error mapping). */
  get transport(): Transport {
    return this.#transport;
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

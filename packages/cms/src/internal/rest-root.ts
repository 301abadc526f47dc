/** Resolves the REST root once (given, or discovered from the site) and caches the connection. */
import { ConfigurationError, type Logger, refuseCredentialsInUrl } from '@viewlink/transport';
import { assertSecureForAuth } from '../core/auth.js';
import { Connection, type MakeTransport } from '../core/connection.js';
import { discoverRestRoot } from '../core/discovery.js';

/** What the resolver needs from the client. */
interface RestRootOptions {
  readonly baseUrl: URL;
  readonly restRoot: string | URL | undefined;
  /** Builds a transport for an absolute base URL (same options as the client's). */
  readonly makeTransport: MakeTransport;
  /** True when credentials are attached: a discovered plain-http root is then refused. */
  readonly secure: boolean;
  readonly logger: Logger | undefined;
}

/** Parses the `restRoot` option: absolute, or relative to `baseUrl`. */
function parseRestRoot(value: string | URL, baseUrl: URL): URL {
  // A number or an object would read as a relative path (`5` → `{baseUrl}/5/`).
  if (typeof value !== 'string' && !(value instanceof URL))
    throw new ConfigurationError('`restRoot` must be a URL or a path string');
  const text = String(value);
  let url: URL;
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(text)) url = new URL(text);
    else if (text.startsWith('/')) url = new URL(text, baseUrl.origin);
    else url = new URL(text, baseUrl.href.endsWith('/') ? baseUrl.href : `${baseUrl.href}/`);
  } catch {
    throw new ConfigurationError('`restRoot` is not a valid URL or path');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`\`restRoot\` must be an http(s) URL, got ${url.protocol}`);
  }
  refuseCredentialsInUrl(url, 'restRoot');
  // A new URL, not `url.pathname += '/'`: React Native's URL has no setters (it throws in strict code).
  if (!url.searchParams.has('rest_route') && !url.pathname.endsWith('/'))
    return new URL(`${url.origin}${url.pathname}/${url.search}${url.hash}`);
  return url;
}

/** Caches the REST root; a failed discovery is forgotten so the next call tries again. */
export class RestRootResolver {
  readonly #options: RestRootOptions;
  #pending: Promise<Connection> | undefined;
  #current: Connection | undefined;

  constructor(options: RestRootOptions) {
    this.#options = options;
    if (options.restRoot !== undefined) {
      const root = parseRestRoot(options.restRoot, options.baseUrl);
      this.#current = this.#connect(root);
      this.#pending = Promise.resolve(this.#current);
    }
  }

  #connect(root: URL): Connection {
    if (this.#options.secure) assertSecureForAuth(root, 'restRoot');
    return new Connection(this.#options.makeTransport, root);
  }

  /** The connection, once the REST root is known. */
  get current(): Connection | undefined {
    return this.#current;
  }

  /** The connection to the REST root, discovering it on first use. */
  resolve(signal?: AbortSignal): Promise<Connection> {
    if (this.#pending) return this.#pending;
    const { baseUrl, logger } = this.#options;
    const discovery = discoverRestRoot(this.#options.makeTransport(baseUrl.href), baseUrl, logger, signal).then(
      (root) => {
        this.#current = this.#connect(root);
        return this.#current;
      },
    );
    this.#pending = discovery;
    discovery.catch(() => {
      if (this.#pending === discovery) this.#pending = undefined;
    });
    return discovery;
  }
}

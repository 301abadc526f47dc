/** Builds the transport options, auth and REST-root resolution of a {@link CmsClient}. */
import type { RouteTable } from '@viewlink/schemas';
import {
  ConfigurationError,
  configAtCallSite,
  createTransport,
  type Logger,
  type MethodInvoker,
  refuseCredentialsInUrl,
  refuseUnknownClientOptions,
} from '@viewlink/transport';
import { assertSecureForAuth, type CmsAuth, resolveAuth } from '../core/auth.js';
import { createCompat, type FieldRenames, isCmsCompat, type RouteRule } from '../core/compat.js';
import { type CmsAuthKind, parseWordPressErrorFor } from '../core/errors.js';
import { Namespaces, WORDPRESS_NAMESPACES } from '../core/namespaces.js';
import type { CmsClientOptions, CmsTransportSettings } from '../core/options.js';
import type { RouteCaller, RouteGroupLoader, RouteRequesterDeps } from '../core/route-request.js';
import type { CmsRouteKey } from '../core/routes.js';
import type { CmsMethodDefinition } from '../resources/resource.js';
import { deprecationWarner } from './deprecation.js';
import { cmsInvoker } from './invoker.js';
import { RestRootResolver } from './rest-root.js';

/** The private state of a client; `R` its requester (a one-resource client's has no `split`/`raw`). */
export interface ClientCore<T extends RouteTable, R extends RouteCaller<T> = RouteCaller<T>> {
  readonly baseUrl: URL;
  readonly namespaces: Namespaces;
  readonly requester: R;
  readonly resolver: RestRootResolver;
  readonly logger: Logger | undefined;
  /** What every defined method of the client runs through. */
  readonly invoke: MethodInvoker<CmsRouteKey, CmsMethodDefinition>;
}

function parseBaseUrl(value: unknown): URL {
  if (typeof value !== 'string' && !(value instanceof URL)) {
    throw new ConfigurationError(
      `\`baseUrl\` must be a URL string, got ${value === undefined ? 'nothing' : typeof value}`,
    );
  }
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new ConfigurationError('`baseUrl` is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`\`baseUrl\` must be an http(s) URL, got ${url.protocol}`);
  }
  // Userinfo, a key or token in the query, a fragment: refused without echoing the value.
  refuseCredentialsInUrl(url, 'baseUrl');
  return url;
}

/** Which credentials `auth` sends (already checked by resolveAuth). */
function authKind(auth: CmsAuth | undefined): CmsAuthKind {
  if (auth === undefined) return 'none';
  if ('applicationPassword' in auth) return 'application-password';
  return 'nonce' in auth ? 'nonce' : 'hook';
}

/** The names of {@link CmsClientOptions} (the compiler keeps the list complete). */
export const CLIENT_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  baseUrl: true,
  restRoot: true,
  namespaces: true,
  compat: true,
  registeredMeta: true,
  auth: true,
  fetch: true,
  headers: true,
  dedupe: true,
  timeout: true,
  totalTimeout: true,
  retry: true,
  logger: true,
  validation: true,
} satisfies { readonly [Name in keyof Required<CmsClientOptions>]: true });

/** What a client's class tells {@link createClientCore} about itself. */
interface ClientSpec<T extends RouteTable, R extends RouteCaller<T>> {
  /** The client's class, named in errors of its options (`new PostsClient(): ...`). */
  readonly name: 'CmsClient' | 'PostsClient' | 'PagesClient';
  readonly table: T;
  readonly Requester: new (deps: RouteRequesterDeps<T>) => R;
  readonly rules: readonly RouteRule[];
  /** Needed when a rule renames fields (`CmsClient`'s); a posts or pages client has none to apply. */
  readonly renames?: FieldRenames | undefined;
  readonly methodName?: ((key: string) => string) | undefined;
  /** The spec's names added to responses under any profile (`CmsClient`: those of its loaded rules). */
  readonly specNames?: (<D>(key: string, data: D) => D) | undefined;
  /** Route groups loaded on first use (`CmsClient`'s): `table` and `rules` grow as they load. */
  readonly groups?: RouteGroupLoader | undefined;
}

/**
 * Validates the options and wires transport, auth, namespaces and the route requester. A
 * `ConfigurationError` is named at `callSite`, the constructor the caller wrote (`new PostsClient()`).
 * `methodName` names the user's method of a route key in ValidationErrors of calls by key
 * (`client.routes`, batch operations); defined methods are named at their call site anyway.
 * `Requester` is the requester's class: `CmsClient` needs `RouteRequester` (`request(key)`,
 * `requestRaw`, seo/forms), a one-resource client the leaner `RouteCaller`; `rules` the
 * `compat: 'wordpress'` rules of the routes the client serves.
 */
export function createClientCore<T extends RouteTable, R extends RouteCaller<T>>(
  options: CmsClientOptions,
  client: ClientSpec<T, R>,
  callSite = `new ${client.name}()`,
): ClientCore<T, R> {
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError(`${client.name} needs an options object: { baseUrl }`);
  refuseUnknownClientOptions(options, CLIENT_OPTION_NAMES, callSite);
  try {
    return buildClientCore(options, client);
  } catch (error) {
    // Named at the constructor the caller wrote, as the unknown-option check above is.
    throw configAtCallSite(error, callSite);
  }
}

/** {@link createClientCore} once the options are an object of known names: checks their values and wires the client. */
function buildClientCore<T extends RouteTable, R extends RouteCaller<T>>(
  options: CmsClientOptions,
  client: ClientSpec<T, R>,
): ClientCore<T, R> {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const auth = resolveAuth(options.auth);
  if (auth?.secure) assertSecureForAuth(baseUrl, 'baseUrl');
  if (options.compat !== undefined && !isCmsCompat(options.compat))
    throw new ConfigurationError(`\`compat\` must be 'spec' or 'wordpress', got ${JSON.stringify(options.compat)}`);
  const registeredMeta = options.registeredMeta;
  if (
    registeredMeta !== undefined &&
    (typeof registeredMeta !== 'object' ||
      registeredMeta === null ||
      Object.entries(registeredMeta).some(
        ([type, keys]) =>
          (type !== 'media' && type !== 'menu-items') ||
          (keys !== undefined && (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string'))),
      ))
  )
    throw new ConfigurationError(
      "`registeredMeta` must be an object like { media: ['credit'], 'menu-items': ['icon'] } (lists of meta keys)",
    );
  if (options.dedupe !== undefined && typeof options.dedupe !== 'boolean')
    throw new ConfigurationError(`\`dedupe\` must be true or false, got ${JSON.stringify(options.dedupe)}`);
  const { table, Requester, rules, renames, methodName, specNames, groups } = client;
  const compat = createCompat(options.compat, { registeredMeta, rules, renames });
  const namespaces = new Namespaces(compat ? { ...WORDPRESS_NAMESPACES, ...options.namespaces } : options.namespaces);
  const userFetch = options.fetch;
  if (userFetch !== undefined && typeof userFetch !== 'function')
    throw new ConfigurationError('`fetch` must be a function');
  const credentials = auth?.credentials;
  // Read the global lazily so interceptors installed after construction (msw) still apply.
  const fetchImpl: typeof globalThis.fetch | undefined = credentials
    ? (input, init) => (userFetch ?? globalThis.fetch)(input, { ...init, credentials })
    : userFetch;
  const given = options.headers;
  if (
    given !== undefined &&
    (typeof given !== 'object' || given === null || Object.values(given).some((v) => typeof v !== 'string'))
  )
    throw new ConfigurationError('`headers` must be an object of header names to string values');
  const staticHeaders = { ...given };
  // A 401 says which credentials to check (WordPress's own message reads as a permission problem).
  // The transport scrubs what the parser reads (code, message, params and `details`, deeply).
  const parseErrorBody = parseWordPressErrorFor(authKind(options.auth));
  const { timeout, totalTimeout, retry, logger, validation } = options;
  const transportSettings: Required<CmsTransportSettings> = { timeout, totalTimeout, retry, logger, validation };
  const makeTransport = (url: string, pathParam?: string) =>
    createTransport({
      baseUrl: url,
      pathParam,
      fetch: fetchImpl,
      ...transportSettings,
      headers: Object.keys(staticHeaders).length > 0 ? () => staticHeaders : undefined,
      // The credential of every attempt, through the pipeline's authorize stage.
      auth: auth?.strategy,
      secrets: auth?.secrets,
      parseErrorBody,
      client: 'cms',
    });
  // Fail fast on bad timeouts/retry/validation rather than at the first request.
  makeTransport(baseUrl.href);
  const resolver = new RestRootResolver({
    baseUrl,
    restRoot: options.restRoot,
    makeTransport,
    secure: auth?.secure ?? false,
    logger: options.logger,
  });
  const requester = new Requester({
    table,
    namespaces,
    connect: (signal) => resolver.resolve(signal),
    connected: () => resolver.current,
    compat,
    // Spec names on responses under any profile: `CmsClient`'s (those of its loaded rules); a
    // posts or pages client has none, as its rules rename nothing.
    methodName,
    specNames,
    groups,
    // A hook may give each call another user's credential: shared answers only when told so.
    dedupe: options.dedupe ?? authKind(options.auth) !== 'hook',
  });
  return {
    baseUrl,
    namespaces,
    requester,
    resolver,
    logger: options.logger,
    invoke: cmsInvoker(requester, deprecationWarner(options.logger)),
  };
}

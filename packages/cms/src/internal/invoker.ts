/**
 * The CMS client's invoker: what each call of a defined method does. One call through the route
 * requester resolving its validated data; a paginated list (`kind: 'pages'`); a flat input
 * (seo/forms) split by the route's schemas first; or the definition's own `run` step.
 */
import type { RouteTable } from '@viewlink/schemas';
import {
  type APIError,
  apiErrorFor,
  atCallSite,
  type MethodCall,
  type MethodInvoker,
  NotFoundError,
  PermissionDeniedError,
  type RouteCallInput,
} from '@viewlink/transport';
import { checkCallOptions } from '../core/call-options.js';
import { PagePromise } from '../core/pagination.js';
import {
  callOptions,
  type RequestCallOptions,
  type RouteCaller,
  type RouteRequester,
  type RouteResponse,
} from '../core/route-request.js';
import type { CmsRouteKey } from '../core/routes.js';
import type { CmsMethodDefinition, MethodSupport } from '../resources/resource.js';

type CmsCall = MethodCall<CmsRouteKey, CmsMethodDefinition>;
/** One route call, its whole response (a list's pagination is in the headers). */
type Respond = (route: string, input: RouteCallInput, options: RequestCallOptions) => Promise<RouteResponse<unknown>>;

/**
 * The invoker of a client whose requester serves `table` (the CMS table, or the slice of a
 * one-resource client). Flat inputs (seo/forms) need the requester's `split`, which only
 * `CmsClient`'s `RouteRequester` has; a one-resource client has no such methods.
 */
export function cmsInvoker<T extends RouteTable>(
  requester: RouteCaller<T> & Partial<Pick<RouteRequester<T>, 'split'>>,
  deprecated: (message: string) => void,
): MethodInvoker<CmsRouteKey, CmsMethodDefinition> {
  const keyOf = (route: string): keyof T & string => {
    // A definition naming a route its client does not serve is a bug of the client, not of the caller.
    if (!requester.has(route)) throw new TypeError(`${route} is not a route of this client`);
    return route;
  };
  const respond: Respond = (route, input, options) => requester.send(keyOf(route), input, options);
  const send = (route: string, input: RouteCallInput, options: RequestCallOptions): Promise<unknown> =>
    respond(route, input, options).then(dataOf);
  const support: MethodSupport = {
    send,
    prepare: (route, input) => requester.routes.prepare(keyOf(route), input),
    sendAsText: (prepared, options) => requester.routes.send(prepared, { ...options, responseType: 'text' }),
    restRoot: async (signal) => (await requester.connect(signal)).root,
    deprecated,
  };
  const invoke = (call: CmsCall): unknown => {
    const { route, kind, run } = call.definition;
    if (run !== undefined) return run(call, support);
    const options = callOptions(call.options, call.callSite);
    const { refused } = call.definition;
    if (kind === 'pages') return paginate(respond, route, call.input, options, call.callSite, refused);
    if (call.flat === undefined) {
      const sent = send(route, call.input, options);
      return refused === undefined
        ? sent
        : sent.catch((error) => Promise.reject(explained(error, call.callSite, refused)));
    }
    const key = keyOf(route);
    if (requester.split === undefined) throw new TypeError(`${route} takes a flat input this client cannot split`);
    return requester.call(key, requester.split(key, call.flat), options).then(
      (response) => response.data,
      (error: unknown) => Promise.reject(withoutPlugin(error, call.callSite, route)),
    );
  };
  return (call: CmsCall): unknown => {
    try {
      checkCallOptions(call.options, call.definition.optionNames, call.callSite);
    } catch (error) {
      // A list refused before it starts is a list all the same: awaited, `.all()`, `.pages()` or
      // `for await`, it rejects with the refusal (a plain rejected promise has no `.all()`).
      if (call.definition.kind === 'pages')
        return new PagePromise(() => Promise.reject(error), 1, undefined, call.callSite);
      throw error;
    }
    // A route group loaded on first use is loaded before a step of its own or a flat input
    // (both prepare synchronously); a list's pages load it as they are sent.
    const loading = call.definition.kind === 'pages' ? undefined : requester.loading(call.definition.route);
    return loading === undefined ? invoke(call) : loading.then(() => invoke(call));
  };
}

/**
 * A 403 with what else it can mean (the definition's `refused`), as
 * `templates.revisions.list(): 403 Sorry, you are not allowed ... (GET url)`; anything else as it is.
 * Rebuilt from the error's fields and the server's own message (`serverMessage`, redacted), so
 * nothing reads the transport's message format apart.
 */
function explained(error: unknown, callSite: string, refused: string | undefined): unknown {
  if (refused === undefined || !(error instanceof PermissionDeniedError)) return error;
  return withHint(error, callSite, refused);
}

/** The same error, led by the call site (as every error of a call), the server's own message and `hint` after it. */
function withHint(error: APIError, callSite: string, hint: string): APIError {
  const { status, code, method, url, params, details, requestId, serverMessage } = error;
  return apiErrorFor({
    status,
    code,
    method,
    url,
    callSite,
    params,
    details,
    requestId,
    message: `${(serverMessage ?? `HTTP ${status}`).trimEnd()} ${hint}`,
  });
}

/** The plugin serving each tool namespace on a stock WordPress, for a 404 `rest_no_route` there. */
const PLUGINS: Readonly<Record<string, string>> = {
  seo: "Yoast SEO's yoast/v1",
  forms: "WPForms' wpforms/v1",
};

/**
 * A seo/forms call answered 404 `rest_no_route`: the site lacks the namespace (the plugin is not
 * active), which "No route was found" does not say. Anything else as it is.
 */
function withoutPlugin(error: unknown, callSite: string, route: string): unknown {
  if (!(error instanceof NotFoundError) || error.code !== 'rest_no_route') return error;
  const namespace = /^[A-Z]+ \/(seo|forms)\/v1\//.exec(route)?.[1];
  if (namespace === undefined) return error;
  return withHint(
    error,
    callSite,
    `The site serves no ${namespace}/v1 routes (${PLUGINS[namespace]} on a stock WordPress): is the plugin active? \`await cms.discover()\` lists the namespaces a site lacks (\`missingNamespaces\`).`,
  );
}

/** The validated body of a response. */
const dataOf = (response: RouteResponse<unknown>): unknown => response.data;

/** A lazily fetched, paginated list: page 1 as the query says (WordPress's default), then `page: n`. */
function paginate(
  respond: Respond,
  route: string,
  input: RouteCallInput,
  options: RequestCallOptions,
  callSite: string,
  refused?: string,
): PagePromise<unknown> {
  const query: { readonly page?: unknown } | undefined =
    typeof input.query === 'object' && input.query !== null ? input.query : undefined;
  const first = typeof query?.page === 'number' ? query.page : 1;
  return new PagePromise<unknown>(
    async (page, signal) => {
      const paged = query?.page === undefined && page === 1 ? input : { ...input, query: { ...query, page } };
      try {
        const { data, headers, request } = await respond(route, paged, signal ? { ...options, signal } : options);
        return { data: Array.isArray(data) ? data : [], headers, request };
      } catch (error) {
        throw explained(atCallSite(error, callSite), callSite, refused);
      }
    },
    first,
    options.signal,
    callSite,
  );
}

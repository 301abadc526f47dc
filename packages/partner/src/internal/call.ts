/**
 * The partner's route client: `partnerRoutes` through the transport's `RouteClient` (prepare ->
 * authorize -> send -> parse). What the partner plugs in: each route's response schema compiled
 * by zod (compiledValidator), labels from the route's operationId, and the configured renewal
 * call in place of the table's `POST /v1/auth/token/refresh`. Credentials are per call: the API
 * Key strategy on token routes, a user's strategy (session.ts) on user routes. Endpoints stay data.
 */
import { compiledValidator, type OutputOf, partnerRoutes, type RouteDef } from '@viewlink/schemas';
import {
  atCallSite,
  createRouteClient,
  type PreparedRequest,
  type RouteCallInput,
  type RouteClient,
  type RouteSender,
  type RouteSpec,
  type StandardSchema,
} from '@viewlink/transport';
import type { RenewalOptions } from '../core/options.js';
import { PARTNER_METHOD_NAMES } from './method-names.js';

/** Route keys of the Partner API. */
export type PartnerRouteKey = keyof typeof partnerRoutes;
/** Validated response type of a route. */
export type RouteOutput<K extends PartnerRouteKey> = OutputOf<(typeof partnerRoutes)[K]['response']>;
/** Validated response type of each route. */
type PartnerOutputs = { readonly [K in PartnerRouteKey]: RouteOutput<K> };
/** The partner's route client. */
export type PartnerRoutes = RouteClient<typeof partnerRoutes, PartnerOutputs>;

/** The renewal route, whose method, path and body a client may configure (`renewal`). */
export const RENEWAL_KEY = 'POST /v1/auth/token/refresh';

/** The pipeline's view of a table route: its inputs as declared, its response checked by the compiled validator. */
function specOf(route: RouteDef): RouteSpec {
  return {
    method: route.method,
    path: route.path,
    params: route.params as StandardSchema | undefined,
    query: route.query as StandardSchema | undefined,
    body: route.body as StandardSchema | undefined,
    response: compiledValidator(route.response) as StandardSchema,
  };
}

/**
 * The partner's route client over `sender`. `renewal` (a client's `renewal` option) replaces the
 * method and path of the renewal route; its body is then whatever the configured function builds.
 */
export function partnerRouteClient(sender: RouteSender, renewal?: RenewalOptions): PartnerRoutes {
  return createRouteClient<typeof partnerRoutes, PartnerOutputs>({
    routes: partnerRoutes,
    sender,
    spec: (route, key) => {
      const spec = specOf(route);
      if (key !== RENEWAL_KEY || renewal === undefined) return spec;
      const custom = renewal.body !== undefined;
      return {
        ...spec,
        method: renewal.method ?? spec.method,
        path: renewal.path ?? spec.path,
        // A custom body is the partner's own shape: sent as built.
        body: custom ? undefined : spec.body,
      };
    },
    // Errors name the method the user called, not the operationId (`user.watchlist()`).
    settings: (_route, key) => {
      const method = PARTNER_METHOD_NAMES[key];
      return { labels: { params: method, query: method, body: method } };
    },
  });
}

/**
 * `routes.prepare(key, input)`, its `ValidationError` naming `callSite` when that is not the
 * route's own method (`user.history.entries()` reads pages too).
 */
export function prepareAt<K extends PartnerRouteKey>(
  routes: PartnerRoutes,
  key: K,
  input: RouteCallInput,
  callSite: string,
): PreparedRequest<PartnerOutputs[K]> {
  try {
    return routes.prepare(key, input);
  } catch (error) {
    throw atCallSite(error, callSite);
  }
}

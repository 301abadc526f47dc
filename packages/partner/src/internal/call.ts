/**
 * Calls one route of `partnerRoutes` through the transport's pipeline: caller input checked
 * against the route's schemas before anything is sent (prepare), the user's token put on each
 * attempt and renewed once on 401 (authorize, an AuthStrategy from session.ts), the response
 * validated by the route's response schema (parse). Endpoints stay data.
 */
import { compiledValidator, type OutputOf, partnerRoutes, type RouteDef } from '@viewlink/schemas';
import {
  type AuthStrategy,
  CompiledRoute,
  type HeaderRecord,
  type PreparedRequest,
  type RouteCallInput,
  type RouteSpec,
  type StandardSchema,
  type Transport,
  ValidationError,
} from '@viewlink/transport';
import { PARTNER_METHOD_NAMES } from './method-names.js';

/** Route keys of the Partner API. */
export type PartnerRouteKey = keyof typeof partnerRoutes;
/** Validated response type of a route. */
export type RouteOutput<K extends PartnerRouteKey> = OutputOf<(typeof partnerRoutes)[K]['response']>;

/** What one call carries. */
export interface CallInput {
  readonly query?: unknown;
  readonly body?: unknown;
  readonly headers?: HeaderRecord | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** A prepared call: input already validated, ready to send (the pipeline may replay it once after a renewal). */
export interface PreparedCall<K extends PartnerRouteKey> {
  /** Sends through `transport`, with `auth` putting the credential on each attempt. */
  send(transport: Transport, auth?: AuthStrategy): Promise<RouteOutput<K>>;
}

/** A validated call; a class rather than a closure per call (reads are the hot path). */
class PreparedRouteCall<K extends PartnerRouteKey> implements PreparedCall<K> {
  // Private: a call may carry per-call headers, which must not show up if the object is logged.
  readonly #request: PreparedRequest;
  readonly #input: CallInput;

  constructor(request: PreparedRequest, input: CallInput) {
    this.#request = request;
    this.#input = input;
  }

  async send(transport: Transport, auth?: AuthStrategy): Promise<RouteOutput<K>> {
    const request = this.#request;
    const response = await transport.request({
      method: request.method,
      path: request.path,
      query: request.query,
      json: request.json,
      schema: request.schema,
      headers: this.#input.headers,
      signal: this.#input.signal,
      auth,
      route: request.route,
    });
    return response.data as RouteOutput<K>;
  }
}

/** Each route compiled once, on its first call: its response schema compiled by zod (compiledValidator). */
const compiledRoutes = new Map<PartnerRouteKey, CompiledRoute>();

function compiledRoute(key: PartnerRouteKey): CompiledRoute {
  let compiled = compiledRoutes.get(key);
  if (!compiled) {
    const route: RouteDef = partnerRoutes[key];
    const spec: RouteSpec = {
      method: route.method,
      path: route.path,
      params: route.params as StandardSchema | undefined,
      query: route.query as StandardSchema | undefined,
      body: route.body as StandardSchema | undefined,
      response: compiledValidator(route.response) as StandardSchema,
    };
    // Errors name the method the user called, not the operationId (`user.watchlist()`).
    const method = PARTNER_METHOD_NAMES[key];
    compiled = new CompiledRoute(spec, { labels: { params: method, query: method, body: method } });
    compiledRoutes.set(key, compiled);
  }
  return compiled;
}

/**
 * Validates the input of a route now (throws `ValidationError` naming the path, nothing sent)
 * and returns the call, ready to send. `callSite` names the method the user called when it is
 * not the route's own (`user.history.entries()` reads pages too).
 */
export function prepare<K extends PartnerRouteKey>(key: K, input: CallInput = {}, callSite?: string): PreparedCall<K> {
  try {
    return new PreparedRouteCall<K>(compiledRoute(key).prepare(input), input);
  } catch (error) {
    if (callSite !== undefined && error instanceof ValidationError) throw new ValidationError(callSite, error.issues);
    throw error;
  }
}

/**
 * Validates the input of a route now and returns the request to send, for calls that need more
 * than `send` gives (a data-file download: raw response, `Range` headers, its own timeouts).
 */
export function prepareRequest(key: PartnerRouteKey, input: RouteCallInput): PreparedRequest {
  return compiledRoute(key).prepare(input);
}

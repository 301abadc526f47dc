/**
 * Calls one route of `partnerRoutes`: caller input checked against the route's schemas before
 * anything is sent, the response validated by the route's response schema. Endpoints stay data.
 */
import { compiledValidator, type OutputOf, partnerRoutes, type RouteDef } from '@viewlink/schemas';
import {
  type HeaderRecord,
  parseInput,
  type QueryParams,
  type StandardSchema,
  type Transport,
} from '@viewlink/transport';

type Schema = StandardSchema<unknown, unknown>;

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

/** A prepared call: input already validated, ready to send (possibly twice, after a renewal). */
export interface PreparedCall<K extends PartnerRouteKey> {
  send(transport: Transport, headers: HeaderRecord): Promise<RouteOutput<K>>;
}

/** A validated call; a class rather than a closure per call (reads are the hot path). */
class PreparedRouteCall<K extends PartnerRouteKey> implements PreparedCall<K> {
  // Private: a call may carry per-call headers, which must not show up if the object is logged.
  readonly #route: RouteDef;
  readonly #query: QueryParams | undefined;
  readonly #body: unknown;
  readonly #input: CallInput;
  readonly #responseSchema: Schema;

  constructor(route: RouteDef, query: QueryParams | undefined, body: unknown, input: CallInput, response: Schema) {
    this.#route = route;
    this.#query = query;
    this.#body = body;
    this.#input = input;
    this.#responseSchema = response;
  }

  async send(transport: Transport, headers: HeaderRecord): Promise<RouteOutput<K>> {
    const input = this.#input;
    const response = await transport.request({
      method: this.#route.method,
      path: this.#route.path,
      query: this.#query,
      json: this.#body,
      headers: input.headers === undefined ? headers : { ...headers, ...input.headers },
      signal: input.signal,
      schema: this.#responseSchema,
    });
    return response.data as RouteOutput<K>;
  }
}

/** Each route's response schema compiled by zod (compiledValidator), resolved on the route's first call. */
const responseSchemas = new Map<PartnerRouteKey, Schema>();

function responseSchemaOf(key: PartnerRouteKey, route: RouteDef): Schema {
  let schema = responseSchemas.get(key);
  if (!schema) {
    schema = compiledValidator(route.response) as Schema;
    responseSchemas.set(key, schema);
  }
  return schema;
}

/**
 * Validates the input of a route now (throws `ValidationError` naming the path, nothing sent)
 * and returns a function that sends it.
 */
export function prepare<K extends PartnerRouteKey>(key: K, input: CallInput = {}): PreparedCall<K> {
  const route: RouteDef = partnerRoutes[key];
  // Inputs are copied by zod now: they are sent later (again after a renewal), whatever the caller does meanwhile.
  const query = route.query
    ? (parseInput(route.query as Schema, input.query ?? {}, `${route.operationId} query`) as QueryParams)
    : undefined;
  const body = route.body ? parseInput(route.body as Schema, input.body ?? {}, `${route.operationId} body`) : undefined;
  return new PreparedRouteCall<K>(route, query, body, input, responseSchemaOf(key, route));
}

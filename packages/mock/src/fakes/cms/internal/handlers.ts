/**
 * The CMS fake's route handlers read the router's validated inputs as plain records, shaped as
 * each module needs them. `handlers()` turns such a table into router implementations: each input
 * is narrowed by a type guard (the router parsed it with the route's schemas first), so no handler
 * table is cast to the router's type.
 */
import type { RouteDef } from '@viewlink/schemas';
import type { RouteImplementation, RouteRequest } from '../../../core/router.js';

/** The router's inputs as records: a missing or non-object input reads as `{}`. */
export interface HandlerArgs {
  readonly params: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: Readonly<Record<string, unknown>>;
  readonly request: Request;
  readonly url: URL;
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

const recordOf = (value: unknown): Readonly<Record<string, unknown>> => (isRecord(value) ? value : EMPTY);

/** The inputs of one routed request as {@link HandlerArgs}. */
function argsOf(request: RouteRequest<RouteDef>): HandlerArgs {
  return {
    params: recordOf(request.params),
    query: recordOf(request.query),
    body: recordOf(request.body),
    request: request.request,
    url: request.url,
  };
}

/**
 * Router implementations of `table`, keyed like it; `shape` turns {@link HandlerArgs} into the
 * arguments the handlers read (string or number fields picked out where they need them).
 */
export function handlers<A>(
  table: Readonly<Record<string, (args: A) => Response | Promise<Response>>>,
  shape: (args: HandlerArgs) => A,
): Record<string, RouteImplementation<RouteDef>> {
  const out: Record<string, RouteImplementation<RouteDef>> = {};
  for (const [key, handle] of Object.entries(table)) out[key] = (request) => handle(shape(argsOf(request)));
  return out;
}

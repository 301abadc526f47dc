/**
 * Turns a route-table fragment into an object of typed methods, named from each route's
 * operationId without the namespace prefix and, when present, the group's name
 * (`seoAiGetSuggestions` in group `Ai` → `getSuggestions`; `seoIndexPosts` → `indexPosts`).
 * Each method takes the route's flat input (path parameters, query and body fields merged),
 * validated before sending like every other method of the client.
 */
import type { RouteDef, RouteTable } from '@viewlink/schemas';
import type { RequestCallOptions, RouteInput, RouteOutput } from '../../core/route-request.js';
import type { CmsRequester, CmsRouteKey } from '../../internal/routes.js';

/** `getSuggestions` from `seoAiGetSuggestions`, namespace prefix `seo` and group `Ai`. */
export type MethodName<Op extends string, Ns extends string, G extends string> = Op extends `${Ns}${G}${infer Rest}`
  ? Rest extends ''
    ? Uncapitalize<G>
    : Uncapitalize<Rest>
  : Op extends `${Ns}${infer Rest}`
    ? Uncapitalize<Rest>
    : Op;

/** Arguments of a generated method: the input may be omitted when every field is optional. */
export type MethodArgs<R extends RouteDef> =
  {} extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: RequestCallOptions]
    : [input: RouteInput<R>, options?: RequestCallOptions];

/** The typed methods of a route-table fragment. */
export type RouteGroup<T extends RouteTable, Ns extends string, G extends string> = {
  readonly [K in keyof T & string as MethodName<T[K]['operationId'], Ns, G>]: (
    ...args: MethodArgs<T[K]>
  ) => Promise<RouteOutput<T[K]>>;
};

/** Builds the methods of `table` over the client's requester. */
export function routeGroup<T extends RouteTable, Ns extends string, G extends string>(
  requester: CmsRequester,
  table: T,
  namespace: Ns,
  groupName: G,
): RouteGroup<T, Ns, G> {
  const group: Record<string, unknown> = {};
  for (const [key, route] of Object.entries(table)) {
    let rest = route.operationId.startsWith(namespace) ? route.operationId.slice(namespace.length) : route.operationId;
    if (rest.startsWith(groupName) && rest !== groupName) rest = rest.slice(groupName.length);
    const name = rest.charAt(0).toLowerCase() + rest.slice(1);
    // Two routes may not share a name: the types would hide one of them.
    if (name in group) throw new TypeError(`Two routes of ${namespace}${groupName} are both named ${name}`);
    const routeKey = key as CmsRouteKey;
    const method = async (input?: Record<string, unknown>, options?: RequestCallOptions) => {
      const call = requester.split(routeKey, input ?? {});
      return (await requester.call(routeKey, call, options)).data;
    };
    // The route key, for docs, logs and tests that walk every method.
    group[name] = Object.assign(method, { routeKey });
  }
  return Object.freeze(group) as RouteGroup<T, Ns, G>;
}

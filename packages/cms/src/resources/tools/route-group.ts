/**
 * Turns a route-table fragment into an object of typed methods, named from each route's
 * operationId without the namespace prefix and, when present, the group's name
 * (`seoAiGetSuggestions` in group `Ai` → `getSuggestions`; `seoIndexPosts` → `indexPosts`).
 * Each method takes the route's flat input (path parameters, query and body fields merged),
 * validated before sending like every other method of the client.
 */
import type { InputOf, RouteDef, RouteTable } from '@viewlink/schemas';
import type { RequestCallOptions, RouteInput, RouteOutput } from '../../core/route-request.js';
import { atCallSite } from '../../internal/method-names.js';
import type { CmsRequester, CmsRouteKey } from '../../internal/routes.js';

/**
 * `getSuggestions` from `seoAiGetSuggestions`, namespace prefix `seo` and group `Ai`: the rule
 * the runtime and the generated `*Methods` interfaces follow (a type test checks they agree).
 */
export type MethodName<Op extends string, Ns extends string, G extends string> = Op extends `${Ns}${G}${infer Rest}`
  ? Rest extends ''
    ? Uncapitalize<G>
    : Uncapitalize<Rest>
  : Op extends `${Ns}${infer Rest}`
    ? Uncapitalize<Rest>
    : Op;

/**
 * The flat input of a generated method: the schema's own named type when one part (query or
 * body) holds all of it, so the editor shows `input: SeoAiSuggestionsBody`; else path parameters,
 * query and body fields merged ({@link RouteInput}).
 */
export type MethodInput<R extends RouteDef> = R extends { readonly params: object }
  ? RouteInput<R>
  : R extends { readonly query: object }
    ? R extends { readonly body: object }
      ? RouteInput<R>
      : InputOf<R['query']>
    : R extends { readonly body: object }
      ? InputOf<R['body']>
      : RouteInput<R>;

/** Arguments of a generated method: the input may be omitted when every field is optional. */
export type MethodArgs<R extends RouteDef> =
  {} extends MethodInput<R>
    ? [input?: MethodInput<R>, options?: RequestCallOptions]
    : [input: MethodInput<R>, options?: RequestCallOptions];

/**
 * The typed methods of a route-table fragment `T`, named by `M` (method name to route key,
 * generated from the same operationIds as the runtime names, e.g. `SeoAiMethods`). Mapped over
 * `M`'s own keys, so each method carries `M`'s doc comment: the route's summary, in the editor.
 */
export type RouteGroup<T extends RouteTable, M extends { readonly [Name in keyof M]: keyof T }> = {
  readonly [Name in keyof M]: (...args: MethodArgs<T[M[Name]]>) => Promise<RouteOutput<T[M[Name]]>>;
};

/** Builds the methods of `table` over the client's requester. */
export function routeGroup<T extends RouteTable, M extends { readonly [Name in keyof M]: keyof T }>(
  requester: CmsRequester,
  table: T,
  namespace: string,
  groupName: string,
): RouteGroup<T, M> {
  const group: Record<string, unknown> = {};
  for (const [key, route] of Object.entries(table)) {
    let rest = route.operationId.startsWith(namespace) ? route.operationId.slice(namespace.length) : route.operationId;
    if (rest.startsWith(groupName) && rest !== groupName) rest = rest.slice(groupName.length);
    const name = rest.charAt(0).toLowerCase() + rest.slice(1);
    // Two routes may not share a name: the types would hide one of them.
    if (name in group) throw new TypeError(`Two routes of ${namespace}${groupName} are both named ${name}`);
    const routeKey = key as CmsRouteKey;
    // `seo.ai.getSuggestions()`: how a ValidationError names the call.
    const callSite = `${namespace}.${groupName.charAt(0).toLowerCase()}${groupName.slice(1)}.${name}()`;
    const method = async (input?: Record<string, unknown>, options?: RequestCallOptions) => {
      try {
        const call = requester.split(routeKey, input ?? {});
        return (await requester.call(routeKey, call, options)).data;
      } catch (error) {
        throw atCallSite(error, callSite);
      }
    };
    // The route key, for docs, logs and tests that walk every method.
    group[name] = Object.assign(method, { routeKey });
  }
  return Object.freeze(group) as RouteGroup<T, M>;
}

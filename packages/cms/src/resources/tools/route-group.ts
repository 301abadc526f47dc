/**
 * Turns a route-table fragment into an object of typed methods, named from each route's
 * operationId without the namespace prefix and, when present, the group's name
 * (`seoAiGetSuggestions` in group `Ai` → `getSuggestions`; `seoIndexPosts` → `indexPosts`).
 * Each method takes the route's flat input (path parameters, query and body fields merged),
 * validated before sending like every other method of the client. The methods are built by the
 * transport's `defineMethods`, like every resource's.
 */
import type { InputOf, RouteDef, RouteTable } from '@viewlink/schemas';
import { defineMethods, type MethodDefinitions } from '@viewlink/transport';
import type { RequestCallOptions, RouteInput, RouteOutput } from '../../core/route-request.js';
import type { CmsRouteKey } from '../../core/routes.js';
import { groupOf } from '../../internal/group-of.js';
import type { CmsMethodDefinition, ResourceContext } from '../resource.js';

/**
 * True for a key whose path a group of the CMS table has (seo/v1 and forms/v1 fragments are
 * parts of it: seo-forms.test.ts calls every one). Read from the path, not from `cmsRoutes`, so
 * these methods, loaded on first use, do not bring every table with them.
 */
function isCmsRouteKey(key: string): key is CmsRouteKey {
  return groupOf(key) !== undefined;
}

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

/**
 * The definitions of a route-table fragment's methods: one per route, named from its operationId,
 * taking the flat input (split by the route's schemas when called).
 * @throws TypeError when two routes of the fragment would get the same name (a bug of the table).
 */
function groupDefinitions<T extends RouteTable, M extends { readonly [Name in keyof M]: keyof T }>(
  table: T,
  namespace: string,
  groupName: string,
): MethodDefinitions<RouteGroup<T, M>, CmsRouteKey, CmsMethodDefinition> {
  const definitions: Record<string, CmsMethodDefinition> = {};
  for (const [key, route] of Object.entries(table)) {
    let rest = route.operationId.startsWith(namespace) ? route.operationId.slice(namespace.length) : route.operationId;
    if (rest.startsWith(groupName) && rest !== groupName) rest = rest.slice(groupName.length);
    const name = rest.charAt(0).toLowerCase() + rest.slice(1);
    // Two routes may not share a name: the types would hide one of them.
    if (name in definitions) throw new TypeError(`Two routes of ${namespace}${groupName} are both named ${name}`);
    if (!isCmsRouteKey(key)) throw new TypeError(`${key} is not a route of the CMS table`);
    definitions[name] = { route: key, args: ['input'] };
  }
  // The names come from the operationIds by the rule `M` was generated with (a type test checks
  // they agree); a loop over a table cannot show TypeScript that it made exactly `M`'s keys.
  return definitions as MethodDefinitions<RouteGroup<T, M>, CmsRouteKey, CmsMethodDefinition>;
}

/** Builds the methods of `table` over the client's invoker: `seo.ai.getSuggestions(input)`. */
export function routeGroup<T extends RouteTable, M extends { readonly [Name in keyof M]: keyof T }>(
  context: ResourceContext,
  table: T,
  namespace: string,
  groupName: string,
): RouteGroup<T, M> {
  return defineMethods<RouteGroup<T, M>, CmsRouteKey, CmsMethodDefinition>(
    groupDefinitions<T, M>(table, namespace, groupName),
    context.invoke,
    `${namespace}.${groupName.charAt(0).toLowerCase()}${groupName.slice(1)}`,
  );
}

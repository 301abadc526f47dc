/**
 * `@viewlink/cms/query`: TanStack Query 5 options for every read of a CMS client, with stable,
 * documented query keys and invalidation helpers for writes and batches. Framework-free: the
 * factories return plain `{ queryKey, queryFn }` objects (what `queryOptions` returns), so they
 * work with `useQuery`, `useSuspenseQuery`, `queryClient.fetchQuery`/`prefetchQuery` of any
 * adapter (React, Vue, Solid, Svelte, Angular). `@tanstack/query-core` is an optional peer, used
 * for types only: nothing of TanStack Query is imported at run time.
 *
 * Query keys (docs/cms-query.md): `['@viewlink/cms', site, resource, ...]`, where `site` is the
 * client's base URL, so two sites never share a cache entry:
 * - list: `[root, site, resource, 'list', query]`, infinite: `[root, site, resource, 'list', 'infinite', query]`
 * - get: `[root, site, resource, 'item', id, 'get', query]`
 * - revisions/autosaves: `[root, site, resource, 'item', parent, 'revisions' | 'autosaves', 'list', query]`
 *   and `[..., 'revisions' | 'autosaves', 'get', id, query]`
 * - oEmbed: `[root, site, 'oembed', 'embed' | 'proxy', query]`; site index: `[root, site, 'site', 'index', query]`
 * - any read by route key: `[root, site, 'request', key, input]`
 * A missing query is `{}`. TanStack hashes keys with sorted object keys, so the order of a
 * query's fields does not matter.
 * @packageDocumentation
 */
export * from './query/tanstack.js';

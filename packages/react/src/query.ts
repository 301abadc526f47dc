/**
 * `@viewlink/react/query`: the Viewlink reads as TanStack Query 5 query options (what
 * `queryOptions()` returns, keys tagged with their data type), so the app's own `QueryClient`
 * caches them (no cache of our own). `useQuery(watchlistQuery(useViewlink()))`; pass the
 * `QueryClient` to `<ViewlinkProvider queryClient>` and a finished connect or refresh invalidates
 * what it changed. TanStack Query is only a type import here: nothing of it is loaded at run time.
 * @packageDocumentation
 */
export { type ViewlinkQueryKey, viewlinkKeys } from './keys.js';
export {
  accountsQuery,
  type ReadSdk,
  type ServiceInfo,
  type ServicesSdk,
  servicesQuery,
  type ViewlinkQueryOptions,
  type ViewlinkReader,
  watchlistQuery,
} from './query-options.js';

/**
 * The Viewlink reads as TanStack Query 5 query options (`watchlistQuery`, `accountsQuery`,
 * `servicesQuery`): what `queryOptions()` returns, keys tagged with their data type. Types only from TanStack.
 */
import type { DataTag } from '@tanstack/react-query';
import type { LinkedAccount, ServiceEntry, Watchlist } from '@viewlink/web';
import { viewlinkKeys } from './keys.js';

/** What the factories need: `useViewlink()` returns it. */
export interface ViewlinkReader<S> {
  /** The initialized SDK (asks the provider's `getTokens()` for the first pair). */
  ready(): Promise<S>;
}

/** The part of the SDK the reads use. */
export interface ReadSdk {
  /** `GET /v1/user/watchlist`. */
  watchlist(): Promise<Watchlist>;
  /** `GET /v1/user/accounts`. */
  accounts(): Promise<LinkedAccount[]>;
}

/**
 * A supported streaming service, as `SDK.services()` lists it.
 * @deprecated The web SDK's own type: use `ServiceEntry` from `@viewlink/web`.
 */
export type ServiceInfo = ServiceEntry;

/** An SDK with `services()`, as `@viewlink/web`'s. */
export interface ServicesSdk {
  /** The supported streaming services, each with `linkable` on this device. */
  services(): Promise<ServiceEntry[]>;
}

/** Query options of one read, as TanStack's `queryOptions()` returns them: `useQuery`, `prefetchQuery`, `getQueryData` infer `T`. */
export interface ViewlinkQueryOptions<T, K extends readonly unknown[]> {
  /** The read's key, tagged with its data type. */
  readonly queryKey: DataTag<K, T, Error>;
  /** Reads through the initialized SDK. */
  readonly queryFn: () => Promise<T>;
  /** How long the answer counts as fresh (ms); TanStack's default (0) when absent. */
  readonly staleTime?: number;
}

/** Tags `key` with the type of its data (type level only: `queryOptions()` does no more). */
const tagged = <T, K extends readonly unknown[]>(key: K) => key as DataTag<K, T, Error>;

/** `GET /v1/user/watchlist` as query options: `useQuery(watchlistQuery(useViewlink()))`. */
export function watchlistQuery<S extends ReadSdk>(
  viewlink: ViewlinkReader<S>,
): ViewlinkQueryOptions<Watchlist, typeof viewlinkKeys.watchlist> {
  return {
    queryKey: tagged(viewlinkKeys.watchlist),
    queryFn: async () => (await viewlink.ready()).watchlist(),
  };
}

/**
 * `GET /v1/user/accounts` as query options. Reading them emits the SDK's `broken` event for each
 * account that became broken.
 */
export function accountsQuery<S extends ReadSdk>(
  viewlink: ViewlinkReader<S>,
): ViewlinkQueryOptions<LinkedAccount[], typeof viewlinkKeys.accounts> {
  return {
    queryKey: tagged(viewlinkKeys.accounts),
    queryFn: async () => (await viewlink.ready()).accounts(),
  };
}

/** The supported streaming services as query options (they change rarely: an hour fresh). */
export function servicesQuery<S extends ServicesSdk>(
  viewlink: ViewlinkReader<S>,
): ViewlinkQueryOptions<ServiceEntry[], typeof viewlinkKeys.services> {
  return {
    queryKey: tagged(viewlinkKeys.services),
    queryFn: async () => (await viewlink.ready()).services(),
    staleTime: 60 * 60_000,
  };
}

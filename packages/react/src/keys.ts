/** The query keys of the Viewlink reads, shared by the hooks (invalidation) and `@viewlink/react/query`. */

/**
 * Query keys under one root, so `invalidateQueries({ queryKey: viewlinkKeys.all })` clears every read.
 * In a server component import it from `@viewlink/react/query`: `@viewlink/react` is a `"use client"`
 * module, so there its `viewlinkKeys` is a client reference and `viewlinkKeys.watchlist` is `undefined`.
 */
export const viewlinkKeys = {
  /** Every Viewlink read. */
  all: ['viewlink'] as const,
  /** `GET /v1/user/watchlist`. */
  watchlist: ['viewlink', 'watchlist'] as const,
  /** `GET /v1/user/accounts`. */
  accounts: ['viewlink', 'accounts'] as const,
  /** The supported streaming services. */
  services: ['viewlink', 'services'] as const,
};

/** One of the read keys. */
export type ViewlinkQueryKey = (typeof viewlinkKeys)[keyof typeof viewlinkKeys];

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { PartnerTitle } from './titles.js';

/** Watchlist category kinds; open so new kinds parse. */
export const WATCHLIST_CATEGORY_KINDS = ['saved', 'continue_watching', 'bookmarked'] as const;
/** A watchlist category kind (known values autocomplete, unknown strings parse). */
export const WatchlistCategoryKind = /* @__PURE__ */ lazy(() =>
  z.union([z.enum(WATCHLIST_CATEGORY_KINDS), z.string()]),
);
/** A watchlist category kind: the known ones, or any string. */
export type WatchlistCategoryKind = T.WatchlistCategoryKind;

/** One category of the watchlist: its kind and its titles. */
export const WatchlistCategory = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    kind: described(
      z.union([z.enum(WATCHLIST_CATEGORY_KINDS), z.string()]),
      'What the category holds: `saved`, `continue_watching`, `bookmarked`, or a newer kind.',
    ),
    titles: described(z.array(PartnerTitle), 'Titles of the category, across services.'),
  }),
);
/** Output type of {@link WatchlistCategory}. */
export interface WatchlistCategory extends T.WatchlistCategoryFields {}

/** GET /v1/user/watchlist response: categories merged and deduplicated across services. */
export const Watchlist = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    categories: described(
      z.array(WatchlistCategory),
      'Categories merged and deduplicated across the services the user linked.',
    ),
  }),
);
/** Output type of {@link Watchlist}. */
export interface Watchlist extends T.WatchlistFields {}

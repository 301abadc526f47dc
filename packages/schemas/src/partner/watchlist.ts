import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { PartnerTitle } from './titles.js';

/** Watchlist category kinds; open so new kinds parse. */
export const WATCHLIST_CATEGORY_KINDS = ['saved', 'continue_watching', 'bookmarked'] as const;
/** A watchlist category kind (known values autocomplete, unknown strings parse). */
export const WatchlistCategoryKind = z.union([z.enum(WATCHLIST_CATEGORY_KINDS), z.string()]);
/** A watchlist category kind: the known ones, or any string. */
export type WatchlistCategoryKind = T.WatchlistCategoryKind;

/** GET /v1/user/watchlist response: categories merged and deduplicated across services. */
export const Watchlist = z.looseObject({
  categories: z.array(z.looseObject({ kind: WatchlistCategoryKind, titles: z.array(PartnerTitle) })),
});
/** Output type of {@link Watchlist}. */
export type Watchlist = T.Watchlist;

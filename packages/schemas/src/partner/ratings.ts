import * as z from 'zod/mini';
import { PartnerTitle } from './titles.js';

/** A rating: stars (0-5) or a thumbs signal, whichever the service records. */
export const PartnerRating = z.looseObject({
  title: PartnerTitle,
  stars: z.optional(z.number().check(z.minimum(0), z.maximum(5))),
  thumbs: z.optional(z.union([z.enum(['up', 'down']), z.string()])),
  rated_at: z.optional(z.iso.datetime({ offset: true })),
});
/** GET /v1/user/ratings response. */
export const PartnerRatingList = z.looseObject({ ratings: z.array(PartnerRating) });
/** Per-provider recommendation feeds. */
export const RecommendationFeeds = z.looseObject({
  feeds: z.array(z.looseObject({ service: z.string(), titles: z.array(PartnerTitle) })),
});

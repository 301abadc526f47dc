import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import { StreamingServiceId } from './ids.js';
import { PartnerTitle } from './titles.js';

/** A rating: stars (0-5) or a thumbs signal, whichever the service records. */
export const PartnerRating = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    title: PartnerTitle,
    stars: z.optional(z.number().check(z.minimum(0), z.maximum(5))),
    thumbs: z.optional(z.union([z.enum(['up', 'down']), z.string()])),
    rated_at: z.optional(z.iso.datetime({ offset: true })),
  }),
);
/** GET /v1/user/ratings response. */
export const PartnerRatingList = /* @__PURE__ */ lazy(() => z.looseObject({ ratings: z.array(PartnerRating) }));
/** Output type of {@link PartnerRating}. */
export interface PartnerRating extends T.PartnerRatingFields {}
/** Output type of {@link PartnerRatingList}. */
export interface PartnerRatingList extends T.PartnerRatingListFields {}

/** GET /v1/user/recommendations query: one provider's feed, or all when omitted. */
export const RecommendationQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({ service: z.optional(StreamingServiceId) }),
);
/** Input type of {@link RecommendationQuery}. */
export interface RecommendationQuery extends T.RecommendationQueryFields {}

/** One provider's feed, ordered by that provider's own algorithm. */
export const RecommendationFeed = /* @__PURE__ */ lazy(() =>
  z.looseObject({ service: StreamingServiceId, titles: z.array(PartnerTitle) }),
);
/** Output type of {@link RecommendationFeed}. */
export interface RecommendationFeed extends T.RecommendationFeedFields {}
/** Per-provider recommendation feeds. */
export const RecommendationFeeds = /* @__PURE__ */ lazy(() => z.looseObject({ feeds: z.array(RecommendationFeed) }));
/** Output type of {@link RecommendationFeeds}. */
export interface RecommendationFeeds extends T.RecommendationFeedsFields {}

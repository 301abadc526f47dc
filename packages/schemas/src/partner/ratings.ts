import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described, describedCopy } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { StreamingServiceId } from './ids.js';
import { PartnerTitle } from './titles.js';

/** A rating: stars (0-5) or a thumbs signal, whichever the service records. */
export const PartnerRating = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    title: describedCopy(PartnerTitle, 'The rated title.'),
    stars: described(
      z.optional(z.number().check(z.minimum(0), z.maximum(5))),
      'Star rating, 0-5, on services that rate with stars.',
    ),
    thumbs: described(
      z.optional(z.union([z.enum(['up', 'down']), z.string()])),
      'Thumbs signal (`up` or `down`, or a newer value) on services that rate with thumbs.',
    ),
    rated_at: described(z.optional(z.iso.datetime({ offset: true })), 'When the user rated (ISO 8601 with offset).'),
  }),
);
/** GET /v1/user/ratings response. */
export const PartnerRatingList = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ratings: described(z.array(PartnerRating), 'Ratings across the linked services.'),
  }),
);
/** Output type of {@link PartnerRating}. */
export interface PartnerRating extends T.PartnerRatingFields {}
/** Output type of {@link PartnerRatingList}. */
export interface PartnerRatingList extends T.PartnerRatingListFields {}

/** GET /v1/user/recommendations query: one provider's feed, or all when omitted. */
export const RecommendationQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    service: described(z.optional(StreamingServiceId), "Only this service's feed; every feed when omitted."),
  }),
);
/** Input type of {@link RecommendationQuery}. */
export interface RecommendationQuery extends T.RecommendationQueryFields {}

/** One provider's feed, ordered by that provider's own algorithm. */
export const RecommendationFeed = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    service: describedCopy(StreamingServiceId, 'The service whose feed this is.'),
    titles: described(z.array(PartnerTitle), "Recommended titles, in the service's own order."),
  }),
);
/** Output type of {@link RecommendationFeed}. */
export interface RecommendationFeed extends T.RecommendationFeedFields {}
/** Per-provider recommendation feeds. */
export const RecommendationFeeds = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    feeds: described(z.array(RecommendationFeed), 'One feed per linked service; feeds are not merged.'),
  }),
);
/** Output type of {@link RecommendationFeeds}. */
export interface RecommendationFeeds extends T.RecommendationFeedsFields {}

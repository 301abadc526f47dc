/** seo/v1 rank tracker: connect the rank tracking service and track keyphrases. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** Body of `rank_tracker/authenticate`: OAuth code and the service's website id (an integer in the real plugin). */
export const seoRankTrackerAuthBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    code: described(z.string(), 'OAuth authorization code from the rank tracking service.'),
    websiteId: described(z.int(), "Id of this site's website in the rank tracking service."),
  }),
);
/** Input type of {@link seoRankTrackerAuthBody}. */
export type { SeoRankTrackerAuthBody } from '../../generated/types.js';
/** Body of `rank_tracker/keyphrases/track`: the keyphrases to start tracking. */
export const seoTrackKeyphrasesBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    keyphrases: described(z.array(z.string()), 'Keyphrases to start tracking.'),
  }),
);
/** Body of `rank_tracker/keyphrases`: which tracked keyphrases to read, for which URL, since when. */
export const seoTrackedKeyphrasesBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    keyphrases: described(z.optional(z.array(z.string())), 'Only these tracked keyphrases.'),
    permalink: described(z.optional(z.string()), 'Only rankings of this URL of the site.'),
    startAt: described(z.optional(z.string()), 'Only rankings from this date on.'),
  }),
);
/** Input type of {@link seoTrackedKeyphrasesBody}. */
export type { SeoTrackedKeyphrasesBody } from '../../generated/types.js';

/** Rank tracker routes. */
export const seoRankTrackerRoutes: T.SeoRankTrackerRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'GET /seo/v1/rank_tracker/authorization-url': seoRoute({
      method: 'GET',
      path: '/seo/v1/rank_tracker/authorization-url',
      operationId: 'seoRankTrackerAuthorizationUrl',
      summary: 'URL of the rank tracking service authorization screen.',
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/rank_tracker/account/limit': seoRoute({
      method: 'GET',
      path: '/seo/v1/rank_tracker/account/limit',
      operationId: 'seoRankTrackerAccountLimit',
      summary: 'Keyphrase limit of the connected account.',
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/rank_tracker/account/upgrade-campaign': seoRoute({
      method: 'GET',
      path: '/seo/v1/rank_tracker/account/upgrade-campaign',
      operationId: 'seoRankTrackerUpgradeCampaign',
      summary: 'Current upgrade offer of the rank tracking service.',
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/rank_tracker/authenticate': seoRoute({
      method: 'POST',
      path: '/seo/v1/rank_tracker/authenticate',
      operationId: 'seoRankTrackerAuthenticate',
      summary: 'Connect the rank tracking service with an OAuth code.',
      body: seoRankTrackerAuthBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/rank_tracker/keyphrases/track': seoRoute({
      method: 'POST',
      path: '/seo/v1/rank_tracker/keyphrases/track',
      operationId: 'seoTrackKeyphrases',
      summary: 'Start tracking keyphrases.',
      body: seoTrackKeyphrasesBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/rank_tracker/keyphrases': seoRoute({
      method: 'POST',
      path: '/seo/v1/rank_tracker/keyphrases',
      operationId: 'seoTrackedKeyphrases',
      summary:
        'Tracked keyphrases and their rankings, optionally for one permalink from a start date (POST so long lists fit).',
      body: seoTrackedKeyphrasesBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'DELETE /seo/v1/rank_tracker/keyphrases/untrack': seoRoute({
      method: 'DELETE',
      path: '/seo/v1/rank_tracker/keyphrases/untrack',
      operationId: 'seoUntrackKeyphrase',
      summary: 'Stop tracking keyphrases.',
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);

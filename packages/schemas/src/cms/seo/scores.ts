/** seo/v1 dashboard scores: readability and SEO scores per content type. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** Query of `readability_scores` and `seo_scores`. */
export const seoScoresQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    contentType: z.string(),
    taxonomy: z._default(z.string(), ''),
    term: z.optional(z.int()),
    troubleshooting: z.optional(z.boolean()),
  }),
);
/** Input type of {@link seoScoresQuery}. */
export type { SeoScoresQuery } from '../../generated/types.js';

/** Score routes. */
export const seoScoresRoutes: T.SeoScoresRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'GET /seo/v1/readability_scores': seoRoute({
      method: 'GET',
      path: '/seo/v1/readability_scores',
      operationId: 'seoReadabilityScores',
      summary: 'Readability scores of a content type (optionally one taxonomy term).',
      query: seoScoresQuery,
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/seo_scores': seoRoute({
      method: 'GET',
      path: '/seo/v1/seo_scores',
      operationId: 'seoSeoScores',
      summary: 'SEO scores of a content type (optionally one taxonomy term).',
      query: seoScoresQuery,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);

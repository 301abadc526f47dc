/** seo/v1 dashboard scores: readability and SEO scores per content type. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** Query of `readability_scores` and `seo_scores`. */
export const seoScoresQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    contentType: described(z.string(), 'Content type (post type) to score, e.g. `post`.'),
    taxonomy: described(z._default(z.string(), ''), 'Taxonomy of `term`; empty (no taxonomy) by default.'),
    term: described(z.optional(z.int()), 'Only content with this term (an id in `taxonomy`).'),
    troubleshooting: described(
      z.optional(z.boolean()),
      'true marks the request as troubleshooting (the plugin may add diagnostic details).',
    ),
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

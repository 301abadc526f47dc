/** GET /v1/user/recommendations: one feed per provider, optionally one provider. */
import { json } from '../../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../../context.js';
import { recommendationFeeds } from '../../state/users.js';

/** Recommendation feeds of the authenticated user. */
export function recommendationRoutes(ctx: FakeContext): PartnerImplementations {
  return {
    'GET /v1/user/recommendations': ({ request, query }) =>
      json(recommendationFeeds(ctx.userOf(request), query.service)),
  };
}

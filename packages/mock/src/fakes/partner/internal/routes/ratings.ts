/** GET /v1/user/ratings: consolidated across services. */
import { json } from '../../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../../context.js';
import { consolidatedRatings } from '../../state/users.js';

/** Ratings of the authenticated user. */
export function ratingRoutes(ctx: FakeContext): PartnerImplementations {
  return {
    'GET /v1/user/ratings': ({ request }) => json(consolidatedRatings(ctx.userOf(request))),
  };
}

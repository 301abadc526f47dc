/** GET /v1/user/watchlist: categories merged and deduplicated across services. */
import { json } from '../../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../../context.js';
import { mergedWatchlist } from '../../state/users.js';

/** The merged watchlist of the authenticated user. */
export function watchlistRoutes(ctx: FakeContext): PartnerImplementations {
  return {
    'GET /v1/user/watchlist': ({ request }) => json(mergedWatchlist(ctx.userOf(request))),
  };
}

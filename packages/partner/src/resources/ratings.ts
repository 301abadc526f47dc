/** GET /v1/user/ratings: star and thumbs ratings consolidated across services. */
import type { PartnerRatingList } from '@viewlink/schemas';
import type { ReadOptions } from '../core/options.js';
import type { UserScope } from '../internal/scope.js';

/** Reads the user's ratings. */
export async function readRatings(scope: UserScope, options?: ReadOptions | null): Promise<PartnerRatingList> {
  return scope.send(scope.routes.prepare('GET /v1/user/ratings'), options?.signal);
}

/** GET /v1/user/watchlist: personalized categories across the user's services, merged and deduplicated by the service. */
import type { Watchlist } from '@viewlink/schemas';
import type { ReadOptions } from '../core/options.js';
import type { UserScope } from '../internal/scope.js';

/** Reads the user's watchlist (read-only in the spec). */
export async function readWatchlist(scope: UserScope, options?: ReadOptions | null): Promise<Watchlist> {
  return scope.send(scope.routes.prepare('GET /v1/user/watchlist'), options?.signal);
}

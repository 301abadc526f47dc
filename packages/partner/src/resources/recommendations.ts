/** GET /v1/user/recommendations: one feed per provider, in the provider's own order. */
import type { RecommendationFeeds } from '@viewlink/schemas';
import type { ReadOptions } from '../core/options.js';
import type { UserScope } from '../internal/scope.js';
import { rejectUnknownKeys } from '../internal/unknown-keys.js';

const KNOWN_OPTIONS = new Set(['service', 'signal']);

/** Options of `user.recommendations()`. */
export interface RecommendationOptions extends ReadOptions {
  /** One provider's feed only (a service id slug). Default: every linked provider. */
  readonly service?: string | undefined;
}

/**
 * Reads the recommendation feeds.
 * @throws ValidationError for a malformed service id (nothing sent).
 */
export async function readRecommendations(
  scope: UserScope,
  options?: RecommendationOptions | null,
): Promise<RecommendationFeeds> {
  // null reads as "no options", as undefined does.
  if (options) rejectUnknownKeys(options, KNOWN_OPTIONS, 'user.recommendations()');
  const query = options?.service === undefined ? {} : { service: options.service };
  return scope.send(scope.routes.prepare('GET /v1/user/recommendations', { query }), options?.signal);
}

/** GET /v1/user/recommendations: one feed per provider, in the provider's own order. */
import type { ServiceIdInput } from '@viewlink/schemas';
import type { RouteCallInput } from '@viewlink/transport';
import { rejectUnknownOptions } from '@viewlink/transport';
import type { ReadOptions } from '../core/options.js';

const KNOWN_OPTIONS = ['service', 'signal'];

/** Options of `user.recommendations()`. */
export interface RecommendationOptions extends ReadOptions {
  /** One provider's feed only (a service id slug). Default: every linked provider. */
  readonly service?: ServiceIdInput | undefined;
}

/**
 * The query of `user.recommendations()`: one provider's feed, or every feed.
 * @throws ValidationError for an unknown option (a malformed service id: the route's query schema).
 */
export function recommendationsInput(options: object | undefined): RouteCallInput {
  // null reads as "no options", as undefined does.
  if (!options) return {};
  rejectUnknownOptions(options, KNOWN_OPTIONS, 'user.recommendations()');
  const { service } = options as RecommendationOptions;
  return service === undefined ? {} : { query: { service } };
}

/**
 * The method a user calls for each Partner API route: how a ValidationError names the call
 * (`user.history.pages(): limit must be at most 500`) instead of the route's operationId. Data
 * beside the route table, so a new route without a name here does not compile.
 */
import type { partnerRoutes } from '@viewlink/schemas';

/** Each route key's user-facing method, as the user writes it (receivers named as in the docs). */
export const PARTNER_METHOD_NAMES = {
  'POST /v1/auth/token': 'client.tokens.issue()',
  'POST /v1/auth/token/refresh': 'client.tokens.renew()',
  'GET /v1/user/watchlist': 'user.watchlist()',
  'GET /v1/user/accounts': 'user.accounts()',
  'GET /v1/user/history': 'user.history.pages()',
  'GET /v1/user/ratings': 'user.ratings()',
  'GET /v1/user/recommendations': 'user.recommendations()',
  'POST /v1/user/refresh': 'user.refresh()',
  'GET /v1/files/{file_id}': 'fetchDataFile()',
} as const satisfies Record<keyof typeof partnerRoutes, `${string}()`>;

import { route, routeTable } from '../route.js';
import { TokenIssueRequest, TokenPair, TokenRefreshRequest } from './tokens.js';
import { Watchlist } from './watchlist.js';

/** Every Partner API route, keyed by `"METHOD /path"` (read by scripts/build-openapi.ts). */
export const partnerRoutes = routeTable({
  'POST /v1/auth/token': route({
    method: 'POST',
    path: '/v1/auth/token',
    operationId: 'issueTokenPair',
    summary: 'Issue a token pair for an end user (partner backend, API Key).',
    auth: 'apiKey',
    body: TokenIssueRequest,
    response: TokenPair,
  }),
  'POST /v1/auth/token/refresh': route({
    method: 'POST',
    path: '/v1/auth/token/refresh',
    operationId: 'renewTokenPair',
    summary: 'Renew a token pair with its refresh token (Management API).',
    auth: 'apiKey',
    body: TokenRefreshRequest,
    response: TokenPair,
  }),
  'GET /v1/user/watchlist': route({
    method: 'GET',
    path: '/v1/user/watchlist',
    operationId: 'getWatchlist',
    summary: "Personalized content categories across the user's logged-in services.",
    auth: 'accessToken',
    response: Watchlist,
  }),
});

import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import { route, routeTable } from '../route.js';
import {
  DisconnectRequest,
  DisconnectResponse,
  LinkedAccountList,
  LinkedAccountParams,
  RefreshRequest,
  RefreshResponse,
} from './accounts.js';
import { fileRoutes } from './files.js';
import { WatchHistoryPage, WatchHistoryQuery } from './history.js';
import { PartnerRatingList, RecommendationFeeds, RecommendationQuery } from './ratings.js';
import { ServiceCatalog } from './services.js';
import { TokenIssueRequest, TokenPair, TokenRefreshRequest } from './tokens.js';
import { Watchlist } from './watchlist.js';

/** Every Partner API route, keyed by `"METHOD /path"` (read by scripts/build-openapi.ts). */
export const partnerRoutes: T.PartnerRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    ...fileRoutes,
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
    'GET /v1/user/accounts': route({
      method: 'GET',
      path: '/v1/user/accounts',
      operationId: 'listLinkedAccounts',
      summary: 'Linked accounts of the end user.',
      auth: 'accessToken',
      response: LinkedAccountList,
    }),
    'POST /v1/user/accounts/{account_id}/disconnect': route({
      method: 'POST',
      path: '/v1/user/accounts/{account_id}/disconnect',
      operationId: 'disconnectLinkedAccount',
      summary: "Disconnect a linked account at the user's request, saying whether the partner keeps the data it holds.",
      auth: 'accessToken',
      params: LinkedAccountParams,
      body: DisconnectRequest,
      response: DisconnectResponse,
    }),
    'GET /v1/services': route({
      method: 'GET',
      path: '/v1/services',
      operationId: 'listServices',
      summary: 'The supported streaming services: id, display name, countries, whether linking is available.',
      auth: 'none',
      response: ServiceCatalog,
    }),
    'GET /v1/user/history': route({
      method: 'GET',
      path: '/v1/user/history',
      operationId: 'getWatchHistory',
      summary: 'One cursor page of watch history.',
      auth: 'accessToken',
      query: WatchHistoryQuery,
      response: WatchHistoryPage,
    }),
    'GET /v1/user/ratings': route({
      method: 'GET',
      path: '/v1/user/ratings',
      operationId: 'getRatings',
      summary: 'Ratings consolidated across services.',
      auth: 'accessToken',
      response: PartnerRatingList,
    }),
    'GET /v1/user/recommendations': route({
      method: 'GET',
      path: '/v1/user/recommendations',
      operationId: 'getRecommendations',
      summary: 'Per-provider recommendation feeds.',
      auth: 'accessToken',
      query: RecommendationQuery,
      response: RecommendationFeeds,
    }),
    'POST /v1/user/refresh': route({
      method: 'POST',
      path: '/v1/user/refresh',
      operationId: 'requestRefresh',
      summary: 'User-initiated refresh (explicit user action only).',
      auth: 'accessToken',
      body: RefreshRequest,
      response: RefreshResponse,
      successStatus: 202,
    }),
  }),
);

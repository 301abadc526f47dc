/**
 * `@viewlink/partner`: the Partner API client for backends. Token pairs (issue, renew, store),
 * a user's data (watchlist, history, ratings, recommendations, linked accounts), the
 * user-initiated refresh, and webhook verification and data files.
 * @packageDocumentation
 */
export type {
  DisconnectResponse,
  KnownStreamingServiceId,
  LinkedAccount,
  PartnerRating,
  PartnerRatingList,
  PartnerTitle,
  RecommendationFeed,
  RecommendationFeeds,
  RefreshResponse,
  ServiceCatalog,
  ServiceIdInput,
  StreamingService,
  StreamingServiceId,
  WatchHistoryEntry,
  Watchlist,
} from '@viewlink/schemas';
// The shared error tree and option types, so partners need no direct transport dependency.
export type { Logger, RetryPolicy, ValidationMode } from '@viewlink/transport';
export * from '@viewlink/transport/errors';
export { PartnerClient } from './client.js';
export * from './core/error-response.js';
export * from './core/errors.js';
export * from './core/options.js';
export * from './core/refresh-ledger.js';
export * from './core/token-pair.js';
export * from './core/token-store.js';
export * from './files/index.js';
export { type AccountHealth, healthOf, type LinkedAccounts, type LinkedAccountView } from './resources/accounts.js';
export type { DisconnectOptions } from './resources/disconnect.js';
export { type CollectOptions, History, type HistoryPage, type HistoryQuery } from './resources/history.js';
export type { RecommendationOptions } from './resources/recommendations.js';
export type { RefreshOptions } from './resources/refresh.js';
export { type IssueTokenPairInput, Tokens } from './resources/tokens.js';
export { PartnerUser } from './user.js';
export * from './webhooks/index.js';

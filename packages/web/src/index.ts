/**
 * `@viewlink/web`: the browser SDK. `SDK.initialize(sdkKey, tokens)`, `SDK.onTokenExpired(handler)`,
 * `SDK.connect({ service })` through the Chrome/Edge extension, the reads a token pair allows,
 * and headless consent. The consent screen is a separate entry: `@viewlink/web/consent`.
 * @packageDocumentation
 */
export type { Consent, ConsentInput, ConsentRecord } from './core/consent.js';
export { checkLinkingSupport, type LinkingSupport, type NavigatorLike } from './core/environment.js';
export * from './core/errors.js';
export type { ConsentStorage, SdkOptions } from './core/options.js';
export {
  type ConnectResult,
  createSdk,
  type DisconnectResponse,
  type LinkedAccount,
  type RefreshResponse,
  SDK,
  type Sdk,
  type SdkEvents,
  type ServiceEntry,
  type ServiceIdInput,
  type StreamingService,
  type TokenExpiredEvent,
  type TokenExpiredHandler,
  type TokenPair,
  type Watchlist,
} from './core/sdk.js';

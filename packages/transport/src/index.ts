/**
 * `@viewlink/transport`: the HTTP core shared by `@viewlink/partner` and `@viewlink/cms`.
 * @packageDocumentation
 */
export * from './core/errors.js';
export * from './core/redact.js';
export * from './core/transport.js';
export * from './core/validate.js';
export { joinUrl, type QueryParams, type QueryValue, toSearchParams } from './internal/build-request.js';
export { parseRetryAfter, type RetryPolicy } from './internal/retry-policy.js';
export type { ErrorBodyParser } from './internal/to-error.js';
export {
  isLoopbackHost,
  refuseCredentialsInUrl,
  requireSecureBaseUrl,
  type SecureUrlOptions,
} from './internal/url-policy.js';
export * from './observe/channels.js';
export { isThenable, type RenewalSender } from './pipeline/authorize.js';
export {
  StreamedBody,
  type StreamedBodyOptions,
  type StreamedChunk,
  type WhenReadAheadFull,
} from './pipeline/streamed-body.js';

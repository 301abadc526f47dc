/**
 * `@viewlink/transport`: the HTTP core shared by `@viewlink/partner`, `@viewlink/cms` and
 * `@viewlink/web`. Folders say where a request goes: `pipeline/` (built, authorized, sent,
 * retried, parsed), `errors/` (the tree and how failures become it), `validation/`, `secrets/`
 * (redaction, where credentials may go), `observe/` (tracing). docs/architecture.md draws it.
 * @packageDocumentation
 */
export { callerAborted, type ErrorBodyParser } from './errors/to-error.js';
export * from './errors/tree.js';
export * from './observe/channels.js';
export { isThenable } from './pipeline/engine.js';
export {
  type ArgumentRole,
  atCallSite,
  configAtCallSite,
  defineMethods,
  type MethodCall,
  type MethodDefinition,
  type MethodDefinitions,
  type MethodInvoker,
  type RouteKeyed,
} from './pipeline/methods.js';
export { itemsOfPages, type ReadPage } from './pipeline/page-items.js';
export type { ParsedResult } from './pipeline/parse.js';
export {
  CompiledRoute,
  isBodyInit,
  isPlainObject,
  type RouteCallInput,
  type RouteSettings,
  type RouteSpec,
} from './pipeline/prepare.js';
export { joinUrl, type QueryParams, type QueryValue, toSearchParams } from './pipeline/request-url.js';
export { parseRetryAfter, type RetryPolicy } from './pipeline/retry-policy.js';
export {
  CALL_OPTION_NAMES,
  callOptionIssues,
  createRouteClient,
  RouteClient,
  type RouteClientConfig,
  type RouteEntries,
  type RouteOutputs,
  type RouteSender,
} from './pipeline/route-client.js';
export {
  StreamedBody,
  type StreamedBodyOptions,
  type StreamedChunk,
  type WhenReadAheadFull,
} from './pipeline/streamed-body.js';
export { isTimeout, TIMEOUT_PROBLEM } from './pipeline/timeout-option.js';
export * from './pipeline/transport.js';
export type {
  AuthStrategy,
  CallOptions,
  FetchOptions,
  HeaderRecord,
  HttpMethod,
  Logger,
  NextFetchOptions,
  PreparedRequest,
  RenewalSender,
  RequestOptions,
  ResponseType,
  TransportOptions,
  TransportResponse,
  ValidationMode,
} from './pipeline/types.js';
export * from './secrets/redact.js';
export {
  isLoopbackHost,
  refuseCredentialsInUrl,
  requireSecureBaseUrl,
  type SecureUrlOptions,
} from './secrets/url-policy.js';
export * from './validation/standard-schema.js';
export {
  refuseUnknownClientOptions,
  rejectUnknownOptions,
  unknownOptionIssues,
} from './validation/unknown-options.js';

/**
 * `@viewlink/transport/engine`: the run engine (prepare -> authorize -> send -> parse, one
 * deadline, the 401 renewal a step of the same run) with its light parts, for a client with a
 * bundle budget (the browser facade's). `createTransport` runs the same engine with its full
 * parts (retries, tracing, redaction tables, every response type); docs/architecture.md lists both.
 * @packageDocumentation
 */
export type { ErrorBodyParser } from './errors/to-error.js';
export {
  type AuthorizeContext,
  type AuthorizedSend,
  type AuthStrategy,
  authorize,
  LightRun,
  Run,
  StrategyFailure,
} from './pipeline/engine.js';
export {
  defineLightMethods,
  type LightMethodDefinition,
  type MethodCall,
  type MethodDefinitions,
  type MethodInvoker,
} from './pipeline/methods.js';
export type { RouteCallInput } from './pipeline/prepare.js';
export { prepareRouteKey } from './pipeline/route-key.js';
export type {
  EngineSettings,
  HeaderRecord,
  PreparedRequest,
  Sent,
  TransportResponse,
} from './pipeline/types.js';
export { scrubSecrets } from './secrets/scrub.js';
export type { StandardResult, StandardSchema } from './validation/standard-schema.js';

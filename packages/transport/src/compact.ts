/**
 * `@viewlink/transport/compact`: the route client in compact form (prepare -> authorize -> send ->
 * parse for schema-less routes, no retries or tracing), for the browser facade's size budget.
 * Node clients use `createRouteClient` over `createTransport` from the main entry.
 * @packageDocumentation
 */
export type { ErrorBodyParser } from './errors/to-error.js';
export type { AuthStrategy } from './pipeline/authorize.js';
export {
  type CompactRouteClient,
  type CompactRouteClientConfig,
  type CompactSettings,
  createCompactRouteClient,
  scrubSecrets,
} from './pipeline/compact-route-client.js';
export type { RouteCallInput } from './pipeline/prepare.js';
export type { HeaderRecord, PreparedRequest, TransportResponse } from './pipeline/types.js';
export type { StandardResult, StandardSchema } from './validation/standard-schema.js';

/**
 * GET /v1/services: the service catalog (public, no credential), for a service picker. Whether
 * linking works on the user's device is known only in the browser: `SDK.services()` of
 * `@viewlink/web` adds `linkable` to each entry.
 */
import type { ServiceCatalog } from '@viewlink/schemas';
import type { Transport } from '@viewlink/transport';
import type { ReadOptions } from '../core/options.js';
import { prepare } from '../internal/call.js';

/** Reads the catalog with no credential on the request. */
export async function readServices(transport: Transport, options?: ReadOptions | null): Promise<ServiceCatalog> {
  return prepare('GET /v1/services', { signal: options?.signal }).send(transport);
}

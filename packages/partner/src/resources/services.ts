/**
 * GET /v1/services: the service catalog (public, no credential), for a service picker. Whether
 * linking works on the user's device is known only in the browser: `SDK.services()` of
 * `@viewlink/web` adds `linkable` to each entry.
 */
import type { ServiceCatalog } from '@viewlink/schemas';
import type { ReadOptions } from '../core/options.js';
import type { PartnerRoutes } from '../internal/call.js';

/** Reads the catalog through the route client, with no credential on the request. */
export async function readServices(routes: PartnerRoutes, options?: ReadOptions | null): Promise<ServiceCatalog> {
  const { data } = await routes.call('GET /v1/services', {}, { signal: options?.signal });
  return data;
}

/**
 * The fake's `POST /batch/v1`: runs each sub-request through the fake itself, the way WordPress
 * does (validation modes, 25-request limit, 207 on mixed results). Filled in with issue 6.
 */
import type { cmsRoutes } from '@viewlink/schemas';
import type { Handle, Implementations } from '../../core/router.js';

/** Implementation of the batch route, given a handle that answers one sub-request. */
export function batchRoutes(_dispatch: Handle): Implementations<typeof cmsRoutes> {
  return {};
}

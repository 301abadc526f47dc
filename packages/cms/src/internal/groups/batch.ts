/** The /batch/v1 route, loaded by a `CmsClient` on first use (internal/route-groups.ts). */
import { batchRoutes } from '@viewlink/schemas';
import type { LoadedGroup } from '../route-groups.js';

/** The routes. */
export const group: LoadedGroup = { routes: batchRoutes };

/** The site and cms/v2 namespace index routes, loaded by a `CmsClient` on first use (internal/route-groups.ts). */
import { siteRoutes } from '@viewlink/schemas';
import type { LoadedGroup } from '../route-groups.js';

/** The routes. */
export const group: LoadedGroup = { routes: siteRoutes };

/** The seo/v1 routes, loaded by a `CmsClient` on first use (internal/route-groups.ts). */
import { seoRoutes } from '@viewlink/schemas';
import type { LoadedGroup } from '../route-groups.js';

/** The routes. */
export const group: LoadedGroup = { routes: seoRoutes };

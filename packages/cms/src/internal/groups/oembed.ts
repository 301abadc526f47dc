/** The oembed/1.0 routes, loaded by a `CmsClient` on first use (internal/route-groups.ts). */
import { oembedRoutes } from '@viewlink/schemas';
import type { LoadedGroup } from '../route-groups.js';

/** The routes. */
export const group: LoadedGroup = { routes: oembedRoutes };

/** The pages routes, loaded by a `CmsClient` on first use (internal/route-groups.ts). */
import { pageRoutes } from '@viewlink/schemas';
import { WORDPRESS_PAGE_RULES } from '../../core/shared-rules.js';
import type { LoadedGroup } from '../route-groups.js';

/** The routes and their `compat: 'wordpress'` rules. */
export const group: LoadedGroup = { routes: pageRoutes, rules: WORDPRESS_PAGE_RULES };

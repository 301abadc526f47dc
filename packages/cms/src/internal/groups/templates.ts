/** The template routes and their `compat: 'wordpress'` rules, loaded by a `CmsClient` on first use (internal/route-groups.ts). */
import { templateRoutes } from '@viewlink/schemas';
import type { RouteRule } from '../../core/compat.js';
import type { LoadedGroup } from '../route-groups.js';

/** A template's `id` in a write body, which WordPress 6.5.5 takes from the path instead. */
export const TEMPLATE_ID: RouteRule = {
  routes: /^(POST|PUT|PATCH) \/cms\/v2\/templates(\/\{template_id\}(\/autosaves)?)?$/,
  body: {
    id: {
      unsupported:
        'WordPress 6.5.5 takes the template id from the path (or theme and slug on create); it would be ignored',
    },
  },
};

/** The rules of `WORDPRESS_RULES` that apply to the template routes. */
export const WORDPRESS_TEMPLATE_RULES: readonly RouteRule[] = [TEMPLATE_ID];

/** The routes and their rules. */
export const group: LoadedGroup = { routes: templateRoutes, rules: WORDPRESS_TEMPLATE_RULES };

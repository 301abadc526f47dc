/** The menu item routes and their `compat: 'wordpress'` rules, loaded by a `CmsClient` on first use (internal/route-groups.ts). */
import { menuItemRoutes } from '@viewlink/schemas';
import type { RouteRule } from '../../core/compat.js';
import { AUTOSAVE_PARENT, NO_META, SEARCH_SEMANTICS } from '../../core/shared-rules.js';
import type { LoadedGroup } from '../route-groups.js';

/** Menu item meta keys: only those the site registers (`registeredMeta`). */
export const MENU_ITEM_META: RouteRule = {
  routes: /^(POST|PUT|PATCH) \/cms\/v2\/menu-items(\/\{id\}(\/autosaves)?)?$/,
  body: { meta: { otherKeys: NO_META } },
  metaOf: 'menu-items',
};

/** The rules of `WORDPRESS_RULES` that apply to the menu item routes, in the same order. */
export const WORDPRESS_MENU_ITEM_RULES: readonly RouteRule[] = [SEARCH_SEMANTICS, MENU_ITEM_META, AUTOSAVE_PARENT];

/** The routes and their rules. */
export const group: LoadedGroup = { routes: menuItemRoutes, rules: WORDPRESS_MENU_ITEM_RULES };

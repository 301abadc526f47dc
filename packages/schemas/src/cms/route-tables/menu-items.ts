/** The menu item routes (a table of its own module, so a bundler that splits code keeps it apart). */
import type * as T from '../../generated/types.js';
import { autosaves, crud } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import { contextQuery } from '../common.js';
import { menuItemRecord, menuItemsQuery, menuItemUpdate, menuItemWrite } from '../menu-items.js';

/** The menu item routes, with their autosaves. Part of `cmsRoutes`. */
export const menuItemRoutes: T.MenuItemRoutes = /* @__PURE__ */ lazy(() => ({
  ...crud('/cms/v2/menu-items', {
    name: 'MenuItem',
    plural: 'MenuItems',
    query: menuItemsQuery,
    itemQuery: contextQuery,
    write: menuItemWrite,
    update: menuItemUpdate,
    record: menuItemRecord,
    listAuth: 'required',
    batchable: true,
  }),
  ...autosaves('/cms/v2/menu-items', 'MenuItem', menuItemUpdate),
}));

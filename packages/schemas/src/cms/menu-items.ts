/** Menu items: writable fields, queries, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import {
  baseCollectionQuery,
  CONTENT_ORDERBY,
  cmsOrder,
  cmsWritableStatus,
  linksField,
  metaField,
  perPageParam,
  renderedField,
  termExcludeQuery,
  termQuery,
} from './common.js';

/** A menu item title as written: a string, or `{ raw, rendered }` (strings; WordPress checks both). */
export const menuItemTitle = /* @__PURE__ */ lazy(() =>
  z.union([z.string(), z.looseObject({ raw: z.optional(z.string()), rendered: z.optional(z.string()) })]),
);
/** Writable menu item fields, with the spec's defaults. */
export const menuItemWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    title: z.optional(menuItemTitle),
    type: z._default(z.enum(['taxonomy', 'post_type', 'post_type_archive', 'custom']), 'custom'),
    status: z._default(cmsWritableStatus, 'publish'),
    parent: z._default(z.int().check(z.minimum(0)), 0),
    attr_title: z.optional(z.string()),
    classes: z.optional(z.array(z.string())),
    description: z.optional(z.string()),
    menu_order: z._default(z.int().check(z.minimum(1)), 1),
    object: z.optional(z.string()),
    object_id: z._default(z.int().check(z.minimum(0)), 0),
    target: z.optional(z.enum(['_blank', ''])),
    url: z.optional(z.url()),
    xfn: z.optional(z.array(z.string())),
    menus: z.optional(z.int()),
    meta: z.optional(z.record(z.string(), z.unknown())),
  }),
);
/** Input type of a menu item body. */
export type { MenuItemWrite } from '../generated/types.js';
/**
 * Menu item update (POST/PUT/PATCH on the item, autosaves): the same fields without defaults,
 * so an update never resets a field the caller did not give.
 */
export const menuItemUpdate = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    title: z.optional(menuItemTitle),
    type: z.optional(z.enum(['taxonomy', 'post_type', 'post_type_archive', 'custom'])),
    status: z.optional(cmsWritableStatus),
    parent: z.optional(z.int().check(z.minimum(0))),
    attr_title: z.optional(z.string()),
    classes: z.optional(z.array(z.string())),
    description: z.optional(z.string()),
    menu_order: z.optional(z.int().check(z.minimum(1))),
    object: z.optional(z.string()),
    object_id: z.optional(z.int().check(z.minimum(0))),
    target: z.optional(z.enum(['_blank', ''])),
    url: z.optional(z.url()),
    xfn: z.optional(z.array(z.string())),
    menus: z.optional(z.int()),
    meta: z.optional(z.record(z.string(), z.unknown())),
  }),
);
/** Input type of a menu item update. */
export type { MenuItemUpdate } from '../generated/types.js';
/** GET /cms/v2/menu-items query: per_page 100, order asc, orderby menu_order by default. */
export const menuItemsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...baseCollectionQuery,
    per_page: perPageParam(100),
    order: z._default(cmsOrder, 'asc'),
    orderby: z._default(z.enum([...CONTENT_ORDERBY, 'menu_order']), 'menu_order'),
    menu_order: z.optional(z.int()),
    tax_relation: z.optional(z.enum(['AND', 'OR'])),
    menus: z.optional(termQuery),
    menus_exclude: z.optional(termExcludeQuery),
  }),
);
/** Input type of the menu items query. */
export type { MenuItemsQuery } from '../generated/types.js';
/** A menu item as returned. */
export const menuItemRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.int(),
    title: z.optional(renderedField),
    status: z.optional(z.string()),
    url: z.optional(z.string()),
    attr_title: z.optional(z.string()),
    description: z.optional(z.string()),
    type: z.optional(z.string()),
    type_label: z.optional(z.string()),
    object: z.optional(z.string()),
    object_id: z.optional(z.int()),
    parent: z.optional(z.int()),
    menu_order: z.optional(z.int()),
    target: z.optional(z.string()),
    classes: z.optional(z.array(z.string())),
    xfn: z.optional(z.array(z.string())),
    // True when the linked object no longer exists.
    invalid: z.optional(z.boolean()),
    meta: z.optional(metaField),
    menus: z.optional(z.int()),
    _links: z.optional(linksField),
  }),
);
/** Type of a menu item record. */
export type MenuItemRecord = T.MenuItem;

/** Menu items: writable fields, queries, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { stringMap } from '../internal/string-map.js';
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
    title: described(z.optional(menuItemTitle), 'Title shown in the menu.'),
    type: described(
      z._default(z.enum(['taxonomy', 'post_type', 'post_type_archive', 'custom']), 'custom'),
      'What the item links to: `custom` (a URL, the default), `post_type`, `post_type_archive` or `taxonomy`.',
    ),
    status: described(z._default(cmsWritableStatus, 'publish'), 'Publication status, `publish` by default.'),
    parent: described(z._default(z.int().check(z.minimum(0)), 0), 'Id of the parent menu item (0 at the top level).'),
    attr_title: described(z.optional(z.string()), "The link's `title` attribute."),
    classes: described(z.optional(z.array(z.string())), "CSS classes of the item's element."),
    description: described(z.optional(z.string()), 'Description of the item (themes may show it).'),
    menu_order: described(z._default(z.int().check(z.minimum(1)), 1), 'Position in the menu, from 1.'),
    object: described(z.optional(z.string()), 'Kind of the linked object, e.g. `page`, `post`, `category`.'),
    object_id: described(
      z._default(z.int().check(z.minimum(0)), 0),
      'Id of the linked post, page or term (0 for a custom link).',
    ),
    target: described(z.optional(z.enum(['_blank', ''])), "The link's `target` attribute: `_blank` or empty."),
    url: described(z.optional(z.url()), 'URL of a custom link.'),
    xfn: described(z.optional(z.array(z.string())), 'XFN relationships of the link (its `rel` attribute).'),
    menus: described(z.optional(z.int()), 'Id of the menu the item belongs to.'),
    meta: described(z.optional(stringMap(z.unknown())), 'Meta fields.'),
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
    title: described(z.optional(menuItemTitle), 'Title shown in the menu.'),
    type: described(
      z.optional(z.enum(['taxonomy', 'post_type', 'post_type_archive', 'custom'])),
      'What the item links to: `custom` (a URL), `post_type`, `post_type_archive` or `taxonomy`.',
    ),
    status: described(z.optional(cmsWritableStatus), 'Publication status.'),
    parent: described(z.optional(z.int().check(z.minimum(0))), 'Id of the parent menu item (0 at the top level).'),
    attr_title: described(z.optional(z.string()), "The link's `title` attribute."),
    classes: described(z.optional(z.array(z.string())), "CSS classes of the item's element."),
    description: described(z.optional(z.string()), 'Description of the item (themes may show it).'),
    menu_order: described(z.optional(z.int().check(z.minimum(1))), 'Position in the menu, from 1.'),
    object: described(z.optional(z.string()), 'Kind of the linked object, e.g. `page`, `post`, `category`.'),
    object_id: described(
      z.optional(z.int().check(z.minimum(0))),
      'Id of the linked post, page or term (0 for a custom link).',
    ),
    target: described(z.optional(z.enum(['_blank', ''])), "The link's `target` attribute: `_blank` or empty."),
    url: described(z.optional(z.url()), 'URL of a custom link.'),
    xfn: described(z.optional(z.array(z.string())), 'XFN relationships of the link (its `rel` attribute).'),
    menus: described(z.optional(z.int()), 'Id of the menu the item belongs to.'),
    meta: described(z.optional(stringMap(z.unknown())), 'Meta fields.'),
  }),
);
/** Input type of a menu item update. */
export type { MenuItemUpdate } from '../generated/types.js';
/** GET /cms/v2/menu-items query: per_page 100, order asc, orderby menu_order by default. */
export const menuItemsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...baseCollectionQuery,
    per_page: described(perPageParam(100), 'Items per page, 1-100 (100 by default).'),
    order: described(z._default(cmsOrder, 'asc'), 'Sort direction, `asc` by default.'),
    orderby: described(
      z._default(z.enum([...CONTENT_ORDERBY, 'menu_order']), 'menu_order'),
      'Sort field, `menu_order` by default.',
    ),
    menu_order: described(z.optional(z.int()), 'Only items at this position.'),
    tax_relation: described(z.optional(z.enum(['AND', 'OR'])), 'How the menu filters combine: `AND` or `OR`.'),
    menus: described(z.optional(termQuery), 'Only items of these menus (ids).'),
    menus_exclude: described(z.optional(termExcludeQuery), 'Leave out items of these menus.'),
  }),
);
/** Input type of the menu items query. */
export type { MenuItemsQuery } from '../generated/types.js';
/** A menu item as returned. */
export const menuItemRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.int(), 'Id of the menu item.'),
    title: described(z.optional(renderedField), 'Title shown in the menu.'),
    status: described(z.optional(z.string()), 'Publication status.'),
    url: described(z.optional(z.string()), 'The URL the item links to.'),
    attr_title: described(z.optional(z.string()), "The link's `title` attribute."),
    description: described(z.optional(z.string()), 'Description of the item (themes may show it).'),
    type: described(
      z.optional(z.string()),
      'What the item links to: `custom`, `post_type`, `post_type_archive` or `taxonomy`.',
    ),
    type_label: described(z.optional(z.string()), "Readable name of the linked object's kind, e.g. `Page`."),
    object: described(z.optional(z.string()), 'Kind of the linked object, e.g. `page`, `post`, `category`.'),
    object_id: described(z.optional(z.int()), 'Id of the linked post, page or term (0 for a custom link).'),
    parent: described(z.optional(z.int()), 'Id of the parent menu item (0 at the top level).'),
    menu_order: described(z.optional(z.int()), 'Position in the menu, from 1.'),
    target: described(z.optional(z.string()), "The link's `target` attribute: `_blank` or empty."),
    classes: described(z.optional(z.array(z.string())), "CSS classes of the item's element."),
    xfn: described(z.optional(z.array(z.string())), 'XFN relationships of the link (its `rel` attribute).'),
    // True when the linked object no longer exists.
    invalid: described(z.optional(z.boolean()), 'True when the linked object no longer exists.'),
    meta: described(z.optional(metaField), 'Meta fields.'),
    menus: described(z.optional(z.int()), 'Id of the menu the item belongs to.'),
    _links: described(z.optional(linksField), 'Links to related resources (HAL).'),
  }),
);
/** Type of a menu item record. */
export type MenuItemRecord = T.MenuItem;

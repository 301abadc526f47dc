/** `client.menuItems`: navigation menu items with their autosaves. */

import type { ContextQuery, MenuItemsQuery } from '@viewlink/schemas';
import type { BodyOf, Out } from '../core/routes.js';
import type { RenderedEdit, RenderedView, ShapeKey, ShapeParams } from '../core/shape.js';
import { Autosaves } from './autosaves.js';
import { ContentResource, type CreateRecord, createMethod } from './content.js';
import type { ResourceContext } from './resource.js';
import type { RevisionShapes } from './revisions.js';

/** A menu item as the server returns it. */
export type MenuItem = Out<'GET /cms/v2/menu-items/{id}'>;
/** A menu item as the view context (the default) sends it: its title as HTML, no `raw`. */
export interface MenuItemView extends Omit<MenuItem, 'title'> {
  /** Title as HTML. */
  title?: RenderedView | undefined;
}
/** A menu item as the edit context sends it: its title's `raw` too. */
export interface MenuItemEdit extends MenuItem {
  /** Title: `raw` and `rendered`. */
  title?: RenderedEdit | undefined;
}
/** A menu item as the embed context sends it: everything but `menus` and `meta`. */
export interface MenuItemEmbed extends Omit<MenuItemView, 'menus' | 'meta'> {}
/** `MenuItemListQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface MenuItemListFilters extends Omit<MenuItemsQuery, ShapeKey> {}
/** Query of `menuItems.list`: paging, search, menus, ordering; `context`, `_fields`, `_embed`. */
export interface MenuItemListQuery extends MenuItemListFilters, ShapeParams<MenuItemShapes> {}
/** `MenuItemGetQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface MenuItemGetFilters extends Omit<ContextQuery, ShapeKey> {}
/** Query of `menuItems.get`: `context`, `_fields`, `_embed`. */
export interface MenuItemGetQuery extends MenuItemGetFilters, ShapeParams<MenuItemShapes> {}
/** Menu items in each context, their embeddable relations and read queries (see `Shaped`). */
export interface MenuItemShapes {
  /** A menu item in view context. */
  readonly view: MenuItemView;
  /** A menu item in edit context. */
  readonly edit: MenuItemEdit;
  /** A menu item in embed context. */
  readonly embed: MenuItemEmbed;
  /** Relations `_embed` embeds for a menu item (`wp:term`: its menu; the linked object). */
  readonly relations: 'wp:term' | 'wp:menu-item-object';
  /** Query of `list` without `context`, `_fields` and `_embed`. */
  readonly listFilters: MenuItemListFilters;
  /** Query of `get` without `context`, `_fields` and `_embed`. */
  readonly getFilters: MenuItemGetFilters;
}
/** Writable fields of a new menu item. */
export type MenuItemCreateParams = BodyOf<'POST /cms/v2/menu-items'>;
/** Writable fields of a menu item update. */
export type MenuItemUpdateParams = BodyOf<'PUT /cms/v2/menu-items/{id}'>;
/** A menu item autosave. */
export type MenuItemAutosave = Out<'GET /cms/v2/menu-items/{parent}/autosaves/{id}'>;

/**
 * Menu items: list, get, create, update, delete, autosaves. A stock WordPress refuses to trash
 * menu items (501 `rest_trash_not_supported`): delete them with `{ force: true }`.
 */
export class MenuItems extends ContentResource<'menu-items', MenuItemShapes> {
  /** Creates a menu item from its writable fields. */
  readonly create: CreateRecord<'menu-items'>;
  /** Autosaves of a menu item: `list(itemId)`, `create(itemId, fields)`, `get(itemId, id)`. */
  readonly autosaves: Autosaves<'menu-items', number, RevisionShapes>;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, 'menu-items');
    this.create = createMethod(context, 'menu-items');
    this.autosaves = new Autosaves(context, 'menu-items');
  }
}

/** `client.menuItems`: navigation menu items with their autosaves. */

import type { RequestCallOptions } from '../core/route-request.js';
import { ContentResource } from '../internal/content-resource.js';
import type { ResourceContext } from '../internal/resource.js';
import type { BodyOf, ListQueryOf, Out, QueryOf } from '../internal/routes.js';
import { Autosaves } from './autosaves.js';

/** A menu item as the server returns it. */
export type MenuItem = Out<'GET /cms/v2/menu-items/{id}'>;
/** Query of `menuItems.list` (default `per_page` 100, `orderby` menu_order, `order` asc). */
export type MenuItemListQuery = NonNullable<ListQueryOf<'GET /cms/v2/menu-items'>>;
/** Query of `menuItems.get`. */
export type MenuItemGetQuery = NonNullable<QueryOf<'GET /cms/v2/menu-items/{id}'>>;
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
export class MenuItems extends ContentResource<
  'GET /cms/v2/menu-items',
  'GET /cms/v2/menu-items/{id}',
  'PUT /cms/v2/menu-items/{id}',
  'DELETE /cms/v2/menu-items/{id}'
> {
  /** Autosaves of a menu item: `list(itemId)`, `create(itemId, fields)`, `get(itemId, id)`. */
  readonly autosaves: Autosaves<
    'GET /cms/v2/menu-items/{id}/autosaves',
    'POST /cms/v2/menu-items/{id}/autosaves',
    'GET /cms/v2/menu-items/{parent}/autosaves/{id}',
    number
  >;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, {
      list: 'GET /cms/v2/menu-items',
      get: 'GET /cms/v2/menu-items/{id}',
      update: 'PUT /cms/v2/menu-items/{id}',
      delete: 'DELETE /cms/v2/menu-items/{id}',
    });
    this.autosaves = new Autosaves(context, {
      list: 'GET /cms/v2/menu-items/{id}/autosaves',
      create: 'POST /cms/v2/menu-items/{id}/autosaves',
      get: 'GET /cms/v2/menu-items/{parent}/autosaves/{id}',
      listParentParam: 'id',
      parentParam: 'parent',
    });
  }

  /** Creates a record from its writable fields. */
  create(
    body: BodyOf<'POST /cms/v2/menu-items'>,
    options?: RequestCallOptions,
  ): Promise<Out<'POST /cms/v2/menu-items'>> {
    return this.send<Out<'POST /cms/v2/menu-items'>>('POST /cms/v2/menu-items', { body }, options);
  }
}

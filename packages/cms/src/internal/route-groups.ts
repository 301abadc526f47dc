/**
 * The route groups of a `CmsClient`, loaded on first use. The client starts with the posts
 * routes and their `compat: 'wordpress'` rules; every other group (pages, media, menu items,
 * blocks, templates, oembed, the site index, batch, seo, forms) comes in through `import()` the
 * first time one of its routes is called, so a bundler that splits code leaves it out of a page
 * that reads posts (docs/decisions/cms.md, "Browser bundle"). A route key names its group by its
 * path alone, so no list of keys ships with the client.
 */
import type { RouteDef, RouteTable } from '@viewlink/schemas';
import { ValidationError } from '@viewlink/transport';
import type { FieldRenames, RouteRule } from '../core/compat.js';
import type { RouteGroupLoader } from '../core/route-request.js';
import { groupOf, type LazyGroupName } from './group-of.js';

/** What a group module gives: its routes, their `compat: 'wordpress'` rules, and how renamed fields apply. */
export interface LoadedGroup {
  readonly routes: RouteTable;
  readonly rules?: readonly RouteRule[] | undefined;
  readonly renames?: FieldRenames | undefined;
}

/** The groups loaded on first use, each its own module (one chunk of a split bundle). */
const LOADERS = {
  pages: () => import('./groups/pages.js'),
  media: () => import('./groups/media.js'),
  'menu-items': () => import('./groups/menu-items.js'),
  blocks: () => import('./groups/blocks.js'),
  templates: () => import('./groups/templates.js'),
  oembed: () => import('./groups/oembed.js'),
  site: () => import('./groups/site.js'),
  batch: () => import('./groups/batch.js'),
  seo: () => import('./groups/seo.js'),
  forms: () => import('./groups/forms.js'),
} satisfies Record<LazyGroupName, () => Promise<{ readonly group: LoadedGroup }>>;

/** The routes and rules a client has loaded so far, and the loading of the others. */
export class RouteGroups implements RouteGroupLoader {
  /** The routes loaded so far (the requester's table; groups are added in place). */
  readonly table: Record<string, RouteDef>;
  /** The `compat: 'wordpress'` rules of the loaded groups. */
  readonly rules: RouteRule[];
  /** How renamed fields apply, once a group with renamed fields (blocks) is loaded. */
  #renames: FieldRenames | undefined;
  readonly #loading = new Map<LazyGroupName, Promise<void>>();
  readonly #loaded = new Set<string>(['posts']);

  constructor(posts: RouteTable, rules: readonly RouteRule[]) {
    this.table = { ...posts };
    this.rules = [...rules];
  }

  /**
   * Renames that apply those of the loaded groups: only the blocks group has renamed fields,
   * and it brings how to apply them.
   */
  readonly renames: FieldRenames = {
    served: (fields, names, needs) => this.#renames?.served(fields, names, needs) ?? [...fields],
    add: (data, names) => (this.#renames ? this.#renames.add(data, names) : data),
  };

  /** The group of `key` when it is not loaded yet (its routes are not in {@link table}), else `undefined`. */
  pending(key: string): LazyGroupName | undefined {
    if (Object.hasOwn(this.table, key)) return undefined;
    const name = groupOf(key);
    return name === undefined || this.#loaded.has(name) ? undefined : (name as LazyGroupName);
  }

  /** Loads the group of `key`; `undefined` when there is nothing to load (so a loaded route costs no await). */
  load(key: string): Promise<void> | undefined {
    const name = this.pending(key);
    return name === undefined ? undefined : this.#load(name);
  }

  /** See {@link RouteGroupLoader.refuseUnloaded}: here, so a client without groups (`PostsClient`) does not carry the message. */
  refuseUnloaded(key: string): void {
    const group = this.pending(key);
    if (group !== undefined)
      throw new ValidationError('route key', [
        {
          path: [],
          message: `${key} is in the ${group} routes, loaded on first use: call it through a method (or routes.call), or await routes.load('${key}') first`,
        },
      ]);
  }

  /** Loads every group. */
  async loadAll(): Promise<void> {
    await Promise.all((Object.keys(LOADERS) as LazyGroupName[]).map((name) => this.#load(name)));
  }

  #load(name: LazyGroupName): Promise<void> {
    let loading = this.#loading.get(name);
    if (loading === undefined) {
      loading = LOADERS[name]().then(({ group }) => {
        Object.assign(this.table, group.routes);
        if (group.rules) this.rules.push(...group.rules);
        if (group.renames) this.#renames = group.renames;
        this.#loaded.add(name);
      });
      // A failed import (a chunk the network lost) is tried again by the next call.
      loading.catch(() => this.#loading.delete(name));
      this.#loading.set(name, loading);
    }
    return loading;
  }
}

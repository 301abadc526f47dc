/**
 * What a `compat: 'wordpress'` rule is, and the rules more than one route group uses (and the
 * pages rules, which `PagesClient` and `CmsClient`'s pages group both take). A module of its own,
 * small, so the group modules a `CmsClient` loads on first use share it and not the compat engine.
 */
/** What happens to one spec field on the target server. */
export interface FieldRule {
  /** The name the server uses, when it differs. */
  readonly servedAs?: string;
  /** Why the server does not know the field: giving it is refused. */
  readonly unsupported?: string;
  /** The server takes one value where the spec takes a list: a one-item list is sent as its item. */
  readonly oneValue?: true;
  /** Rules for the keys of an object field (`meta`). */
  readonly keys?: Readonly<Record<string, FieldRule>>;
  /** The only values the server takes, when it takes fewer than the spec. */
  readonly allowed?: readonly unknown[];
  /** Rules for the keys of each object of a list field (`modifiers[i].type`). */
  readonly items?: Readonly<Record<string, FieldRule>>;
  /**
   * For an object field: why keys without a rule in `keys` are refused (the server registers no
   * such key and would drop it). Keys named in the client's `registeredMeta` option pass.
   */
  readonly otherKeys?: string;
}

/** The rules of the routes whose keys match `routes`. */
export interface RouteRule {
  /** Route keys (`METHOD /path`) the rule applies to. */
  readonly routes: RegExp;
  /** Query parameters, by spec name. */
  readonly query?: Readonly<Record<string, FieldRule>>;
  /** Body fields, by spec name. */
  readonly body?: Readonly<Record<string, FieldRule>>;
  /**
   * Record fields the server returns under another name (spec name, dotted into an object field
   * like `meta.pattern_sync_status`: served top-level name). `_fields` asks for them by the
   * served name, and each record of the response gets the spec's name back next to the served one.
   */
  readonly fields?: Readonly<Record<string, string>>;
  /**
   * `_fields` names the server needs besides a served field to fill it in (served name: extra
   * name). WordPress 6.5.5 computes `wp_pattern_sync_status` from `meta`, and answers `''` when
   * `_fields` leaves `meta` out.
   */
  readonly fieldNeeds?: Readonly<Record<string, string>>;
  /** Which object field of the route's resource `registeredMeta` extends (`media`, `menu-items`). */
  readonly metaOf?: keyof RegisteredMeta;
}

/**
 * Meta keys the site registers (`register_post_meta` with `show_in_rest`) on types where stock
 * WordPress 6.5.5 registers none. Under `compat: 'wordpress'` other keys are refused, since
 * WordPress answers 200 and stores nothing for them.
 */
export interface RegisteredMeta {
  /** Meta keys of media items (attachments). */
  readonly media?: readonly string[] | undefined;
  /** Meta keys of menu items. */
  readonly 'menu-items'?: readonly string[] | undefined;
}

/** Why a parameter of a newer WordPress is refused. */
const NEWER = 'WordPress 6.5.5 does not have this parameter (the spec follows a newer WordPress); it would be ignored';
/** Why meta keys are refused on a type where stock WordPress registers none (media, menu items). */
export const NO_META =
  'WordPress 6.5.5 registers no meta key on this type, so it answers 200 and stores nothing; name the keys your site registers in the `registeredMeta` option';
/** The block pattern fields WordPress 6.5.5 names differently (spec name: served name). */
export const BLOCK_FIELD_NAMES: Readonly<Record<string, string>> = {
  pattern_category: 'wp_pattern_category',
  'meta.pattern_sync_status': 'wp_pattern_sync_status',
};

/** `search_semantics`, which WordPress 6.5.5 lacks (lists of posts, pages, media, menu items, blocks). */
export const SEARCH_SEMANTICS: RouteRule = {
  routes: /^GET \/cms\/v2\/(posts|pages|media|menu-items|blocks)$/,
  query: { search_semantics: { unsupported: NEWER } },
};
/** `excerpt_length`, which WordPress 6.5.5 lacks (items of posts, pages, blocks). */
export const EXCERPT_LENGTH: RouteRule = {
  routes: /^GET \/cms\/v2\/(posts|pages|blocks)\/\{id\}$/,
  query: { excerpt_length: { unsupported: NEWER } },
};
/** `parent` on an autosave route (pages, menu items), which WordPress 6.5.5 reads as the record's id. */
export const AUTOSAVE_PARENT: RouteRule = {
  routes: /^POST \/cms\/v2\/(pages|menu-items)\/\{id\}\/autosaves$/,
  body: {
    parent: {
      unsupported:
        'WordPress 6.5.5 reads `parent` on an autosave route as the id of the autosaved record, not as a field',
    },
  },
};

/** The rules of `WORDPRESS_RULES` that apply to the pages routes, in the same order. */
export const WORDPRESS_PAGE_RULES: readonly RouteRule[] = [SEARCH_SEMANTICS, EXCERPT_LENGTH, AUTOSAVE_PARENT];

/**
 * `orderby` values WordPress 6.5.5 answers 400 for when another parameter is empty (value: that
 * parameter), on the lists of posts, pages, media, menu items, blocks and revisions; the spec
 * orders by it, so the rule holds under any profile.
 */
const ORDERBY_NEEDS: Readonly<Record<string, string>> = { include: 'include', relevance: 'search' };
/** The lists {@link ORDERBY_NEEDS} applies to. */
const ORDERED_LISTS =
  /^GET \/cms\/v2\/(posts|pages|media|menu-items|blocks|(posts|pages|blocks)\/\{parent\}\/revisions)$/;

/**
 * The issue of a list query ordered by what it does not give (`orderby: 'include'` without
 * `include`), checked before sending: WordPress 6.5.5 would answer 400.
 */
export function orderbyIssue(
  key: string,
  query: Readonly<Record<string, unknown>> | undefined,
): { path: string[]; message: string } | undefined {
  const orderby = query?.orderby;
  const needed =
    typeof orderby === 'string' && Object.hasOwn(ORDERBY_NEEDS, orderby) ? ORDERBY_NEEDS[orderby] : undefined;
  if (needed === undefined || !ORDERED_LISTS.test(key)) return undefined;
  const given = query?.[needed];
  if (Array.isArray(given) ? given.length > 0 : given !== undefined && given !== '') return undefined;
  return {
    path: ['orderby'],
    message: `'${orderby}' needs a non-empty \`${needed}\` (WordPress answers 400 without one)`,
  };
}

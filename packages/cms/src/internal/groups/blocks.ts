/**
 * The reusable block routes and their `compat: 'wordpress'` rules (the only ones with renamed
 * fields, so the renames come with them), loaded by a `CmsClient` on first use (internal/route-groups.ts).
 */
import { blockRoutes } from '@viewlink/schemas';
import type { RouteRule } from '../../core/compat.js';
import { BLOCK_FIELD_NAMES, EXCERPT_LENGTH, SEARCH_SEMANTICS } from '../../core/shared-rules.js';
import { FIELD_RENAMES } from '../field-renames.js';
import type { LoadedGroup } from '../route-groups.js';

/** Block writes: pattern fields by WordPress 6.5.5's names, its sync statuses, no excerpt. */
export const BLOCK_WRITE: RouteRule = {
  routes: /^(POST|PUT|PATCH) \/cms\/v2\/blocks(\/\{id\}(\/autosaves)?)?$/,
  body: {
    pattern_category: { servedAs: 'wp_pattern_category' },
    // WordPress 6.5.5 refuses '' (the spec's default, "synced") with 400 rest_not_in_enum.
    meta: { keys: { pattern_sync_status: { servedAs: 'wp_pattern_sync_status', allowed: ['partial', 'unsynced'] } } },
    excerpt: { unsupported: 'WordPress 6.5.5 reusable blocks have no excerpt; it would be ignored' },
  },
};
/** Every route that answers with block records (reads, writes, autosaves, a forced delete's `previous`). */
export const BLOCK_RECORDS: RouteRule = {
  routes: /^(GET|POST|PUT|PATCH|DELETE) \/cms\/v2\/blocks(\/\{id\}(\/autosaves(\/\{id\})?)?)?$/,
  fields: BLOCK_FIELD_NAMES,
  fieldNeeds: { wp_pattern_sync_status: 'meta.wp_pattern_sync_status' },
};
/** The blocks list's pattern category filters, by WordPress 6.5.5's names. */
export const BLOCK_LIST: RouteRule = {
  routes: /^GET \/cms\/v2\/blocks$/,
  query: {
    pattern_category: { servedAs: 'wp_pattern_category' },
    pattern_category_exclude: { servedAs: 'wp_pattern_category_exclude' },
  },
};

/** The rules of `WORDPRESS_RULES` that apply to the reusable block routes, in the same order. */
export const WORDPRESS_BLOCK_RULES: readonly RouteRule[] = [
  BLOCK_WRITE,
  BLOCK_RECORDS,
  BLOCK_LIST,
  SEARCH_SEMANTICS,
  EXCERPT_LENGTH,
];

/** The routes, their rules, and how renamed fields apply. */
export const group: LoadedGroup = { routes: blockRoutes, rules: WORDPRESS_BLOCK_RULES, renames: FIELD_RENAMES };

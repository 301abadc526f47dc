/**
 * `WORDPRESS_RULES`: every `compat: 'wordpress'` rule, of every route group, in one list. A
 * `CmsClient` does not use it (it adds each group's rules as the group loads, so a browser bundle
 * carries only those of the groups a page calls); it is the whole profile for reading and for tests.
 */
import { BLOCK_LIST, BLOCK_RECORDS, BLOCK_WRITE } from '../internal/groups/blocks.js';
import { MEDIA_EDIT, MEDIA_LIST, MEDIA_META } from '../internal/groups/media.js';
import { MENU_ITEM_META } from '../internal/groups/menu-items.js';
import { TEMPLATE_ID } from '../internal/groups/templates.js';
import { POST_LIST, POST_SEO_META, type RouteRule } from './compat.js';
import { AUTOSAVE_PARENT, EXCERPT_LENGTH, SEARCH_SEMANTICS } from './shared-rules.js';

/** Stock WordPress 6.5.5 against the spec, per route. */
export const WORDPRESS_RULES: readonly RouteRule[] = [
  BLOCK_WRITE,
  BLOCK_RECORDS,
  BLOCK_LIST,
  SEARCH_SEMANTICS,
  POST_LIST,
  EXCERPT_LENGTH,
  MEDIA_LIST,
  POST_SEO_META,
  MEDIA_EDIT,
  MEDIA_META,
  MENU_ITEM_META,
  TEMPLATE_ID,
  AUTOSAVE_PARENT,
];

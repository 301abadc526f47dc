/** The media routes and their `compat: 'wordpress'` rules, loaded by a `CmsClient` on first use (internal/route-groups.ts). */
import { mediaRoutes } from '@viewlink/schemas';
import type { FieldRule, RouteRule } from '../../core/compat.js';
import { NO_META, SEARCH_SEMANTICS } from '../../core/shared-rules.js';
import type { LoadedGroup } from '../route-groups.js';

/** A field WordPress 6.5.5's image edit route does not take (the spec's does). Pure, so unused rules drop out of bundles. */
/* @__NO_SIDE_EFFECTS__ */
function notOnImageEdit(name: string): FieldRule {
  return { unsupported: `WordPress 6.5.5's image edit route does not take ${name}; it would be ignored` };
}

/** One value each for `media_type` and `mime_type` (WordPress 6.5.5 takes no list). */
export const MEDIA_LIST: RouteRule = {
  routes: /^GET \/cms\/v2\/media$/,
  query: { media_type: { oneValue: true }, mime_type: { oneValue: true } },
};
/** The image edit route's fields WordPress 6.5.5 does not take. */
export const MEDIA_EDIT: RouteRule = {
  routes: /^POST \/cms\/v2\/media\/\{id\}\/edit$/,
  body: {
    caption: notOnImageEdit('caption'),
    description: notOnImageEdit('description'),
    title: notOnImageEdit('title'),
    post: notOnImageEdit('post'),
    alt_text: notOnImageEdit('alt_text'),
    // 6.5.5 advertises rotate and crop modifiers only, and answers 400 to a flip.
    modifiers: { items: { type: { allowed: ['rotate', 'crop'] } } },
  },
};
/** Media meta keys: only those the site registers (`registeredMeta`). */
export const MEDIA_META: RouteRule = {
  routes: /^(POST|PUT|PATCH) \/cms\/v2\/media(\/\{id\})?$/,
  body: { meta: { otherKeys: NO_META } },
  metaOf: 'media',
};

/** The rules of `WORDPRESS_RULES` that apply to the media routes, in the same order. */
export const WORDPRESS_MEDIA_RULES: readonly RouteRule[] = [SEARCH_SEMANTICS, MEDIA_LIST, MEDIA_EDIT, MEDIA_META];

/** The routes and their rules. */
export const group: LoadedGroup = { routes: mediaRoutes, rules: WORDPRESS_MEDIA_RULES };

/** Shared seo/v1 building blocks: the route helper, open enums, editor and platform values, loose responses. */

import * as z from 'zod/mini';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { type RouteDef, route } from '../../route.js';

/**
 * Declares one seo/v1 route: namespace `seo` and `notOnWordPress` are filled in, because the
 * plugin behind seo/v1 cannot run on the offline WordPress the contract tests use.
 */
export function seoRoute<const R extends Omit<RouteDef, 'namespace' | 'notOnWordPress'>>(
  def: R,
): R & { readonly namespace: 'seo'; readonly notOnWordPress: true } {
  return route({ ...def, namespace: 'seo', notOnWordPress: true });
}

/** A known value, or any other string (IDE autocomplete lists the known ones; the set stays open). */
export type OpenEnum<T extends string> = T | (string & {});

/**
 * A string schema that lists known values (OpenAPI shows them) but accepts any string, for
 * values the spec names only loosely and the service may extend.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<OpenEnum<T[number]>, OpenEnum<T[number]>> {
  return z.union([z.enum(values), z.string()]) as z.ZodMiniType<OpenEnum<T[number]>, OpenEnum<T[number]>>;
}

/**
 * Editors known to the real plugin (Yoast SEO's REST args: `classic`, `elementor`, `gutenberg`).
 * The spec says "classic, or one of two named editors".
 */
export const SEO_KNOWN_EDITORS = ['classic', 'elementor', 'gutenberg'] as const;
/** The editor a request comes from: `classic`, `elementor`, `gutenberg`, or another editor's name. */
export const seoEditor = /* @__PURE__ */ lazy(() => openEnum(SEO_KNOWN_EDITORS));
/** Type of {@link seoEditor}. */
export type { SeoEditor } from '../../generated/types.js';

/**
 * Platforms known to the real plugin (Yoast SEO: `Google` for search, `Facebook` and `Twitter`
 * for social). The spec says "one of three values naming a search platform and two social platforms".
 */
export const SEO_KNOWN_PLATFORMS = ['Google', 'Facebook', 'Twitter'] as const;
/** The platform a suggestion is for: `Google` (search), `Facebook` or `Twitter` (social), or another name. */
export const seoPlatform = /* @__PURE__ */ lazy(() => openEnum(SEO_KNOWN_PLATFORMS));
/** Type of {@link seoPlatform}. */
export type { SeoPlatform } from '../../generated/types.js';

/** Response body the spec does not show: any JSON value (the plugin answers objects, strings, arrays, booleans). */
export const seoUnknown = /* @__PURE__ */ lazy(() => z.unknown());

/** `{ is_dismissed }` body of the permanent-dismissal routes. */
export const seoDismissalBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    is_dismissed: described(z.boolean(), 'Whether it is dismissed for good (true dismisses it).'),
  }),
);
/** Input type of {@link seoDismissalBody}. */
export type { SeoDismissalBody } from '../../generated/types.js';

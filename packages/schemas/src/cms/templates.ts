/** Templates: writable fields (autosave route) and record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import {
  cmsContext,
  cmsWritableStatus,
  contentField,
  emptyArrayAsObject,
  linksField,
  renderedField,
  shapeQuery,
} from './common.js';

/**
 * Template `content` or `title` as written: a string, or an object whose known keys WordPress
 * checks (`raw`, `rendered` strings, `block_version` integer); other keys pass, as on WordPress.
 */
export const templateText = /* @__PURE__ */ lazy(() =>
  z.union([
    z.string(),
    z.looseObject({
      raw: z.optional(z.string()),
      rendered: z.optional(z.string()),
      block_version: z.optional(z.int()),
    }),
  ]),
);
/**
 * Template slug: WordPress 6.5.5 checks its pattern `[a-zA-Z0-9_%-]+` unanchored (one such
 * character somewhere) and makes the rest a slug itself (`my slug` is saved as `my-slug`).
 */
export const templateSlug = /* @__PURE__ */ lazy(() => z.string().check(z.minLength(1), z.regex(/[\w%-]/)));
/** Writable template fields (update and autosave); the spec cuts the list off, WordPress 6.5.5 adds `author`. */
export const templateWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    id: z.optional(z.string()),
    slug: z.optional(templateSlug),
    theme: z.optional(z.string()),
    type: z.optional(z.string()),
    content: z.optional(templateText),
    title: z.optional(templateText),
    description: z.optional(z.string()),
    status: z.optional(cmsWritableStatus),
    author: z.optional(z.int()),
  }),
);
/** Template create body: `slug` is required, and WordPress fills in the defaults below. */
export const templateCreate = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...templateWrite.shape,
    slug: templateSlug,
    content: z._default(templateText, ''),
    title: z._default(templateText, ''),
    description: z._default(z.string(), ''),
    status: z._default(cmsWritableStatus, 'publish'),
  }),
);
/** Input type of a template create body. */
export type { TemplateCreate } from '../generated/types.js';
/** GET /cms/v2/templates query: context, and WordPress's filters by post id, template part area and post type. */
export const templatesQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    context: z._default(cmsContext, 'view'),
    ...shapeQuery,
    wp_id: z.optional(z.int()),
    area: z.optional(z.string()),
    post_type: z.optional(z.string()),
  }),
);
/** Input type of the templates query. */
/** Input type of a template body. */
export type { TemplatesQuery, TemplateWrite } from '../generated/types.js';
/** A template as returned; revisions of templates carry the template id too. */
export const templateRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.union([z.string(), z.int()]),
    theme: z.optional(z.string()),
    // In embed context WordPress leaves no part of the content and sends an empty PHP array, `[]`.
    content: z.optional(emptyArrayAsObject(contentField)),
    slug: z.optional(z.string()),
    source: z.optional(z.string()),
    origin: z.optional(z.nullable(z.string())),
    type: z.optional(z.string()),
    description: z.optional(z.string()),
    title: z.optional(emptyArrayAsObject(renderedField)),
    status: z.optional(z.string()),
    wp_id: z.optional(z.int()),
    has_theme_file: z.optional(z.boolean()),
    is_custom: z.optional(z.boolean()),
    author: z.optional(z.int()),
    // A date string, but `false` for a theme file never saved (fixture template-one).
    modified: z.optional(z.union([z.string(), z.boolean()])),
    author_text: z.optional(z.string()),
    original_source: z.optional(z.string()),
    // Revisions and autosaves carry the id of the template post they belong to.
    parent: z.optional(z.int()),
    _links: z.optional(linksField),
  }),
);
/** Type of a template record. */
export type TemplateRecord = T.Template;

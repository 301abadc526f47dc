/** Templates: writable fields (autosave route) and record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import {
  cmsWritableStatus,
  contentField,
  contextParam,
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
      raw: described(z.optional(z.string()), 'The text as stored (block markup for content).'),
      rendered: described(z.optional(z.string()), 'The text as HTML.'),
      block_version: described(z.optional(z.int()), 'Version of the block format of the content.'),
    }),
  ]),
);
/**
 * Template slug: WordPress 6.5.5 checks its pattern `[a-zA-Z0-9_%-]+` unanchored (one such
 * character somewhere) and makes the rest a slug itself (`my slug` is saved as `my-slug`).
 */
export const templateSlug = /* @__PURE__ */ lazy(() =>
  described(
    z.string().check(z.minLength(1), z.regex(/[\w%-]/, 'must hold at least one letter, digit, _, % or -')),
    'Slug of the template, e.g. `home` or `single-post`.',
  ),
);
/** Writable template fields (update and autosave); the spec cuts the list off, WordPress 6.5.5 adds `author`. */
export const templateWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    id: described(
      z.optional(z.string()),
      "Template id, `theme//slug` (refused by `compat: 'wordpress'`, which takes it from the path).",
    ),
    slug: described(z.optional(templateSlug), 'Slug of the template, e.g. `home` or `single-post`.'),
    theme: described(z.optional(z.string()), 'Theme the template belongs to, e.g. `twentytwentyfour`.'),
    type: described(z.optional(z.string()), '`wp_template` or `wp_template_part`.'),
    content: described(z.optional(templateText), 'Content (block markup): a string, or an object with `raw`.'),
    title: described(z.optional(templateText), 'Title: a string, or an object with `raw`.'),
    description: described(z.optional(z.string()), 'Description of the template.'),
    status: described(z.optional(cmsWritableStatus), 'Publication status.'),
    author: described(z.optional(z.int()), 'User id of the author.'),
  }),
);
/** Template create body: `slug` is required, and WordPress fills in the defaults below. */
export const templateCreate = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...templateWrite.shape,
    slug: templateSlug,
    content: described(
      z._default(templateText, ''),
      'Content (block markup): a string, or an object with `raw` (empty by default).',
    ),
    title: described(z._default(templateText, ''), 'Title: a string, or an object with `raw` (empty by default).'),
    description: described(z._default(z.string(), ''), 'Description of the template (empty by default).'),
    status: described(z._default(cmsWritableStatus, 'publish'), 'Publication status, `publish` by default.'),
  }),
);
/** Input type of a template create body. */
export type { TemplateCreate } from '../generated/types.js';
/** GET /cms/v2/templates query: context, and WordPress's filters by post id, template part area and post type. */
export const templatesQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    context: contextParam(),
    ...shapeQuery,
    wp_id: described(z.optional(z.int()), 'Only the template stored as this post id.'),
    area: described(z.optional(z.string()), 'Only template parts of this area, e.g. `header` or `footer`.'),
    post_type: described(z.optional(z.string()), 'Only templates that can render this post type.'),
  }),
);
/** Input type of the templates query. */
/** Input type of a template body. */
export type { TemplatesQuery, TemplateWrite } from '../generated/types.js';
/** A template as returned; revisions of templates carry the template id too. */
export const templateRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(
      z.union([z.string(), z.int()]),
      "Template id, `theme//slug` (a revision list carries the template's id here and its own number in `wp_id`).",
    ),
    theme: described(z.optional(z.string()), 'Theme the template belongs to.'),
    // In embed context WordPress leaves no part of the content and sends an empty PHP array, `[]`.
    content: described(
      z.optional(emptyArrayAsObject(contentField)),
      'Content: `raw` block markup and `block_version` (WordPress sends `[]` in embed context).',
    ),
    slug: described(z.optional(z.string()), 'Slug of the template.'),
    source: described(z.optional(z.string()), 'Where the template comes from: `theme`, `plugin` or `custom`.'),
    origin: described(
      z.optional(z.nullable(z.string())),
      'Source of a customized template: `theme`, `plugin` or null.',
    ),
    type: described(z.optional(z.string()), '`wp_template` or `wp_template_part`.'),
    description: described(z.optional(z.string()), 'Description of the template.'),
    title: described(
      z.optional(emptyArrayAsObject(renderedField)),
      'Title: `rendered`, with `raw` in edit context (WordPress sends `[]` in embed context).',
    ),
    status: described(z.optional(z.string()), 'Publication status.'),
    wp_id: described(
      z.optional(z.int()),
      'Id of the post that stores the template (absent for a theme file never saved).',
    ),
    has_theme_file: described(z.optional(z.boolean()), 'Whether the theme has a file for this template.'),
    is_custom: described(z.optional(z.boolean()), 'Whether the template was made by a user rather than a theme.'),
    author: described(z.optional(z.int()), 'User id of the author.'),
    // A date string, but `false` for a theme file never saved (fixture template-one).
    modified: described(
      z.optional(z.union([z.string(), z.boolean()])),
      'When the template was last modified; false for a theme file never saved.',
    ),
    author_text: described(z.optional(z.string()), "Readable name of the author or source, e.g. the theme's name."),
    original_source: described(
      z.optional(z.string()),
      'Where the template came from originally: `theme`, `plugin`, `site` or `user`.',
    ),
    // Revisions and autosaves carry the id of the template post they belong to.
    parent: described(z.optional(z.int()), 'Revisions and autosaves: id of the template post they belong to.'),
    _links: described(z.optional(linksField), 'Links to related resources (HAL).'),
  }),
);
/** Type of a template record. */
export type TemplateRecord = T.Template;

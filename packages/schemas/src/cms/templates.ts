/** Templates: writable fields (autosave route) and record. */
import * as z from 'zod/mini';
import { cmsWritableStatus, contentField, linksField, renderedField } from './common.js';

/** Writable template fields; the spec cuts the list off, so unknown fields are rejected only by name here. */
export const templateWrite = z.strictObject({
  id: z.optional(z.string()),
  slug: z.optional(z.string().check(z.minLength(1), z.regex(/^[\w%-]+$/))),
  theme: z.optional(z.string()),
  type: z.optional(z.string()),
  content: z.optional(z.union([z.string(), z.record(z.string(), z.unknown())])),
  title: z.optional(z.union([z.string(), z.record(z.string(), z.unknown())])),
  description: z.optional(z.string()),
  status: z.optional(cmsWritableStatus),
});
/** Input type of a template body. */
export type TemplateWrite = z.input<typeof templateWrite>;
/** A template as returned; revisions of templates carry the template id too. */
export const templateRecord = z.looseObject({
  id: z.union([z.string(), z.int()]),
  theme: z.optional(z.string()),
  content: z.optional(contentField),
  slug: z.optional(z.string()),
  source: z.optional(z.string()),
  origin: z.optional(z.nullable(z.string())),
  type: z.optional(z.string()),
  description: z.optional(z.string()),
  title: z.optional(renderedField),
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
});
/** Type of a template record. */
export type TemplateRecord = z.infer<typeof templateRecord>;

/** Templates: writable fields (autosave route) and record. */
import * as z from 'zod/mini';
import { cmsWritableStatus } from './common.js';

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
  slug: z.optional(z.string()),
  theme: z.optional(z.string()),
  type: z.optional(z.string()),
});
/** Type of a template record. */
export type TemplateRecord = z.infer<typeof templateRecord>;

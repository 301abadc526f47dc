/** Revisions and autosaves: queries and records. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import {
  cmsContext,
  cmsOrder,
  contentField,
  excerptField,
  linksField,
  metaField,
  pageParam,
  perPageInt,
  renderedField,
  shapeQuery,
} from './common.js';

/** GET .../revisions query (per_page has no default). */
export const revisionsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    context: z._default(cmsContext, 'view'),
    ...shapeQuery,
    page: pageParam,
    per_page: z.optional(perPageInt()),
    search: z.optional(z.string()),
    exclude: z._default(z.array(z.int()), []),
    include: z._default(z.array(z.int()), []),
    offset: z.optional(z.int().check(z.minimum(0))),
    order: z._default(cmsOrder, 'desc'),
    orderby: z._default(z.enum(['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title']), 'date'),
  }),
);
/** Input type of the revisions query. */
export type { RevisionsQuery } from '../generated/types.js';
/** A revision or autosave of a post, page or block. */
export const revisionRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.int(),
    author: z.optional(z.int()),
    date: z.optional(z.nullable(z.string())),
    date_gmt: z.optional(z.nullable(z.string())),
    modified: z.optional(z.string()),
    modified_gmt: z.optional(z.string()),
    parent: z.optional(z.int()),
    slug: z.optional(z.string()),
    guid: z.optional(renderedField),
    title: z.optional(renderedField),
    content: z.optional(contentField),
    excerpt: z.optional(excerptField),
    meta: z.optional(metaField),
    // Autosaves only: the URL that previews the unsaved changes.
    preview_link: z.optional(z.string()),
    _links: z.optional(linksField),
  }),
);
/** Type of a revision record. */
export type RevisionRecord = T.Revision;

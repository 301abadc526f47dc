/** Revisions and autosaves: queries and records. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import {
  cmsOrder,
  contentField,
  contextParam,
  excerptField,
  linksField,
  listParam,
  metaField,
  pageParam,
  perPageInt,
  renderedField,
  shapeQuery,
} from './common.js';

/** GET .../revisions query (per_page has no default). */
export const revisionsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    context: contextParam(),
    ...shapeQuery,
    page: pageParam,
    per_page: described(z.optional(perPageInt()), 'Revisions per page, 1-100; every revision when omitted.'),
    search: described(z.optional(z.string()), 'Only revisions matching this text.'),
    exclude: described(z._default(listParam(z.int()), []), 'Leave out these revision ids.'),
    include: described(z._default(listParam(z.int()), []), 'Only these revision ids.'),
    offset: described(z.optional(z.int().check(z.minimum(0))), 'Skip this many revisions (instead of `page`).'),
    order: described(z._default(cmsOrder, 'desc'), 'Sort direction, `desc` by default.'),
    orderby: described(
      z._default(z.enum(['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title']), 'date'),
      'Sort field, `date` by default.',
    ),
  }),
);
/** Input type of the revisions query. */
export type { RevisionsQuery } from '../generated/types.js';
/** A revision or autosave of a post, page or block. */
export const revisionRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.int(), 'Id of the revision or autosave.'),
    author: described(z.optional(z.int()), 'User id of who made the revision.'),
    date: described(z.optional(z.nullable(z.string())), "When the revision was made, in the site's timezone."),
    date_gmt: described(z.optional(z.nullable(z.string())), 'When the revision was made, in UTC.'),
    modified: described(z.optional(z.string()), "When the revision was last modified, in the site's timezone."),
    modified_gmt: described(z.optional(z.string()), 'When the revision was last modified, in UTC.'),
    parent: described(z.optional(z.int()), 'Id of the record the revision belongs to.'),
    slug: described(z.optional(z.string()), 'Slug of the revision, e.g. `12-revision-v1` or `12-autosave-v1`.'),
    guid: described(z.optional(renderedField), 'Globally unique identifier of the revision.'),
    title: described(z.optional(renderedField), 'Title at this revision.'),
    content: described(z.optional(contentField), 'Content at this revision.'),
    excerpt: described(z.optional(excerptField), 'Excerpt at this revision.'),
    meta: described(z.optional(metaField), 'Meta fields at this revision.'),
    // Autosaves only: the URL that previews the unsaved changes.
    preview_link: described(z.optional(z.string()), 'Autosaves only: the URL that previews the unsaved changes.'),
    _links: described(z.optional(linksField), 'Links to related resources (HAL).'),
  }),
);
/** Type of a revision record. */
export type RevisionRecord = T.Revision;

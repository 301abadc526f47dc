/** seo/v1 import: bring SEO data over from another plugin. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** `{plugin}` and `{type}` of the import route: letters, digits, underscore, hyphen. */
export const SEO_IMPORT_SEGMENT_PATTERN = /^[A-Za-z0-9_-]+$/;
/** What a refused segment must be, read after its name (`plugin must be ...`). */
const SEGMENT_PROBLEM = 'must be letters, digits, _ or - (e.g. `aioseo`)';
/** `{plugin}/{type}` path params, e.g. `{ plugin: 'aioseo', type: 'posts' }`. */
export const seoImportParams = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    plugin: described(
      z.string().check(z.regex(SEO_IMPORT_SEGMENT_PATTERN, SEGMENT_PROBLEM)),
      'SEO plugin to import from, e.g. `aioseo` (letters, digits, `_`, `-`).',
    ),
    type: described(
      z.string().check(z.regex(SEO_IMPORT_SEGMENT_PATTERN, SEGMENT_PROBLEM)),
      'Kind of data to import, e.g. `posts` (letters, digits, `_`, `-`).',
    ),
  }),
);
/** Input type of {@link seoImportParams}. */
export type { SeoImportParams } from '../../generated/types.js';

/** Import routes. */
export const seoImportRoutes: T.SeoImportRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'POST /seo/v1/import/{plugin}/{type}': seoRoute({
      method: 'POST',
      path: '/seo/v1/import/{plugin}/{type}',
      operationId: 'seoImport',
      summary: "Import the next batch of one kind (`type`) of another SEO plugin's (`plugin`) data.",
      params: seoImportParams,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);

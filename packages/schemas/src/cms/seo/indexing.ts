/** seo/v1 indexing: build the SEO data of posts, terms, archives and links in batches. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute } from './common.js';

/**
 * Answer of every indexing step in the real plugin: the objects indexed in this batch and the
 * URL of the next batch (`false` when done). Both optional, extra fields kept.
 */
export const seoIndexingResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    objects: described(z.optional(z.array(z.unknown())), 'Objects indexed in this batch.'),
    next_url: described(
      z.optional(z.union([z.string(), z.literal(false)])),
      'URL of the route that indexes the next batch; `false` when there is none left.',
    ),
  }),
);
/** Type of {@link seoIndexingResponse}. */
export type { SeoIndexingResponse } from '../../generated/types.js';

/** Indexing routes: none takes parameters. */
export const seoIndexingRoutes: T.SeoIndexingRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'POST /seo/v1/indexing/posts': seoRoute({
      method: 'POST',
      path: '/seo/v1/indexing/posts',
      operationId: 'seoIndexPosts',
      summary: 'Index the next batch of posts.',
      response: seoIndexingResponse,
      auth: 'required',
    }),
    'POST /seo/v1/indexing/terms': seoRoute({
      method: 'POST',
      path: '/seo/v1/indexing/terms',
      operationId: 'seoIndexTerms',
      summary: 'Index the next batch of terms.',
      response: seoIndexingResponse,
      auth: 'required',
    }),
    'POST /seo/v1/indexing/post-type-archives': seoRoute({
      method: 'POST',
      path: '/seo/v1/indexing/post-type-archives',
      operationId: 'seoIndexPostTypeArchives',
      summary: 'Index the next batch of post type archives.',
      response: seoIndexingResponse,
      auth: 'required',
    }),
    'POST /seo/v1/indexing/general': seoRoute({
      method: 'POST',
      path: '/seo/v1/indexing/general',
      operationId: 'seoIndexGeneral',
      summary: 'Index the general pages (home, search, 404 and the like).',
      response: seoIndexingResponse,
      auth: 'required',
    }),
    'POST /seo/v1/indexing/prepare': seoRoute({
      method: 'POST',
      path: '/seo/v1/indexing/prepare',
      operationId: 'seoPrepareIndexing',
      summary: 'Prepare an indexing run, before the batches of posts, terms and archives.',
      response: seoIndexingResponse,
      auth: 'required',
    }),
    'POST /seo/v1/indexing/indexables-complete': seoRoute({
      method: 'POST',
      path: '/seo/v1/indexing/indexables-complete',
      operationId: 'seoCompleteIndexables',
      summary: 'Mark the indexing of indexables (posts, terms, archives) as complete.',
      response: seoIndexingResponse,
      auth: 'required',
    }),
    'POST /seo/v1/indexing/complete': seoRoute({
      method: 'POST',
      path: '/seo/v1/indexing/complete',
      operationId: 'seoCompleteIndexing',
      summary: 'Mark the indexing run as complete.',
      response: seoIndexingResponse,
      auth: 'required',
    }),
    'POST /seo/v1/link-indexing/posts': seoRoute({
      method: 'POST',
      path: '/seo/v1/link-indexing/posts',
      operationId: 'seoIndexPostLinks',
      summary: 'Index the links of the next batch of posts.',
      response: seoIndexingResponse,
      auth: 'required',
    }),
    'POST /seo/v1/link-indexing/terms': seoRoute({
      method: 'POST',
      path: '/seo/v1/link-indexing/terms',
      operationId: 'seoIndexTermLinks',
      summary: 'Index the links of the next batch of terms.',
      response: seoIndexingResponse,
      auth: 'required',
    }),
  }),
);

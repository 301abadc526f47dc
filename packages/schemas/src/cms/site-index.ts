/** GET / : the site index. */

import * as z from 'zod/mini';
import { lazy } from '../internal/lazy.js';

/** One endpoint of a route in the site index; `allow_batch.v1` marks batchable ones. */
export const siteIndexEndpoint = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    methods: z.array(z.string()),
    // Empty args come as `[]` (PHP empty array).
    args: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
    allow_batch: z.optional(z.looseObject({ v1: z.optional(z.boolean()) })),
  }),
);
/** One route of the site index. */
export const siteIndexRoute = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    namespace: z.string(),
    methods: z.array(z.string()),
    endpoints: z.array(siteIndexEndpoint),
    _links: z.optional(z.looseObject({ self: z.optional(z.array(z.looseObject({ href: z.string() }))) })),
  }),
);
/** Site index; `authentication` is `[]` (PHP empty array) when application passwords are off. */
export const siteIndex = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    name: z.string(),
    description: z.string(),
    url: z.string(),
    home: z.string(),
    gmt_offset: z.union([z.string(), z.number()]),
    timezone_string: z.string(),
    // Absent from WordPress 6.5.5 responses, listed by the spec.
    show_on_front: z.optional(z.string()),
    page_for_posts: z.optional(z.int()),
    page_on_front: z.optional(z.int()),
    namespaces: z.array(z.string()),
    authentication: z.union([
      z.array(z.unknown()),
      z.looseObject({
        'application-passwords': z.optional(z.looseObject({ endpoints: z.looseObject({ authorization: z.string() }) })),
      }),
    ]),
    routes: z.record(z.string(), siteIndexRoute),
  }),
);
/** Type of the site index. */
export type { SiteIndex } from '../generated/types.js';
/** GET / (and namespace index) query. */
export const siteIndexQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({ context: z._default(z.enum(['view', 'embed', 'edit']), 'view') }),
);
/** GET /oembed/1.0 style namespace index query. */
export const namespaceIndexQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    namespace: z.optional(z.string()),
    context: z._default(z.enum(['view', 'embed', 'edit']), 'view'),
  }),
);
/** A namespace index response. */
export const namespaceIndex = /* @__PURE__ */ lazy(() =>
  z.looseObject({ namespace: z.string(), routes: z.record(z.string(), siteIndexRoute) }),
);

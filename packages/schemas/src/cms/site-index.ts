/** GET / : the site index. */

import * as z from 'zod/mini';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { stringMap } from '../internal/string-map.js';

/** One endpoint of a route in the site index; `allow_batch.v1` marks batchable ones. */
export const siteIndexEndpoint = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    methods: described(z.array(z.string()), 'HTTP methods of this endpoint.'),
    // Empty args come as `[]` (PHP empty array).
    args: described(
      z.optional(z.union([z.array(z.unknown()), stringMap(z.unknown())])),
      'Arguments the endpoint takes, each with its JSON schema.',
    ),
    allow_batch: described(
      z.optional(z.looseObject({ v1: z.optional(z.boolean()) })),
      '`{ v1: true }` when /batch/v1 accepts this endpoint.',
    ),
  }),
);
/** One route of the site index. */
export const siteIndexRoute = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    namespace: described(z.string(), 'Namespace the route belongs to, e.g. `wp/v2`.'),
    methods: described(z.array(z.string()), 'HTTP methods the route answers.'),
    endpoints: described(z.array(siteIndexEndpoint), 'One entry per handler, with its methods and arguments.'),
    _links: described(
      z.optional(z.looseObject({ self: z.optional(z.array(z.looseObject({ href: z.string() }))) })),
      'Link to the route itself when it has no path parameters.',
    ),
  }),
);
/** Site index; `authentication` is `[]` (PHP empty array) when application passwords are off. */
export const siteIndex = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    name: described(z.string(), 'Site title.'),
    description: described(z.string(), 'Site tagline.'),
    url: described(z.string(), 'URL of the WordPress installation.'),
    home: described(z.string(), "URL of the site's front page."),
    gmt_offset: described(z.union([z.string(), z.number()]), "Offset of the site's timezone from UTC, in hours."),
    timezone_string: described(z.string(), "The site's timezone, e.g. `Europe/Paris`; empty when set as an offset."),
    // Absent from WordPress 6.5.5 responses, listed by the spec.
    show_on_front: described(z.optional(z.string()), 'What the front page shows: `posts` or `page`.'),
    page_for_posts: described(
      z.optional(z.int()),
      'Id of the page listing posts, when the front page is a static page.',
    ),
    page_on_front: described(z.optional(z.int()), 'Id of the static front page.'),
    namespaces: described(z.array(z.string()), 'Namespaces the site serves, e.g. `wp/v2`, `batch/v1`.'),
    authentication: z.union([
      z.array(z.unknown()),
      z.looseObject({
        'application-passwords': z.optional(z.looseObject({ endpoints: z.looseObject({ authorization: z.string() }) })),
      }),
    ]),
    routes: described(stringMap(siteIndexRoute), 'Every route of the site, keyed by path.'),
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
    namespace: described(z.optional(z.string()), 'The namespace to describe.'),
    context: described(
      z._default(z.enum(['view', 'embed', 'edit']), 'view'),
      'Which fields to include: `view` (default), `embed` or `edit`.',
    ),
  }),
);
/** A namespace index response. */
export const namespaceIndex = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    namespace: described(z.string(), 'The namespace described.'),
    routes: described(stringMap(siteIndexRoute), 'Routes of the namespace, keyed by path.'),
  }),
);

/** oembed/1.0: embed and proxy. */

import * as z from 'zod/mini';
import { lazy } from '../internal/lazy.js';

/** GET /oembed/1.0/embed query. */
export const oembedQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    url: z.url(),
    format: z._default(z.enum(['json', 'xml']), 'json'),
    maxwidth: z._default(z.int(), 600),
  }),
);
/** Input type of the embed query. */
export type { OembedQuery } from '../generated/types.js';
/** GET /oembed/1.0/proxy query. */
export const oembedProxyQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    url: z.url(),
    format: z._default(z.enum(['json', 'xml']), 'json'),
    maxwidth: z._default(z.int(), 600),
    maxheight: z.optional(z.int()),
    discover: z._default(z.boolean(), true),
  }),
);
/** Input type of the proxy query. */
export type { OembedProxyQuery } from '../generated/types.js';
/** oEmbed response. */
export const oembedResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    version: z.string(),
    type: z.string(),
    provider_name: z.optional(z.string()),
    provider_url: z.optional(z.string()),
    title: z.optional(z.string()),
    html: z.optional(z.string()),
    width: z.optional(z.number()),
    height: z.optional(z.nullable(z.number())),
  }),
);
/** Type of an oEmbed response. */
export type { OembedResponse } from '../generated/types.js';

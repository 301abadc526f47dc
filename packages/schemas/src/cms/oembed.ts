/** oembed/1.0: embed and proxy. */

import * as z from 'zod/mini';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';

/** GET /oembed/1.0/embed query. */
export const oembedQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    url: described(z.url(), 'The URL to embed.'),
    format: described(z._default(z.enum(['json', 'xml']), 'json'), 'Response format: `json` (default) or `xml`.'),
    maxwidth: described(z._default(z.int(), 600), 'Largest width of the embed in pixels (600 by default).'),
  }),
);
/** Input type of the embed query. */
export type { OembedQuery } from '../generated/types.js';
/** GET /oembed/1.0/proxy query. */
export const oembedProxyQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    url: described(z.url(), 'The URL to embed.'),
    format: described(z._default(z.enum(['json', 'xml']), 'json'), 'Response format: `json` (default) or `xml`.'),
    maxwidth: described(z._default(z.int(), 600), 'Largest width of the embed in pixels (600 by default).'),
    maxheight: described(z.optional(z.int()), 'Largest height of the embed in pixels.'),
    discover: described(
      z._default(z.boolean(), true),
      'Whether to look for an oEmbed endpoint in the page when no known provider matches (true by default).',
    ),
  }),
);
/** Input type of the proxy query. */
export type { OembedProxyQuery } from '../generated/types.js';
/** oEmbed response. */
export const oembedResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    version: described(z.string(), 'oEmbed version, `1.0`.'),
    type: described(z.string(), 'Kind of embed: `rich`, `video`, `photo` or `link`.'),
    provider_name: described(z.optional(z.string()), 'Name of the site that provides the content.'),
    provider_url: described(z.optional(z.string()), 'URL of the site that provides the content.'),
    title: described(z.optional(z.string()), 'Title of the embedded content.'),
    html: described(z.optional(z.string()), 'HTML to display the embed.'),
    width: described(z.optional(z.number()), 'Width of the embed in pixels.'),
    height: described(
      z.optional(z.nullable(z.number())),
      'Height of the embed in pixels; null when it adapts to its content.',
    ),
  }),
);
/** Type of an oEmbed response. */
export type { OembedResponse } from '../generated/types.js';

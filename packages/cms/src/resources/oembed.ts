/** `client.oembed`: embed data for a URL, from this site (`embed`) or any provider (`proxy`). */
import type { RequestCallOptions } from '../core/route-request.js';
import { callOptions, Resource } from '../internal/resource.js';
import type { Call, Out, QueryOf } from '../internal/routes.js';

/** Query of `oembed.embed`: `url` (required), `format` (default json), `maxwidth` (default 600). */
export type OEmbedEmbedQuery = QueryOf<'GET /oembed/1.0/embed'>;
/** Query of `oembed.proxy`: `url` (required), `format`, `maxwidth`, `maxheight`, `discover` (default true). */
export type OEmbedProxyQuery = QueryOf<'GET /oembed/1.0/proxy'>;
/** Embed data of one of this site's posts. */
export type OEmbedResponse = Out<'GET /oembed/1.0/embed'>;

/** oEmbed lookups. */
export class OEmbed extends Resource {
  /** Embed data of a URL of this site (a post or page link). */
  async embed(query: OEmbedEmbedQuery, options?: RequestCallOptions): Promise<OEmbedResponse> {
    return this.send('GET /oembed/1.0/embed', { query } as Call<'GET /oembed/1.0/embed'>, callOptions(options));
  }

  /**
   * Embed data of any URL, fetched by the site from the provider (needs a logged-in user with
   * `edit_posts`, and outbound HTTP from the site).
   */
  async proxy(query: OEmbedProxyQuery, options?: RequestCallOptions): Promise<Out<'GET /oembed/1.0/proxy'>> {
    return this.send('GET /oembed/1.0/proxy', { query } as Call<'GET /oembed/1.0/proxy'>, callOptions(options));
  }
}

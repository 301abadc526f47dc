/** `client.oembed`: embed data for a URL, from this site (`embed`) or any provider (`proxy`). */
import { requestOembedXml } from '../core/oembed-xml.js';
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
    if (query?.format === 'xml') return this.#xml('GET /oembed/1.0/embed', query, options);
    return this.send('GET /oembed/1.0/embed', { query } as Call<'GET /oembed/1.0/embed'>, callOptions(options));
  }

  /**
   * Embed data of any URL, fetched by the site from the provider (needs a logged-in user with
   * `edit_posts`, and outbound HTTP from the site; a URL of the site itself is answered locally).
   * With `format: 'xml'` the record is the same: WordPress 6.5.5 answers the proxy with JSON
   * whatever the format, and the client reads the body as its `Content-Type` says.
   */
  async proxy(query: OEmbedProxyQuery, options?: RequestCallOptions): Promise<Out<'GET /oembed/1.0/proxy'>> {
    if (query?.format === 'xml') return this.#xml('GET /oembed/1.0/proxy', query, options);
    return this.send('GET /oembed/1.0/proxy', { query } as Call<'GET /oembed/1.0/proxy'>, callOptions(options));
  }

  /** `format: 'xml'`: read the body as text, as XML or JSON by its `Content-Type`, and give back the same validated record. */
  async #xml<K extends 'GET /oembed/1.0/embed' | 'GET /oembed/1.0/proxy'>(
    key: K,
    query: QueryOf<K>,
    options?: RequestCallOptions,
  ): Promise<Out<K>> {
    const requester = this.context.requester;
    const opts = callOptions(options);
    return requestOembedXml<Out<K>>({
      prepare: () => requester.prepare(key, { query } as Call<K>),
      send: async (prepared) => {
        // Sent as prepared; only the response mode (text) and the accepted type differ.
        const response = await requester.routes.send(prepared, {
          ...opts,
          responseType: 'text',
          headers: { ...opts?.headers, accept: 'text/xml' },
        });
        const connection = await requester.connect(opts?.signal);
        return {
          data: response.data,
          status: response.status,
          url: new URL(prepared.path.slice(1), connection.root).href,
          contentType: response.headers.get('content-type'),
        };
      },
    });
  }
}

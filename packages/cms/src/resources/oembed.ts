/** `client.oembed`: embed data for a URL, from this site (`embed`) or any provider (`proxy`). */
import { defineMethods, type MethodCall, type MethodDefinitions } from '@viewlink/transport';
import { callOptions, type RequestCallOptions } from '../core/call-options.js';
import type { CmsRouteKey, Out, QueryOf } from '../core/routes.js';
import type { CmsMethodDefinition, MethodSupport, ResourceContext } from './resource.js';

/** Query of `oembed.embed`: `url` (required), `format` (default json), `maxwidth` (default 600). */
export type OEmbedEmbedQuery = QueryOf<'GET /oembed/1.0/embed'>;
/** Query of `oembed.proxy`: `url` (required), `format`, `maxwidth`, `maxheight`, `discover` (default true). */
export type OEmbedProxyQuery = QueryOf<'GET /oembed/1.0/proxy'>;
/** Embed data of one of this site's posts. */
export type OEmbedResponse = Out<'GET /oembed/1.0/embed'>;

/** The oEmbed methods. */
interface OEmbedMethods {
  readonly embed: (query: OEmbedEmbedQuery, options?: RequestCallOptions) => Promise<OEmbedResponse>;
  readonly proxy: (query: OEmbedProxyQuery, options?: RequestCallOptions) => Promise<Out<'GET /oembed/1.0/proxy'>>;
}

/**
 * An oEmbed lookup: JSON as usual, or with `format: 'xml'` the body read as text, as XML or JSON
 * by its `Content-Type` (internal/oembed-xml.ts, loaded by the first such lookup), and the same
 * validated record given back.
 */
async function lookup(call: MethodCall<CmsRouteKey, CmsMethodDefinition>, support: MethodSupport): Promise<unknown> {
  const { definition, input } = call;
  const options = callOptions(call.options, call.callSite);
  const query: { readonly format?: unknown } | undefined =
    typeof input.query === 'object' && input.query !== null ? input.query : undefined;
  if (query?.format !== 'xml') return support.send(definition.route, input, options);
  // The XML reader loads with the first XML lookup.
  const { requestOembedXml } = await import('../internal/oembed-xml.js');
  return requestOembedXml<unknown>({
    prepare: () => support.prepare(definition.route, input),
    send: async (prepared) => {
      // Sent as prepared; only the response mode (text) and the accepted type differ.
      const response = await support.sendAsText(prepared, {
        ...options,
        headers: { ...options.headers, accept: 'text/xml' },
      });
      const root = await support.restRoot(options.signal);
      return {
        data: response.data,
        status: response.status,
        url: new URL(prepared.path.slice(1), root).href,
        contentType: response.headers.get('content-type'),
      };
    },
  });
}

const OEMBED_METHODS: MethodDefinitions<OEmbedMethods, CmsRouteKey, CmsMethodDefinition> = {
  embed: { route: 'GET /oembed/1.0/embed', args: ['query'], run: lookup },
  proxy: { route: 'GET /oembed/1.0/proxy', args: ['query'], run: lookup },
};

/** oEmbed lookups. */
export class OEmbed {
  /** Embed data of a URL of this site (a post or page link). */
  readonly embed: OEmbedMethods['embed'];
  /**
   * Embed data of any URL, fetched by the site from the provider (needs a logged-in user with
   * `edit_posts`, and outbound HTTP from the site; a URL of the site itself is answered locally).
   * With `format: 'xml'` the record is the same: WordPress 6.5.5 answers the proxy with JSON
   * whatever the format, and the client reads the body as its `Content-Type` says.
   */
  readonly proxy: OEmbedMethods['proxy'];

  /** @internal */
  constructor(context: ResourceContext) {
    const methods = defineMethods<OEmbedMethods, CmsRouteKey, CmsMethodDefinition>(
      OEMBED_METHODS,
      context.invoke,
      'oembed',
    );
    this.embed = methods.embed;
    this.proxy = methods.proxy;
  }
}

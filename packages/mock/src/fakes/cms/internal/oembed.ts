/** oEmbed `embed` for the site's own published posts and pages, as WordPress 6.5.5 answers it. */
import type { RouteDef } from '@viewlink/schemas';
import { json, type RouteImplementation } from '../../../core/router.js';
import { canEdit } from '../auth.js';
import { cmsError, WP_HEADERS } from '../wp-errors.js';
import type { ContentContext } from './content.js';
import { type HandlerArgs, handlers } from './handlers.js';

type Args = {
  readonly query: { url: string; format?: string; maxwidth?: number; maxheight?: number };
  readonly request: Request;
};

const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The oEmbed query as the routes read it (the router parsed it with the route's schema). */
function oembedArgs({ query, request }: HandlerArgs): Args {
  const { url, format } = query;
  const maxwidth = numberOr(query.maxwidth);
  const maxheight = numberOr(query.maxheight);
  return {
    request,
    query: {
      url: String(url ?? ''),
      ...(typeof format === 'string' ? { format } : {}),
      ...(maxwidth === undefined ? {} : { maxwidth }),
      ...(maxheight === undefined ? {} : { maxheight }),
    },
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An oEmbed record as WordPress's XML format writes it: `<oembed>` with one element per field. */
function xml(data: Record<string, unknown>): Response {
  const fields = Object.entries(data)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
  return new Response(`<?xml version="1.0"?>\n<oembed>${fields}</oembed>\n`, {
    status: 200,
    headers: { ...WP_HEADERS, 'content-type': 'text/xml; charset=UTF-8' },
  });
}

/** Route implementations of `GET /oembed/1.0/embed` and `/proxy` (offline), keyed like `cmsRoutes`. */
export function oembedRoutes(ctx: ContentContext, siteName: string): Record<string, RouteImplementation<RouteDef>> {
  const embed = ({ query, request }: Args) => {
    const wanted = query.url.replace(/\/?$/, '/');
    const record = [...ctx.store.records.values()].find(
      (r) => (r.type === 'post' || r.type === 'page') && r.status === 'publish' && r.link === wanted,
    );
    if (!record) return cmsError(404, 'oembed_invalid_url', 'Not Found');
    const site = ctx.rootFor(request).replace(/\/wp-json$/, '');
    const width = Math.min(Math.max(query.maxwidth ?? 600, 200), 600);
    const height = Math.min(Math.ceil((width / 16) * 9), query.maxheight ?? 1000);
    const title = (record.title as { rendered: string }).rendered;
    const secret = Math.random().toString(36).slice(2, 12);
    const data = {
      version: '1.0',
      provider_name: siteName,
      provider_url: site,
      author_name: 'admin',
      author_url: `${site}/author/admin/`,
      title,
      type: 'rich',
      width,
      height,
      html: `<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="${record.link}">${title}</a></blockquote><iframe sandbox="allow-scripts" security="restricted" src="${record.link}embed/#?secret=${secret}" width="${width}" height="${height}" title="&#8220;${title}&#8221; &#8212; ${siteName}" data-secret="${secret}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>`,
    };
    // format=xml: WordPress answers the same fields as an XML document (text/xml).
    if (query.format === 'xml') return xml(data);
    return json(data, 200, WP_HEADERS);
  };
  // Offline, as WordPress with WP_HTTP_BLOCK_EXTERNAL answers: 401/403 without edit rights; a URL
  // of the site itself is answered locally, as JSON whatever the format (WordPress 6.5.5 does the
  // same); any other URL 404.
  const proxy = ({ query, request }: Args) => {
    const user = ctx.userOf(request);
    if (!canEdit(user))
      return cmsError(
        user ? 403 : 401,
        'rest_forbidden',
        'Sorry, you are not allowed to make proxied oEmbed requests.',
      );
    return embed({ query: { ...query, format: 'json' }, request });
  };
  return handlers({ 'GET /oembed/1.0/embed': embed, 'GET /oembed/1.0/proxy': proxy }, oembedArgs);
}

/** oEmbed `embed` for the site's own published posts and pages, as WordPress 6.5.5 answers it. */
import type { RouteDef } from '@viewlink/schemas';
import { json, type RouteImplementation } from '../../core/router.js';
import { canEdit } from './auth.js';
import type { ContentContext } from './content.js';
import { cmsError, WP_HEADERS } from './wp-errors.js';

type Args = { readonly query: { url: string; maxwidth?: number; maxheight?: number }; readonly request: Request };

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
    return json(
      {
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
      },
      200,
      WP_HEADERS,
    );
  };
  // Offline, as WordPress with WP_HTTP_BLOCK_EXTERNAL answers: 401/403 without edit rights, else 404.
  const proxy = ({ request }: Args) => {
    const user = ctx.userOf(request);
    if (!canEdit(user))
      return cmsError(
        user ? 403 : 401,
        'rest_forbidden',
        'Sorry, you are not allowed to make proxied oEmbed requests.',
      );
    return cmsError(404, 'oembed_invalid_url', 'Not Found');
  };
  return { 'GET /oembed/1.0/embed': embed, 'GET /oembed/1.0/proxy': proxy } as unknown as Record<
    string,
    RouteImplementation<RouteDef>
  >;
}

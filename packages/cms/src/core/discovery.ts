/**
 * REST-root discovery. WordPress advertises its REST root on every front-end response:
 * `Link: <https://example.com/wp-json/>; rel="https://api.w.org/"` (or `?rest_route=/` on
 * sites without pretty permalinks).
 */
import { APIError, type Logger, type Transport } from '@viewlink/transport';
import { findLink } from '../internal/link-header.js';

/** The link relation WordPress uses for its REST root. */
export const REST_ROOT_REL = 'https://api.w.org/';

/** Reads the REST root advertised by a response's `Link` header, resolved against `base`. */
export function restRootFromHeaders(headers: Headers, base: URL | string): URL | undefined {
  const href = findLink(headers.get('link'), REST_ROOT_REL);
  if (href === undefined) return undefined;
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

/**
 * Asks the site for its REST root: HEAD first (no body), then GET when HEAD is refused or
 * carries no link. Falls back to `{baseUrl}/wp-json/` (the WordPress default) with a warning.
 * Network failures propagate, so the caller can retry discovery later.
 */
export async function discoverRestRoot(
  transport: Transport,
  baseUrl: URL,
  logger: Logger | undefined,
  signal?: AbortSignal,
): Promise<URL> {
  for (const method of ['HEAD', 'GET'] as const) {
    try {
      const response = await transport.request({
        method,
        path: '',
        responseType: method === 'HEAD' ? 'none' : 'text',
        headers: { accept: 'text/html,application/json;q=0.9,*/*;q=0.8' },
        ...(signal ? { signal } : {}),
      });
      const root = restRootFromHeaders(response.headers, baseUrl);
      if (root) return root;
    } catch (error) {
      // An HTTP error (405 on HEAD, 404 on the home page) is not fatal; anything else is.
      if (!(error instanceof APIError)) throw error;
    }
  }
  const fallback = new URL(`${baseUrl.pathname.replace(/\/$/, '')}/wp-json/`, baseUrl);
  logger?.warn?.(
    `viewlink: ${baseUrl.origin}${baseUrl.pathname} advertises no REST root (Link rel="${REST_ROOT_REL}"); using ${fallback.href}. Pass \`restRoot\` to silence this.`,
  );
  return fallback;
}

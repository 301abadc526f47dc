/**
 * Puts several fakes behind one origin by path prefix (the Partner API at `/`, the CMS REST
 * root at `/wp-json`), so one `viewlink-mock` process serves both APIs.
 */
import type { Handle } from './router.js';
import { json } from './router.js';

/** One fake served under a path prefix. */
export interface Mount {
  /** Path prefix without a trailing slash, e.g. `/wp-json`; `''` for the root. */
  readonly prefix: string;
  /** The fake, which sees paths with the prefix removed. */
  readonly handle: Handle;
}

/** Routes each request to the mount with the longest matching prefix, prefix removed. */
export function mount(mounts: readonly Mount[]): Handle {
  const ordered = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  return async (request) => {
    const url = new URL(request.url);
    const target = ordered.find(
      (m) => m.prefix === '' || url.pathname === m.prefix || url.pathname.startsWith(`${m.prefix}/`),
    );
    if (!target) return json({ code: 'not_found', message: `No fake serves ${url.pathname}` }, 404);
    if (target.prefix === '') return target.handle(request);
    url.pathname = url.pathname.slice(target.prefix.length) || '/';
    // A new Request keeps method, headers and body; only the URL changes.
    return target.handle(new Request(url, request));
  };
}

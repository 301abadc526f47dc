/** Turns a fake's router into msw handlers, one per route of its table. */
import { http, type RequestHandler } from 'msw';
import type { Handle, Router } from './router.js';

/** What {@link toMswHandlers} needs from a fake: its router, or at least its handle. */
export interface Servable {
  /** Answers every request under the base URL; also the catch-all for paths no route matches. */
  readonly handle: Handle;
  /** With `table`: one msw handler per route, matched by this router; without, only the catch-all. */
  readonly router?: Router;
  /** The route table (route key to method), with `router`, to build one msw handler per route. */
  readonly table?: Readonly<Record<string, { readonly method: string }>>;
}

/** The request's path as the router matches it; `''` (no route) when it is not valid encoding: the catch-all answers 400. */
function decodedPath(request: Request): string {
  try {
    return decodeURI(new URL(request.url).pathname).replace(/%2F/gi, '/');
  } catch {
    return '';
  }
}

/**
 * msw handlers for every route of the fake's table, plus a catch-all for other paths under
 * `baseUrl` (so tests see the fake's own 404 envelope, not msw's unhandled-request warning).
 * Typed `RequestHandler[]`, what `setupServer()` and `server.use()` take: checking msw's
 * `HttpHandler[]` against that cost a consumer's compile about 1,250 type instantiations.
 */
export function toMswHandlers(baseUrl: string, fake: Servable): RequestHandler[] {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  const inBase = (request: Request) => {
    const url = new URL(request.url);
    return url.origin === base.origin && url.pathname.startsWith(prefix);
  };
  const handle = ({ request }: { request: Request }) => fake.handle(request);
  const { router, table } = fake;
  const routeHandlers =
    router && table
      ? Object.entries(table).map(([key, route]) =>
          http[route.method.toLowerCase() as 'get'](
            ({ request }) => inBase(request) && router.match(request.method, decodedPath(request))?.key === key,
            handle,
          ),
        )
      : [];
  return [...routeHandlers, http.all(({ request }) => inBase(request), handle)];
}

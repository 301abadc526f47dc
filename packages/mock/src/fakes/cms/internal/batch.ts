/**
 * The fake's `POST /batch/v1`, as WordPress 6.5.5 runs it (fixtures batch-*): each sub-request
 * goes through the fake itself; `require-all-validate` checks every one first and runs none if
 * any fails (`{ failed: 'validation', responses: [null, {...}] }`); a route that is not
 * batchable answers `rest_batch_not_allowed`; the batch itself answers 207; empty sub-response
 * headers are `[]` (PHP's empty array).
 */
import type { cmsRoutes, RouteDef } from '@viewlink/schemas';
import { coerceToSchema } from '../../../core/coerce.js';
import { toRouteIssues } from '../../../core/route-issues.js';
import type { Implementations, Router } from '../../../core/router.js';
import { json } from '../../../core/router.js';
import { invalidParams, WP_HEADERS } from '../wp-errors.js';

type SubRequest = { method: string; path: string; body?: Record<string, unknown>; headers?: Record<string, unknown> };
type SubResponse = { body: unknown; status: number; headers: Record<string, string> | [] };

const notAllowed = (): SubResponse => ({
  body: {
    code: 'rest_batch_not_allowed',
    message: 'The requested route does not support batch requests.',
    data: { status: 400 },
  },
  status: 400,
  headers: { Allow: 'GET, POST' },
});

/** Implementation of the batch route over the fake's own router. */
export function batchRoutes(router: Router): Implementations<typeof cmsRoutes> {
  const target = (sub: SubRequest, base: URL) => {
    const url = new URL(sub.path.replace(/^\/?/, '/'), base);
    return { url, hit: router.match(sub.method, decodeURI(url.pathname)) };
  };

  /** A validation failure of one sub-request, or undefined when it would run. */
  const precheck = async (sub: SubRequest, base: URL): Promise<SubResponse | undefined> => {
    const { url, hit } = target(sub, base);
    if (!hit?.route.batchable) return notAllowed();
    const route: RouteDef = hit.route;
    for (const [part, value] of [
      ['params', hit.groups],
      ['query', Object.fromEntries(url.searchParams)],
      ['body', sub.body ?? {}],
    ] as const) {
      const schema = route[part];
      if (!schema) continue;
      const input = part === 'body' ? value : coerceToSchema(schema, value);
      const result = await schema['~standard'].validate(input);
      if (result.issues) {
        const answer = invalidParams(route, part, toRouteIssues(result.issues, input), input);
        return { body: await answer.json(), status: answer.status, headers: { Allow: 'GET, POST' } };
      }
    }
    return undefined;
  };

  const run = async (sub: SubRequest, request: Request, base: URL): Promise<SubResponse> => {
    const { url, hit } = target(sub, base);
    if (!hit?.route.batchable) return notAllowed();
    const headers = new Headers({ 'content-type': 'application/json' });
    const auth = request.headers.get('authorization');
    if (auth) headers.set('authorization', auth);
    const answer = await router.handle(
      new Request(url, {
        method: sub.method,
        headers,
        ...(sub.body ? { body: JSON.stringify(sub.body) } : {}),
      }),
    );
    const location =
      answer.status === 201
        ? ((await answer.clone().json()) as { _links?: { self?: [{ href: string }] } })._links?.self?.[0]?.href
        : undefined;
    return {
      body: await answer.json(),
      status: answer.status,
      headers: answer.status === 404 ? [] : { ...(location ? { Location: location } : {}), Allow: 'GET, POST' },
    };
  };

  return {
    'POST /batch/v1': async ({ body, request }) => {
      const base = new URL(request.url);
      const subs = body.requests as SubRequest[];
      if (body.validation === 'require-all-validate') {
        const checked = await Promise.all(subs.map((sub) => precheck(sub, base)));
        if (checked.some((c) => c !== undefined))
          return json({ failed: 'validation', responses: checked.map((c) => c ?? null) }, 207, WP_HEADERS);
      }
      const responses: SubResponse[] = [];
      for (const sub of subs) responses.push((await precheck(sub, base)) ?? (await run(sub, request, base)));
      return json({ responses }, 207, WP_HEADERS);
    },
  } as Implementations<typeof cmsRoutes>;
}

/**
 * The light prepare stage, for a client with a bundle budget (`@viewlink/web`): a call by route
 * key (`"METHOD /path"`, the key of a route table) without the table's compiled input schemas:
 * method and path from the key, each `{param}` filled and URI-encoded (`pathValue`, as the full
 * prepare fills paths), the body as JSON, and a Standard Schema as the response check. The full
 * prepare stage is `CompiledRoute` (prepare.ts).
 */
import type { StandardSchema } from '../validation/standard-schema.js';
import type { RouteCallInput } from './prepare.js';
import { fillPath } from './request-url.js';
import type { HttpMethod, PreparedRequest } from './types.js';

/**
 * The light prepare stage: the key's method and path (the template filled from `input.params`,
 * each value URI-encoded), the body as JSON, and `schema` as the response check.
 * @throws ValidationError for a path parameter missing from `input.params`.
 */
export function prepareRouteKey<T>(
  key: string,
  input: RouteCallInput = {},
  schema?: StandardSchema<unknown, T>,
): PreparedRequest<T> {
  const [method, route = ''] = key.split(' ');
  return {
    method: method as HttpMethod,
    path: fillPath(route, input.params as Readonly<Record<string, unknown>> | undefined, encodeURIComponent),
    json: input.body,
    schema,
  };
}

/**
 * The light prepare stage, for a client with a bundle budget (`@viewlink/web`): a call by route
 * key (`"METHOD /path"`, the key of a route table) without the table's compiled input schemas:
 * method and path from the key, each `{param}` filled and URI-encoded, the body as JSON, and a
 * Standard Schema as the response check. The full prepare stage is `CompiledRoute` (prepare.ts).
 */
import { ValidationError } from '../errors/tree.js';
import type { StandardSchema } from '../validation/standard-schema.js';
import type { RouteCallInput } from './prepare.js';
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
  const params = (input.params ?? {}) as Record<string, unknown>;
  return {
    method: method as HttpMethod,
    path: route.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value == null || value === '')
        throw new ValidationError('path parameters', [{ path: [name], message: 'is required' }]);
      return encodeURIComponent(String(value));
    }),
    json: input.body,
    schema,
  };
}

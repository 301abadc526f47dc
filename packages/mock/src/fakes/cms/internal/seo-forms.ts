/**
 * The fake's seo/v1 and forms/v1 routes. Their response bodies are not shown by the spec and
 * the plugins cannot run here, so every route answers the smallest body its response schema
 * accepts, or `{ success: true, route, received }` (what it was sent, after validation) where the
 * response is untyped, once the router has checked its input against the
 * route's schemas, with WordPress's `rest_invalid_param` / `rest_missing_callback_param` on
 * bad input. Routes that need a user answer 401/403 like the rest of the fake.
 */
import { type AnySchema, type cmsRoutes, formsRoutes, type RouteDef, seoRoutes } from '@viewlink/schemas';
import { zodDef } from '../../../core/internal/zod-def.js';
import { type Implementations, json, type RouteRequest } from '../../../core/router.js';
import { type CmsFakeUser, canEdit } from '../auth.js';
import { cmsError, WP_HEADERS } from '../wp-errors.js';

type Def = {
  type: string;
  innerType?: AnySchema;
  shape?: Record<string, AnySchema>;
  options?: AnySchema[];
  values?: unknown[];
  entries?: Record<string, unknown>;
};

/** The smallest value a response schema accepts (`[]`, `{}` with required fields, `''`, `0`...). */
function sampleOf(schema: AnySchema | undefined, fallback: unknown): unknown {
  if (!schema) return fallback;
  const def = zodDef<Def>(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return sampleOf(def.innerType, fallback);
    case 'array':
      return [];
    case 'record':
      return {};
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .filter(([, field]) => zodDef<Def>(field).type !== 'optional')
          .map(([name, field]) => [name, sampleOf(field, null)]),
      );
    case 'string':
      return '';
    case 'number':
    case 'int':
      return 0;
    case 'boolean':
      return false;
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'union':
      return sampleOf(def.options?.[0], fallback);
    default:
      return fallback;
  }
}

/** Implementations of the seo/v1 and forms/v1 routes (not their namespace indexes). */
export function seoFormsRoutes(
  userOf: (request: Request) => CmsFakeUser | undefined,
): Implementations<typeof cmsRoutes> {
  const out: Record<string, unknown> = {};
  for (const [key, route] of Object.entries({ ...seoRoutes, ...formsRoutes }) as [string, RouteDef][]) {
    if (route.path === '/seo/v1' || route.path === '/forms/v1') continue;
    out[key] = ({ params, query, body, request }: RouteRequest<RouteDef>) => {
      const user = userOf(request);
      if (route.auth === 'required' && !canEdit(user))
        return cmsError(user ? 403 : 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
      const echo = { success: true, route: key, received: { params, query, body } };
      return json(sampleOf(route.response, echo), 200, WP_HEADERS);
    };
  }
  return out as Implementations<typeof cmsRoutes>;
}

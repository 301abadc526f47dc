/**
 * WordPress's error envelopes, worded as WordPress 6.5.5 words them (compare
 * /work/shared/fixtures/wordpress-6.5.5/error-*.json), including `rest_invalid_param` with
 * per-parameter messages and `rest_missing_callback_param` with the list of missing names.
 */
import type { RouteDef } from '@viewlink/schemas';
import type * as core from 'zod/v4/core';
import { zodDef } from '../../core/internal/zod-def.js';
import type { InvalidPart, RouteIssue } from '../../core/router.js';
import { json } from '../../core/router.js';

/** The CMS headers WordPress sends on every REST answer. */
export const WP_HEADERS = {
  'access-control-expose-headers': 'X-WP-Total, X-WP-TotalPages, Link',
  'access-control-allow-headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
};

/** The WordPress error envelope `{ code, message, data: { status, ... } }`. */
export function cmsError(status: number, code: string, message: string, data: Record<string, unknown> = {}): Response {
  return json({ code, message, data: { status, ...data } }, status, WP_HEADERS);
}

type Def = {
  type: string;
  innerType?: core.$ZodType;
  shape?: Record<string, core.$ZodType>;
  entries?: Record<string, string>;
};

function unwrap(schema: core.$ZodType | undefined): core.$ZodType | undefined {
  let current = schema;
  for (let i = 0; current && i < 5; i++) {
    const def = zodDef<Def>(current);
    if (!def.innerType) return current;
    current = def.innerType;
  }
  return current;
}

/** The schema at an issue's path (through objects and arrays). */
function fieldOf(route: RouteDef, part: InvalidPart, path: readonly PropertyKey[]): core.$ZodType | undefined {
  let schema = unwrap(route[part] as core.$ZodType | undefined);
  for (const key of path) {
    if (!schema) return undefined;
    const def = zodDef<Def & { element?: core.$ZodType }>(schema);
    schema = unwrap(def.type === 'array' ? def.element : def.shape?.[String(key)]);
  }
  return schema;
}

/** WordPress's wording for one invalid parameter, and its `details` code. */
function describe(route: RouteDef, part: InvalidPart, issue: RouteIssue): [string, string] {
  // WordPress names nested parameters PHP-style: requests[0][method].
  const [first, ...rest] = issue.path;
  const name = `${String(first ?? part)}${rest.map((key) => `[${String(key)}]`).join('')}`;
  const field = fieldOf(route, part, issue.path);
  const def = field === undefined ? undefined : zodDef<Def & { checks?: core.$ZodCheck[] }>(field);
  // The bounds live on the schema's checks (zod's `bag` is not filled for zod/mini checks).
  const bag: { minimum?: number; maximum?: number } = {};
  let maxItems: number | undefined;
  for (const check of def?.checks ?? []) {
    const c = zodDef<{ check: string; value: number; maximum: number }>(check);
    if (c.check === 'greater_than') bag.minimum = c.value;
    if (c.check === 'less_than') bag.maximum = c.value;
    if (c.check === 'max_length') maxItems = c.maximum;
  }
  if (issue.code === 'too_big' && maxItems !== undefined)
    return [`${name} must contain at most ${maxItems} items.`, 'rest_too_many_items'];
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      if (bag.minimum !== undefined && bag.maximum !== undefined)
        return [
          `${name} must be between ${bag.minimum} (inclusive) and ${bag.maximum} (inclusive)`,
          'rest_out_of_bounds',
        ];
      if (bag.minimum !== undefined)
        return [`${name} must be greater than or equal to ${bag.minimum}`, 'rest_out_of_bounds'];
      return [`${name} must be less than or equal to ${bag.maximum}`, 'rest_out_of_bounds'];
    case 'invalid_value': {
      const values = def?.entries ? Object.values(def.entries) : [];
      const list = values.length > 1 ? `${values.slice(0, -1).join(', ')}, and ${values.at(-1)}` : values.join('');
      return [`${name} is not one of ${list}.`, 'rest_not_in_enum'];
    }
    case 'invalid_type':
      return [
        `${name} is not of type ${def?.type === 'int' || def?.type === 'number' ? 'integer' : (def?.type ?? 'the expected type')}.`,
        'rest_invalid_type',
      ];
    default:
      return [`Invalid parameter.`, 'rest_invalid_param'];
  }
}

/** The 400 WordPress answers for input that fails the route's schema. */
export function invalidParams(route: RouteDef, part: InvalidPart, issues: RouteIssue[], input: unknown): Response {
  if (part === 'body' && issues.length === 1 && issues[0]?.path.length === 0 && input === undefined)
    return cmsError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
  const given = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const missing = new Set<string>();
  const params: Record<string, string> = {};
  const details: Record<string, { code: string; message: string; data: null }> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') continue; // WordPress ignores parameters it does not know
    const name = String(issue.path[0] ?? part);
    if (issue.code === 'invalid_type' && given[name] === undefined) {
      missing.add(name);
      continue;
    }
    if (params[name]) continue;
    const [message, code] = describe(route, part, issue);
    params[name] = message;
    details[name] = { code, message, data: null };
  }
  if (missing.size > 0)
    return cmsError(400, 'rest_missing_callback_param', `Missing parameter(s): ${[...missing].join(', ')}`, {
      params: [...missing],
    });
  if (Object.keys(params).length === 0)
    return cmsError(400, 'rest_invalid_param', `Invalid parameter(s): ${part}`, {
      params: { [part]: 'Invalid parameter.' },
    });
  return cmsError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, {
    params,
    details,
  });
}

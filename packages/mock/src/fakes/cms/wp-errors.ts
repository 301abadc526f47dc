/**
 * WordPress's error envelopes, worded as WordPress 6.5.5 words them (compare
 * /work/shared/fixtures/wordpress-6.5.5/error-*.json), including `rest_invalid_param` with
 * per-parameter messages and `rest_missing_callback_param` with the list of missing names.
 */
import { type RouteDef, WP_DATE_TIME_PATTERN } from '@viewlink/schemas';
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
  element?: core.$ZodType;
  innerType?: core.$ZodType;
  out?: core.$ZodType;
  options?: core.$ZodType[];
  shape?: Record<string, core.$ZodType>;
  entries?: Record<string, string>;
};

/** A schema and what it wraps, outermost first: through optionals, nullables, defaults and pipes (a list parameter's array). */
function* wrappers(schema: core.$ZodType | undefined): Generator<core.$ZodType> {
  let current = schema;
  for (let i = 0; current && i < 6; i++) {
    yield current;
    const def = zodDef<Def>(current);
    current = def.type === 'pipe' ? def.out : def.innerType;
  }
}

/** The schema that checks a value: the innermost of its {@link wrappers}. */
function unwrap(schema: core.$ZodType | undefined): core.$ZodType | undefined {
  let inner: core.$ZodType | undefined;
  for (const wrapped of wrappers(schema)) inner = wrapped;
  return inner;
}

/**
 * The option of a union a value at `key` goes into: the list for an index, the object holding
 * the key for a name (a term query is a list of ids or `{ terms, operator }`).
 */
function optionFor(options: core.$ZodType[], key: PropertyKey | undefined): number {
  const index = options.findIndex((option) => {
    const def = zodDef<Def>(unwrap(option) ?? option);
    return typeof key === 'number' ? def.type === 'array' : def.shape?.[String(key)] !== undefined;
  });
  return Math.max(index, 0);
}

/** The schema at `key` of `schema` as declared: an array's element, an object's field (of a union, the option `key` goes into). */
function childOf(schema: core.$ZodType, key: PropertyKey | undefined): core.$ZodType | undefined {
  let def = zodDef<Def>(schema);
  if (def.type === 'union' && def.options) {
    const option = unwrap(def.options[optionFor(def.options, key)]);
    if (!option) return undefined;
    def = zodDef<Def>(option);
  }
  return def.type === 'array' ? def.element : def.shape?.[String(key)];
}

/** The schema at an issue's path (through objects, arrays and unions), unwrapped. */
function fieldOf(route: RouteDef, part: InvalidPart, path: readonly PropertyKey[]): core.$ZodType | undefined {
  let schema = unwrap(route[part] as core.$ZodType | undefined);
  for (const key of path) {
    if (!schema) return undefined;
    schema = unwrap(childOf(schema, key));
  }
  return schema;
}

/** Whether the schema at `path` takes `null` (a nullable among its wrappers). */
function takesNull(route: RouteDef, part: InvalidPart, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  const parent = fieldOf(route, part, path.slice(0, -1));
  const field = parent && childOf(parent, path.at(-1));
  return [...wrappers(field)].some((wrapped) => zodDef<Def>(wrapped).type === 'nullable');
}

/** A list as WordPress's `wp_sprintf_l` writes it: `a and b`, `a, b, and c`. */
function listOf(values: string[]): string {
  return values.length > 2 ? `${values.slice(0, -1).join(', ')}, and ${values.at(-1)}` : values.join(' and ');
}

/** What WordPress 6.5.5 calls each form of a term query in its `oneOf`, by position. */
const TERM_QUERY_TITLES = ['Term ID List', 'Term ID Taxonomy Query'];

/**
 * WordPress's wording for one invalid parameter, its `details` code and data. A parameter that
 * takes one of several forms (a term query) is worded as WordPress words a `oneOf`: which form
 * the value was read as, and why it failed there.
 */
function describe(
  route: RouteDef,
  part: InvalidPart,
  refused: RouteIssue,
  given: Record<string, unknown>,
): [string, string, unknown] {
  let issue = refused;
  const [first, ...rest] = issue.path;
  const top = unwrap(fieldOf(route, part, first === undefined ? [] : [first]));
  const options = isTermQuery(top) ? zodDef<Def>(top as core.$ZodType).options : undefined;
  if (options && first !== undefined && rest.length > 0) {
    // A PHP list (`categories[0]=x`) could be either form to WordPress (a PHP array is both): it names neither.
    if (Array.isArray(given[String(first)]))
      return [`${String(first)} is not a valid ${listOf(TERM_QUERY_TITLES)}.`, 'rest_no_matching_schema', null];
    const position = optionFor(options, rest[0]);
    const [reason] = describeLeaf(route, part, issue);
    return [
      `${String(first)} is not a valid ${TERM_QUERY_TITLES[position] ?? 'value'}. Reason: ${reason}`,
      'rest_no_matching_schema',
      { position },
    ];
  }
  // WordPress checks a list's statuses one at a time, each as a list of its own: always item 0.
  if (first === 'status' && typeof rest[0] === 'number') issue = { ...issue, path: [first, 0, ...rest.slice(1)] };
  const [message, code] = describeLeaf(route, part, issue);
  return [message, code, code === 'rest_invalid_type' ? { param: nameOf(issue.path, part) } : null];
}

/** Whether a parameter is a term query: a list of ids, or `{ terms, ... }`. */
function isTermQuery(field: core.$ZodType | undefined): boolean {
  const options = field && zodDef<Def>(field).type === 'union' ? zodDef<Def>(field).options : undefined;
  return (options ?? []).some((option) => zodDef<Def>(unwrap(option) ?? option).shape?.terms !== undefined);
}

/**
 * WordPress's answer to an empty term query (`categories=`): both forms take it (an empty list,
 * an empty object), and a `oneOf` must match one. `undefined` when `query` has none.
 */
export function emptyTermQuery(route: RouteDef, query: URLSearchParams): Response | undefined {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, value] of query) {
    if (value !== '' || name in params) continue;
    if (!isTermQuery(unwrap(fieldOf(route, 'query', [name])))) continue;
    const message = `${name} matches ${listOf(TERM_QUERY_TITLES)}, but should match only one.`;
    params[name] = message;
    details[name] = { code: 'rest_one_of_multiple_matches', message, data: { positions: [0, 1] } };
  }
  const names = Object.keys(params);
  if (names.length === 0) return undefined;
  return cmsError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, { params, details });
}

/** A parameter's name as WordPress writes nested ones, PHP-style: `requests[0][method]`. */
function nameOf(path: readonly PropertyKey[], part: InvalidPart): string {
  const [first, ...rest] = path;
  return `${String(first ?? part)}${rest.map((key) => `[${String(key)}]`).join('')}`;
}

/** WordPress's wording for the value at an issue's path, and its `details` code. */
function describeLeaf(route: RouteDef, part: InvalidPart, issue: RouteIssue): [string, string] {
  const name = nameOf(issue.path, part);
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
  const isDate = (def?.checks ?? []).some(
    (check) => zodDef<{ pattern?: RegExp }>(check).pattern?.source === WP_DATE_TIME_PATTERN.source,
  );
  if (isDate && issue.code !== 'invalid_type') return ['Invalid date.', 'rest_invalid_date'];
  if (issue.code === 'too_big' && maxItems !== undefined)
    return [`${name} must contain at most ${maxItems} items.`, 'rest_too_many_items'];
  // A union's issue carries the union's code: the form the value went into says what failed.
  const code = issue.code === 'invalid_union' ? (def?.type === 'enum' ? 'invalid_value' : 'invalid_type') : issue.code;
  switch (code) {
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
      return [`${name} is not one of ${listOf(values)}.`, 'rest_not_in_enum'];
    }
    case 'invalid_type': {
      const typeName = (t: string | undefined) => (t === 'int' || t === 'number' ? 'integer' : t);
      // A union is each of its types (`title is not of type string,object.`).
      const type =
        def?.type === 'union'
          ? (def.options ?? []).map((option) => typeName(zodDef<Def>(unwrap(option) ?? option).type)).join(',')
          : (typeName(def?.type) ?? 'the expected type');
      // WordPress lists every type a parameter takes: `string,null` for a nullable one.
      return [
        `${name} is not of type ${type}${takesNull(route, part, issue.path) ? ',null' : ''}.`,
        'rest_invalid_type',
      ];
    }
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
  const details: Record<string, { code: string; message: string; data: unknown }> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') continue; // WordPress ignores parameters it does not know
    const name = String(issue.path[0] ?? part);
    if (issue.code === 'invalid_type' && given[name] === undefined) {
      missing.add(name);
      continue;
    }
    if (params[name]) continue;
    // `meta` is checked by its own callback, which says no more than this and leaves no details.
    if (name === 'meta' && issue.path.length === 1) {
      params[name] = 'Invalid parameter.';
      continue;
    }
    const [message, code, data] = describe(route, part, issue, given);
    params[name] = message;
    details[name] = { code, message, data };
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
    // PHP's empty array: `[]` in JSON.
    details: Object.keys(details).length > 0 ? details : [],
  });
}

/**
 * Server profiles. The client's schemas speak the spec's names (a newer WordPress with renamed
 * fields); a stock WordPress 6.5.5 names a few parameters differently and lacks a few others.
 * `compat: 'wordpress'` maps the spec's names onto WordPress's when a request is prepared, and
 * refuses (a {@link ValidationError} naming the field, before sending) what WordPress 6.5.5
 * would silently ignore. Responses are mapped back: a record WordPress sends with its own names
 * (`wp_pattern_category`, a top-level `wp_pattern_sync_status`) also carries the spec's
 * (`pattern_category`, `meta.pattern_sync_status`), so code written with the spec's names reads
 * what it wrote. docs/decisions/cms.md records the choice; the contract suite proves it on a real
 * WordPress.
 */
import { isPlainObject, ValidationError } from '@viewlink/transport';
import {
  EXCERPT_LENGTH,
  type FieldRule,
  type RegisteredMeta,
  type RouteRule,
  SEARCH_SEMANTICS,
} from './shared-rules.js';

export {
  BLOCK_FIELD_NAMES,
  type FieldRule,
  type RegisteredMeta,
  type RouteRule,
  WORDPRESS_PAGE_RULES,
} from './shared-rules.js';

/** Server profile of a {@link CmsClient}: `'spec'` (default) or `'wordpress'` (stock WordPress 6.5+). */
export type CmsCompat = 'spec' | 'wordpress';

const NEWER = 'WordPress 6.5.5 does not have this parameter (the spec follows a newer WordPress); it would be ignored';
/** Why meta keys of the SEO plugin are refused on a stock WordPress. */
const SEO_META = 'stock WordPress registers no such meta key (the SEO plugin does); it would be ignored';

// The rules of posts. Those several groups share are in core/shared-rules.ts; each other group's
// live in its module (internal/groups/), loaded with its routes, so a client carries the rules of
// the groups it has loaded and no others (docs/decisions/cms.md, "Browser bundle"); every rule
// together is `WORDPRESS_RULES` (core/wordpress-rules.ts).
/** `ignore_sticky` and `format` on the posts list, which WordPress 6.5.5 lacks. */
export const POST_LIST: RouteRule = {
  routes: /^GET \/cms\/v2\/posts$/,
  query: { ignore_sticky: { unsupported: NEWER }, format: { unsupported: NEWER } },
};
/** SEO meta keys on post writes, which stock WordPress does not register. */
export const POST_SEO_META: RouteRule = {
  routes: /^(POST|PUT|PATCH) \/cms\/v2\/posts(\/\{id\}(\/autosaves)?)?$/,
  body: {
    meta: {
      keys: {
        _seo_focuskw: { unsupported: SEO_META },
        _seo_title: { unsupported: SEO_META },
        _seo_metadesc: { unsupported: SEO_META },
      },
    },
  },
};

/** The rules of `WORDPRESS_RULES` that apply to the posts routes, in the same order. */
export const WORDPRESS_POST_RULES: readonly RouteRule[] = [SEARCH_SEMANTICS, POST_LIST, EXCERPT_LENGTH, POST_SEO_META];

/** Maps one prepared request onto the target server's names, and its response back to the spec's. */
export interface Compat {
  /** The profile. */
  readonly name: CmsCompat;
  /** The rules of one route (empty when the route needs none). */
  rulesOf(key: string): RulesOfRoute;
  /** The query and body as the server names them. @throws ValidationError naming each refused field. */
  request(
    key: string,
    query: Record<string, unknown> | undefined,
    body: unknown,
  ): { query: typeof query; body: unknown };
  /** A validated response of `key` with the spec's names added next to the server's (in place). */
  response<T>(key: string, data: T): T;
}

/** The merged rules of one route. */
interface RulesOfRoute {
  readonly query: Record<string, FieldRule>;
  readonly body: Record<string, FieldRule>;
  readonly fields: Record<string, string>;
  readonly fieldNeeds: Record<string, string>;
}

/** Options of {@link createCompat}. */
interface CompatOptions {
  /** Meta keys the site registers beyond stock WordPress's (see {@link RegisteredMeta}). */
  readonly registeredMeta?: RegisteredMeta | undefined;
  /** The rules: `WORDPRESS_RULES`, or those of the routes a one-resource client serves. */
  readonly rules: readonly RouteRule[];
  /** How renamed fields are applied; needed when a rule has `fields` (without it they are not renamed). */
  readonly renames?: FieldRenames | undefined;
}

type Issue = { path: (string | number)[]; message: string };

function mapFields(
  input: Record<string, unknown>,
  rules: Readonly<Record<string, FieldRule>>,
  path: (string | number)[],
  issues: Issue[],
  otherKeys?: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const rule = rules[name];
    if (!rule) {
      if (otherKeys !== undefined)
        issues.push({ path: [...path, name], message: `not supported by compat 'wordpress': ${otherKeys}` });
      else out[name] = value;
      continue;
    }
    if (rule.unsupported) {
      issues.push({ path: [...path, name], message: `not supported by compat 'wordpress': ${rule.unsupported}` });
      continue;
    }
    if (rule.allowed && !rule.allowed.includes(value)) {
      issues.push({
        path: [...path, name],
        message: `compat 'wordpress': WordPress 6.5.5 takes only ${rule.allowed.map((v) => JSON.stringify(v)).join(' or ')} here, got ${JSON.stringify(value)}`,
      });
      continue;
    }
    let mapped = value;
    if ((rule.keys || rule.otherKeys !== undefined) && isPlainObject(value))
      mapped = mapFields(value, rule.keys ?? {}, [...path, name], issues, rule.otherKeys);
    const items = rule.items;
    if (items && Array.isArray(value))
      mapped = value.map((item, index) =>
        isPlainObject(item) ? mapFields(item, items, [...path, name, index], issues) : item,
      );
    if (rule.oneValue && Array.isArray(value)) {
      if (value.length !== 1) {
        issues.push({
          path: [...path, name],
          message: `compat 'wordpress': WordPress 6.5.5 takes one ${name}, got ${value.length}`,
        });
        continue;
      }
      mapped = value[0];
    }
    out[rule.servedAs ?? name] = mapped;
  }
  return out;
}

/**
 * How a profile's renamed record fields (a rule's `fields`) are applied: `_fields` names as the
 * server answers them, and the spec's names added to a response. Only a client whose routes have
 * renamed fields (`CmsClient`: block patterns) is given it, so a posts-only bundle leaves it out.
 */
export interface FieldRenames {
  /** `_fields` names as the server answers them: a renamed field by its served name, plus what it needs. */
  served(fields: readonly string[], names: Record<string, string>, needs: Record<string, string>): string[];
  /** The records of one response body with the spec's names added next to the served ones (in place). */
  add<T>(data: T, names: Record<string, string>): T;
}

/**
 * Adds the spec's names next to WordPress's to a validated response of `key` (in place), under
 * any profile: a server that answers like WordPress 6.5.5 (the CMS fake does too) still gives
 * code written with the spec's names what it reads. `rules` are the client's (their `fields`
 * name the renamed response fields); the `compat: 'wordpress'` profile does the same through
 * {@link Compat.response}.
 */
export function specNamer(rules: readonly RouteRule[], renames: FieldRenames): <T>(key: string, data: T) => T {
  const namesOf = new Map<string, Record<string, string>>();
  return (key, data) => {
    let names = namesOf.get(key);
    if (!names) {
      names = {};
      for (const rule of rules) if (rule.routes.test(key)) Object.assign(names, rule.fields);
      namesOf.set(key, names);
    }
    return renames.add(data, names);
  };
}

/** The compat layer of a profile; `undefined` for `'spec'` (nothing to map). */
export function createCompat(name: CmsCompat | undefined, options: CompatOptions): Compat | undefined {
  if (name === undefined || name === 'spec') return undefined;
  const { rules, renames } = options;
  const registered = options.registeredMeta ?? {};
  const cache = new Map<string, RulesOfRoute>();
  const rulesOf = (key: string) => {
    let found = cache.get(key);
    if (!found) {
      found = { query: {}, body: {}, fields: {}, fieldNeeds: {} };
      for (const rule of rules) {
        if (!rule.routes.test(key)) continue;
        Object.assign(found.query, rule.query);
        Object.assign(found.fields, rule.fields);
        Object.assign(found.fieldNeeds, rule.fieldNeeds);
        for (const [field, given] of Object.entries(rule.body ?? {})) {
          let fieldRule = given;
          // Keys the site registers (the `registeredMeta` option) pass as they are.
          const extra = rule.metaOf ? registered[rule.metaOf] : undefined;
          if (field === 'meta' && extra && extra.length > 0)
            fieldRule = { ...fieldRule, keys: { ...fieldRule.keys, ...Object.fromEntries(extra.map((k) => [k, {}])) } };
          const before = found.body[field];
          // Two rules on `meta` (different keys) merge.
          found.body[field] =
            before?.keys && fieldRule.keys ? { ...before, keys: { ...before.keys, ...fieldRule.keys } } : fieldRule;
        }
      }
      cache.set(key, found);
    }
    return found;
  };
  return {
    name,
    rulesOf,
    request(key, query, body) {
      const { query: queryRules, body: bodyRules, fields: fieldNames, fieldNeeds } = rulesOf(key);
      const queryIssues: Issue[] = [];
      const bodyIssues: Issue[] = [];
      let mappedQuery =
        query && Object.keys(queryRules).length > 0 ? mapFields(query, queryRules, [], queryIssues) : query;
      const fields = mappedQuery?._fields;
      if (renames && Array.isArray(fields) && Object.keys(fieldNames).length > 0)
        mappedQuery = { ...mappedQuery, _fields: renames.served(fields, fieldNames, fieldNeeds) };
      const mappedBody =
        isPlainObject(body) && Object.keys(bodyRules).length > 0 ? mapFields(body, bodyRules, [], bodyIssues) : body;
      if (queryIssues.length > 0) throw new ValidationError(`request('${key}')`, queryIssues);
      if (bodyIssues.length > 0) throw new ValidationError(`request('${key}')`, bodyIssues);
      return { query: mappedQuery, body: mappedBody };
    },
    response: (key, data) => (renames ? renames.add(data, rulesOf(key).fields) : data),
  };
}

/** Validates the `compat` option. */
export function isCmsCompat(value: unknown): value is CmsCompat {
  return value === 'spec' || value === 'wordpress';
}

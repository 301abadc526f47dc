/**
 * Server profiles. The client's schemas speak the spec's names (a newer WordPress with renamed
 * fields); a stock WordPress 6.5.5 names a few parameters differently and lacks a few others.
 * `compat: 'wordpress'` maps the spec's names onto WordPress's when a request is prepared, and
 * refuses (a {@link ValidationError} naming the field, before sending) what WordPress 6.5.5
 * would silently ignore. Responses are not renamed: their schemas read both spellings.
 * docs/decisions/cms.md records the choice; the contract suite proves it on a real WordPress.
 */
import { ValidationError } from '@viewlink/transport';
import { cmsMethodName } from '../internal/method-names.js';

/** Server profile of a {@link CmsClient}: `'spec'` (default) or `'wordpress'` (stock WordPress 6.5+). */
export type CmsCompat = 'spec' | 'wordpress';

/** What happens to one spec field on the target server. */
export interface FieldRule {
  /** The name the server uses, when it differs. */
  readonly servedAs?: string;
  /** Why the server does not know the field: giving it is refused. */
  readonly unsupported?: string;
  /** The server takes one value where the spec takes a list: a one-item list is sent as its item. */
  readonly oneValue?: true;
  /** Rules for the keys of an object field (`meta`). */
  readonly keys?: Readonly<Record<string, FieldRule>>;
  /** The only values the server takes, when it takes fewer than the spec. */
  readonly allowed?: readonly unknown[];
}

/** The rules of the routes whose keys match `routes`. */
export interface RouteRule {
  /** Route keys (`METHOD /path`) the rule applies to. */
  readonly routes: RegExp;
  /** Query parameters, by spec name. */
  readonly query?: Readonly<Record<string, FieldRule>>;
  /** Body fields, by spec name. */
  readonly body?: Readonly<Record<string, FieldRule>>;
  /**
   * Record fields the server returns under another name (spec name: served name). Asked for by
   * the spec's name in `_fields`, they would come back missing, so that is refused.
   */
  readonly fields?: Readonly<Record<string, string>>;
}

const NEWER = 'WordPress 6.5.5 does not have this parameter (the spec follows a newer WordPress); it would be ignored';
const SEO_META = 'stock WordPress registers no such meta key (the SEO plugin does); it would be ignored';
const BLOCK_WRITE = /^(POST|PUT|PATCH) \/cms\/v2\/blocks(\/\{id\}(\/autosaves)?)?$/;

/** Stock WordPress 6.5.5 against the spec, per route. */
export const WORDPRESS_RULES: readonly RouteRule[] = [
  {
    routes: BLOCK_WRITE,
    body: {
      pattern_category: { servedAs: 'wp_pattern_category' },
      // WordPress 6.5.5 refuses '' (the spec's default, "synced") with 400 rest_not_in_enum.
      meta: { keys: { pattern_sync_status: { servedAs: 'wp_pattern_sync_status', allowed: ['partial', 'unsynced'] } } },
      excerpt: { unsupported: 'WordPress 6.5.5 reusable blocks have no excerpt; it would be ignored' },
    },
  },
  {
    routes: /^GET \/cms\/v2\/blocks(\/\{id\})?$/,
    fields: { pattern_category: 'wp_pattern_category' },
  },
  {
    routes: /^GET \/cms\/v2\/blocks$/,
    query: {
      pattern_category: { servedAs: 'wp_pattern_category' },
      pattern_category_exclude: { servedAs: 'wp_pattern_category_exclude' },
    },
  },
  {
    routes: /^GET \/cms\/v2\/(posts|pages|media|menu-items|blocks)$/,
    query: { search_semantics: { unsupported: NEWER } },
  },
  {
    routes: /^GET \/cms\/v2\/posts$/,
    query: { ignore_sticky: { unsupported: NEWER }, format: { unsupported: NEWER } },
  },
  {
    routes: /^GET \/cms\/v2\/(posts|pages|blocks)\/\{id\}$/,
    query: { excerpt_length: { unsupported: NEWER } },
  },
  {
    routes: /^GET \/cms\/v2\/media$/,
    query: { media_type: { oneValue: true }, mime_type: { oneValue: true } },
  },
  {
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
  },
  {
    routes: /^POST \/cms\/v2\/media\/\{id\}\/edit$/,
    body: Object.fromEntries(
      ['caption', 'description', 'title', 'post', 'alt_text'].map((name) => [
        name,
        { unsupported: `WordPress 6.5.5's image edit route does not take ${name}; it would be ignored` },
      ]),
    ),
  },
  {
    routes: /^(POST|PUT|PATCH) \/cms\/v2\/templates(\/\{template_id\}(\/autosaves)?)?$/,
    body: {
      id: {
        unsupported:
          'WordPress 6.5.5 takes the template id from the path (or theme and slug on create); it would be ignored',
      },
    },
  },
  {
    routes: /^POST \/cms\/v2\/(pages|menu-items)\/\{id\}\/autosaves$/,
    body: {
      parent: {
        unsupported:
          'WordPress 6.5.5 reads `parent` on an autosave route as the id of the autosaved record, not as a field',
      },
    },
  },
];

/** Maps one prepared request onto the target server's names; throws for fields it would ignore. */
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
}

/** The merged rules of one route. */
export interface RulesOfRoute {
  readonly query: Record<string, FieldRule>;
  readonly body: Record<string, FieldRule>;
  readonly fields: Record<string, string>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapFields(
  input: Record<string, unknown>,
  rules: Readonly<Record<string, FieldRule>>,
  path: (string | number)[],
  issues: { path: (string | number)[]; message: string }[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const rule = rules[name];
    if (!rule) {
      out[name] = value;
      continue;
    }
    if (rule.unsupported) {
      issues.push({ path: [...path, name], message: `not supported by compat 'wordpress': ${rule.unsupported}` });
      continue;
    }
    if (rule.allowed && !rule.allowed.includes(value)) {
      issues.push({
        path: [...path, name],
        message: `compat 'wordpress': WordPress 6.5.5 takes only ${rule.allowed.map((v) => JSON.stringify(v)).join(' or ')} here`,
      });
      continue;
    }
    let mapped = value;
    if (rule.keys && isPlainObject(value)) mapped = mapFields(value, rule.keys, [...path, name], issues);
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

/** The compat layer of a profile; `undefined` for `'spec'` (nothing to map). */
export function createCompat(
  name: CmsCompat | undefined,
  rules: readonly RouteRule[] = WORDPRESS_RULES,
): Compat | undefined {
  if (name === undefined || name === 'spec') return undefined;
  const cache = new Map<string, RulesOfRoute>();
  const rulesOf = (key: string) => {
    let found = cache.get(key);
    if (!found) {
      found = { query: {}, body: {}, fields: {} };
      for (const rule of rules) {
        if (!rule.routes.test(key)) continue;
        Object.assign(found.query, rule.query);
        Object.assign(found.fields, rule.fields);
        for (const [field, fieldRule] of Object.entries(rule.body ?? {})) {
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
      const { query: queryRules, body: bodyRules, fields: fieldNames } = rulesOf(key);
      const queryIssues: { path: (string | number)[]; message: string }[] = [];
      const fields = query?._fields;
      if (Array.isArray(fields) && Object.keys(fieldNames).length > 0) {
        fields.forEach((name: string, index) => {
          const served = fieldNames[name.split('.')[0] as string];
          if (served)
            queryIssues.push({
              path: ['_fields', index],
              message: `compat 'wordpress': WordPress 6.5.5 returns this field as \`${served}\`; ask for '${served}' (the record type has both names)`,
            });
        });
      }
      const bodyIssues: { path: (string | number)[]; message: string }[] = [];
      const mappedQuery =
        query && Object.keys(queryRules).length > 0 ? mapFields(query, queryRules, [], queryIssues) : query;
      const mappedBody =
        isPlainObject(body) && Object.keys(bodyRules).length > 0 ? mapFields(body, bodyRules, [], bodyIssues) : body;
      if (queryIssues.length > 0) throw new ValidationError(cmsMethodName(key), queryIssues);
      if (bodyIssues.length > 0) throw new ValidationError(cmsMethodName(key), bodyIssues);
      return { query: mappedQuery, body: mappedBody };
    },
  };
}

/** Validates the `compat` option. */
export function isCmsCompat(value: unknown): value is CmsCompat {
  return value === 'spec' || value === 'wordpress';
}

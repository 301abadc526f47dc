/**
 * Route agreement with the real server (issue 13, item 1). For every route of the client's
 * table that WordPress 6.5.5 serves (namespaces mapped), the arguments WordPress advertises (REST
 * index and OPTIONS on the route) are compared with the client's query and body schemas (types,
 * enums, ranges, required flags, formats, defaults), then values generated from WordPress's
 * argument schemas are put to both: the server (as a subscriber: WordPress validates arguments
 * before it checks permissions, so nothing is written) and the client's `prepare` (validation
 * without sending). Every value the server refuses with 400 `rest_invalid_param` /
 * `rest_missing_callback_param` must be refused by the client with a ValidationError naming the
 * same parameter, and every value the server takes must pass the client. The deliberate
 * differences are listed in deviations.ts (and docs/decisions/cms.md); an entry that no longer
 * matches anything fails the run, so the table stays true.
 *
 * On the fake, the same values (generated from the WordPress 6.5.5 arguments recorded in
 * agreement/wordpress-6.5.5-args.json, which the WordPress run checks against the live server)
 * go to the fake and to the client without a profile (the fake speaks the spec's names).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BadRequestError, type CmsClient, ValidationError } from '@viewlink/cms';
import { cmsRoutes, encodeTemplateId, type RouteDef } from '@viewlink/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompat } from '../../src/core/compat.js';
import { WORDPRESS_RULES } from '../../src/core/wordpress-rules.js';
import { FIELD_RENAMES } from '../../src/internal/field-renames.js';
import { type Aspect, clientFields, compareArg } from './agreement/compare.js';
import { DEVIATIONS, type Deviation } from './agreement/deviations.js';
import { candidates } from './agreement/values.js';
import { type AdvertisedRoute, advertisedRoutes, SAMPLE_PARAMS, type WpArg } from './agreement/wordpress-args.js';
import { type ContractTarget, clientFor, targets } from './targets.js';

const SNAPSHOT = fileURLToPath(new URL('./agreement/wordpress-6.5.5-args.json', import.meta.url));
const WP_NAMESPACES = { 'cms/v2': 'wp/v2' };

/** Values for required arguments while another one is tested. */
const REQUIRED_FILL: Record<string, (target: ContractTarget) => unknown> = {
  url: (target) => `${target.baseUrl}/`,
  src: () => 'https://example.com/image.png',
  action: () => 'create-image-subsizes',
  slug: () => 'vl-agreement',
  requests: () => [{ method: 'POST', path: '/wp/v2/posts', body: {} }],
};

const WRITE = new Set(['POST', 'PUT', 'PATCH']);
const wordpress = createCompat('wordpress', { rules: WORDPRESS_RULES, renames: FIELD_RENAMES });

/** The spec's (client's) name of a served argument on a route. */
function specName(key: string, location: 'query' | 'body', served: string): string {
  const rules = wordpress?.rulesOf(key)[location] ?? {};
  for (const [name, rule] of Object.entries(rules)) if (rule.servedAs === served) return name;
  return served;
}

/** A served input in the spec's names, object keys (`meta`) included. */
function specInput(key: string, location: 'query' | 'body', input: Record<string, unknown>): Record<string, unknown> {
  const rules = wordpress?.rulesOf(key)[location] ?? {};
  const out: Record<string, unknown> = {};
  for (const [served, value] of Object.entries(input)) {
    const name = specName(key, location, served);
    const keys = rules[name]?.keys;
    if (keys && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      out[name] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          Object.entries(keys).find(([, rule]) => rule.servedAs === k)?.[0] ?? k,
          v,
        ]),
      );
    } else out[name] = value;
  }
  return out;
}

function matches(deviation: Deviation, key: string, param: string, aspect: Aspect | 'values'): boolean {
  const routes = deviation.routes;
  const routeOk = typeof routes === 'string' ? routes === key || routes === '*' : routes.test(key);
  return routeOk && deviation.param === param && deviation.aspect === aspect;
}

interface Finding {
  readonly route: string;
  readonly param: string;
  readonly aspect: Aspect | 'values';
  readonly detail: string;
}

/** Keeps the findings no deviation explains; records which deviations were used. */
function unexplained(findings: Finding[], used: Set<Deviation>): Finding[] {
  return findings.filter((finding) => {
    const deviation = DEVIATIONS.find((d) => matches(d, finding.route, finding.param, finding.aspect));
    if (deviation) used.add(deviation);
    return !deviation;
  });
}

function readSnapshot(): AdvertisedRoute[] {
  return JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as AdvertisedRoute[];
}

/** WordPress's codes for `orderby: 'include'` without `include` and `'relevance'` without `search`. */
const ORDERBY_NEEDS_CODES = new Set(['rest_orderby_include_missing_include', 'rest_no_search_term_defined']);

/** The server's verdict: the parameter it names in a 400, or undefined when it took the value. */
async function serverRefuses(
  client: CmsClient,
  method: string,
  path: string,
  location: 'query' | 'body',
  input: Record<string, unknown>,
  param: string,
): Promise<{ refused: boolean; other?: string }> {
  try {
    await client.requestRaw({
      method: method as 'GET',
      path,
      ...(location === 'query' ? { query: input as Record<string, string> } : { body: input }),
    });
    return { refused: false };
  } catch (error) {
    if (!(error instanceof BadRequestError)) return { refused: false };
    const code = (error as { code?: string }).code;
    // Meta is checked inside the write, with its own codes: `meta.footnotes is not of type string.`
    if (param === 'meta' && error.message.includes('meta.')) return { refused: true };
    // An order by what the query does not give is refused with codes of its own (orderby-needs.contract.test.ts).
    if (param === 'orderby' && ORDERBY_NEEDS_CODES.has(code ?? '')) return { refused: true };
    if (code !== 'rest_invalid_param' && code !== 'rest_missing_callback_param') return { refused: false };
    const params = (error as { params?: unknown }).params;
    const names = Array.isArray(params) ? params.map(String) : Object.keys((params as object) ?? {});
    if (names.includes(param)) return { refused: true };
    return { refused: false, other: names.join(',') };
  }
}

/** The client's verdict: does `prepare` refuse the value, naming the parameter? */
function clientRefuses(
  client: CmsClient,
  key: string,
  location: 'query' | 'body',
  input: Record<string, unknown>,
  param: string,
  pathParams?: Record<string, unknown>,
): { refused: boolean; named: boolean; error?: string } {
  const def = (cmsRoutes as Record<string, RouteDef>)[key] as RouteDef;
  const params =
    pathParams ??
    Object.fromEntries(
      [...def.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => [m[1] as string, SAMPLE_PARAMS[m[1] as string]]),
    );
  try {
    client.routes.prepare(
      key as 'GET /cms/v2/posts',
      {
        ...(def.params ? { params } : {}),
        [location]: input,
      } as never,
    );
    return { refused: false, named: false };
  } catch (error) {
    if (!(error instanceof ValidationError)) return { refused: true, named: false, error: String(error) };
    const issues = (error as unknown as { issues?: { path?: readonly (string | number)[] }[] }).issues ?? [];
    return { refused: true, named: issues.some((issue) => issue.path?.[0] === param) };
  }
}

/** Runs `tasks` with at most `width` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

describe.each(targets())('route agreement with WordPress 6.5.5 on $name', (target) => {
  const onWordPress = target.name === 'wordpress';
  // The client under test: on WordPress with the stock WordPress profile (spec names in, WordPress's out).
  const client = clientFor(target, 'subscriber');
  const admin = clientFor(target);
  // Every route group up front: clientRefuses prepares routes of any group, synchronously.
  beforeAll(() => Promise.all([client.routes.load(), admin.routes.load()]));
  let routes: AdvertisedRoute[] = [];
  const used = new Set<Deviation>();
  // The stale-row check needs every check to have run (a -t filter skips some).
  const ran = new Set<string>();
  let unserved: string[] = [];
  let loaded: Promise<void> | undefined;
  // Every test can run alone (-t): the first to need the arguments reads them.
  const load = () => {
    loaded ??= (async () => {
      if (!onWordPress) {
        routes = readSnapshot();
        return;
      }
      const read = await advertisedRoutes(admin, WP_NAMESPACES);
      routes = read.served;
      unserved = read.unserved;
      if (process.env.CONTRACT_UPDATE_ARGS === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(routes, null, 1)}\n`);
    })();
    return loaded;
  };

  it('reads the advertised arguments of every served route (index and OPTIONS agree; the record is current)', async () => {
    await load();
    expect(routes.length).toBeGreaterThan(40);
    if (!onWordPress) return;
    // Only the routes the suite knows WordPress 6.5.5 lacks are unserved.
    expect(unserved.filter((key) => !/ \/(seo|forms)\/v1(\/|$)/.test(key))).toEqual([]);
    // The record the fake run uses is what this server advertises (CONTRACT_UPDATE_ARGS=1 rewrites it).
    expect(JSON.stringify(readSnapshot())).toEqual(JSON.stringify(routes));
  });

  it('types, enums, ranges, required flags, formats and defaults agree (or are listed deviations)', async () => {
    await load();
    const findings: Finding[] = [];
    for (const route of routes) {
      const def = (cmsRoutes as Record<string, RouteDef>)[route.key] as RouteDef;
      const location = WRITE.has(def.method) ? 'body' : 'query';
      const schema = location === 'body' ? (def.rawBody ? undefined : def.body) : def.query;
      if (def.rawBody) continue; // uploads: the file is the body; its fields are set by a later update
      const fields = clientFields(schema);
      const seen = new Set<string>();
      for (const [served, arg] of Object.entries(route.args)) {
        const name = specName(route.key, location, served);
        seen.add(name);
        const field = fields.properties[name];
        if (!field) {
          findings.push({
            route: route.key,
            param: name,
            aspect: 'missing',
            detail: 'WordPress has it, the client not',
          });
          continue;
        }
        for (const [aspect, detail] of Object.entries(compareArg(arg, field, fields.required.has(name)))) {
          findings.push({ route: route.key, param: name, aspect: aspect as Aspect, detail });
        }
      }
      for (const name of Object.keys(fields.properties)) {
        if (!seen.has(name))
          findings.push({
            route: route.key,
            param: name,
            aspect: 'extra',
            detail: 'the client has it, WordPress 6.5.5 not',
          });
      }
    }
    const left = unexplained(findings, used);
    ran.add('static');
    expect(left.map((f) => `${f.route} ${f.param} [${f.aspect}] ${f.detail}`)).toEqual([]);
  });

  it('fields the client has and WordPress 6.5.5 lacks are renamed or refused by the stock profile, never sent to be ignored', async () => {
    if (!onWordPress) return;
    await load();
    const problems: string[] = [];
    for (const route of routes) {
      const def = (cmsRoutes as Record<string, RouteDef>)[route.key] as RouteDef;
      if (def.rawBody) continue;
      const location = WRITE.has(def.method) ? 'body' : 'query';
      const fields = clientFields(location === 'body' ? def.body : def.query);
      const served = new Set(Object.keys(route.args).map((name) => specName(route.key, location, name)));
      for (const name of Object.keys(fields.properties)) {
        if (served.has(name)) continue;
        const rule = wordpress?.rulesOf(route.key)[location][name];
        if (!rule?.unsupported)
          problems.push(`${route.key} ${name}: WordPress 6.5.5 lacks it and the profile lets it through`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every generated value: the server and the client take or refuse it alike, naming the parameter', async () => {
    await load();
    const findings: Finding[] = [];
    const tasks: (() => Promise<void>)[] = [];
    const verdicts = new Map<string, Promise<{ refused: boolean; other?: string }>>();
    let checked = 0;
    // WordPress checks meta inside the write, after its permission check: meta values go to a
    // real record of each type, as the administrator (a valid value is written; nothing else is).
    const metaRecords = new Map<string, number>();
    if (onWordPress) {
      for (const base of ['posts', 'pages', 'blocks']) {
        const { data } = await admin.requestRaw<{ id: number }>({
          method: 'POST',
          path: `/wp/v2/${base}`,
          body: { title: 'agreement meta probe', status: 'draft' },
        });
        metaRecords.set(base, data.id);
      }
    }
    for (const route of routes) {
      const def = (cmsRoutes as Record<string, RouteDef>)[route.key] as RouteDef;
      if (def.rawBody) continue;
      const location = WRITE.has(def.method) ? 'body' : 'query';
      const fields = clientFields(location === 'body' ? def.body : def.query);
      const served = onWordPress ? route.samplePath : route.samplePath.replace('/wp/v2/', '/cms/v2/');
      const metaBase = /^\/wp\/v2\/(posts|pages|blocks)/.exec(route.samplePath)?.[1];
      const metaRecord = onWordPress && location === 'body' && metaBase ? metaRecords.get(metaBase) : undefined;
      const metaPath =
        metaRecord === undefined
          ? undefined
          : `/wp/v2/${metaBase}/${metaRecord}${route.samplePath.endsWith('/autosaves') ? '/autosaves' : ''}`;
      const fill: Record<string, unknown> = {};
      for (const [name, arg] of Object.entries(route.args)) {
        if (arg.required) fill[name] = REQUIRED_FILL[name]?.(target) ?? (arg.enum ? arg.enum[0] : 'x');
      }
      for (const [servedName, arg] of Object.entries(route.args) as [string, WpArg][]) {
        const name = specName(route.key, location, servedName);
        if (!fields.properties[name]) continue; // reported by the static comparison
        const values = candidates(arg).filter((value) => location === 'body' || value !== null);
        for (const value of values) {
          const serverInput = { ...fill, [servedName]: value };
          const clientInput = specInput(route.key, location, serverInput);
          const sendName = onWordPress ? servedName : name;
          const sendInput = onWordPress ? serverInput : clientInput;
          // WordPress validates an argument by its advertised schema: one question per method
          // kind, argument schema and value, whichever route asks it (POST, PUT and PATCH share
          // an endpoint; posts, pages and blocks share most arguments).
          const viaRecord = servedName === 'meta' && metaPath !== undefined;
          const cacheKey = `${WRITE.has(def.method) ? 'W' : def.method} ${viaRecord ? metaPath : ''} ${servedName} ${JSON.stringify(arg)} ${JSON.stringify(sendInput)}`;
          tasks.push(async () => {
            let verdict = verdicts.get(cacheKey);
            if (!verdict) {
              // Reads as the administrator (a subscriber may not filter by private statuses),
              // writes as the subscriber (refused after validation, so nothing is written).
              verdict = serverRefuses(
                def.method === 'GET' || viaRecord ? admin : client,
                viaRecord ? 'POST' : def.method,
                viaRecord ? (metaPath as string) : served,
                location,
                sendInput,
                sendName,
              );
              verdicts.set(cacheKey, verdict);
            }
            const server = await verdict;
            const mine = clientRefuses(client, route.key, location, clientInput, name);
            checked += 1;
            const shown = JSON.stringify(value);
            if (server.other !== undefined) {
              findings.push({
                route: route.key,
                param: name,
                aspect: 'values',
                detail: `${shown}: the server named ${server.other} instead (check REQUIRED_FILL)`,
              });
            } else if (server.refused && !mine.refused) {
              findings.push({
                route: route.key,
                param: name,
                aspect: 'values',
                detail: `${shown}: server refuses, client takes it`,
              });
            } else if (server.refused && !mine.named) {
              findings.push({
                route: route.key,
                param: name,
                aspect: 'values',
                detail: `${shown}: client refuses without naming ${name}${mine.error ? ` (${mine.error})` : ''}`,
              });
            } else if (!server.refused && mine.refused) {
              findings.push({
                route: route.key,
                param: name,
                aspect: 'values',
                detail: `${shown}: server takes it, client refuses`,
              });
            }
          });
        }
      }
    }
    await pool(tasks, 4);
    for (const [base, id] of metaRecords) {
      await admin.requestRaw({ method: 'DELETE', path: `/wp/v2/${base}/${id}`, query: { force: true } });
    }
    console.info(
      `[agreement] ${target.name}: ${checked} values on ${routes.length} routes, ${verdicts.size} server requests`,
    );
    const left = unexplained(findings, used);
    ran.add('values');
    expect(left.map((f) => `${f.route} ${f.param}: ${f.detail}`)).toEqual([]);
  }, 300_000);

  it('template ids: the client refuses exactly the ids WordPress has no route for (or lists why)', async () => {
    if (!onWordPress) return; // the route pattern is WordPress's own; the fake routes by the client's table
    const ids = [
      'twentytwentyfour//index',
      'index',
      'ab',
      'a',
      'tw.x//index',
      'twentytwentyfour//index.v2',
      'twentytwentyfour//x y',
      'theme//slug%x',
      "t//it's",
      'a/b',
      'a/b/c',
      'a//b//c',
      'a:b',
      'a<b',
    ];
    const findings: Finding[] = [];
    for (const id of ids) {
      let refused = false;
      try {
        await admin.requestRaw({ method: 'GET', path: `/wp/v2/templates/${encodeTemplateId(id)}` });
      } catch (error) {
        refused = (error as { code?: string }).code === 'rest_no_route';
      }
      const mine = clientRefuses(admin, 'GET /cms/v2/templates/{template_id}', 'query', {}, 'template_id', {
        template_id: id,
      });
      if (refused !== mine.refused) {
        findings.push({
          route: 'GET /cms/v2/templates/{template_id}',
          param: 'template_id',
          aspect: 'values',
          detail: `${JSON.stringify(id)}: ${refused ? 'WordPress has no route, client takes it' : 'WordPress routes it, client refuses'}`,
        });
      }
    }
    const left = unexplained(findings, used);
    ran.add('ids');
    expect(left.map((f) => `${f.param}: ${f.detail}`)).toEqual([]);
  });

  it('every deviation in the table is still needed (on WordPress)', () => {
    if (!onWordPress || ran.size < 3) return;
    const stale = DEVIATIONS.filter((d) => !used.has(d)).map((d) => `${String(d.routes)} ${d.param} [${d.aspect}]`);
    expect(stale).toEqual([]);
  });
});

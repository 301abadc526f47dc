/**
 * The browser build of the schemas (build/strip-descriptions.ts, `dist/browser`) carries no field
 * description or route summary, and validates exactly as the sources Node runs: same success, same
 * value, same issues (paths, codes, messages), on valid records and on invalid inputs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import fc from 'fast-check';
import type { Options } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { stripDescriptions, stripDescriptionsPlugin } from '../build/strip-descriptions.js';
import * as node from '../src/index.js';
import type { RouteDef, RouteTable } from '../src/route.js';
import tsupConfig from '../tsup.config.js';
import { FORMS_EXAMPLES, SEO_EXAMPLES } from './seo-forms-examples.js';

const ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../cms/test/fixtures/wordpress-6.5.5/', import.meta.url));
const fixture = (name: string): unknown => JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8'));

/** The schemas' entry bundled for the browser (zod included), with `plugins`: its code and its module. */
async function bundle(dir: string, name: string, plugins: Plugin[]): Promise<{ code: string; module: typeof node }> {
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(ENTRY)};`, resolveDir: dirname(ENTRY), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    charset: 'utf8',
    // As a site's bundler does: comments go (two fields repeat their description in a comment).
    minify: true,
    write: false,
    plugins,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  return { code, module: (await import(pathToFileURL(file).href)) as typeof node };
}

const isSchema = (value: unknown): value is core.$ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;
const tables = (m: typeof node): Record<string, RouteTable> => ({ cms: m.cmsRoutes, partner: m.partnerRoutes });
const PARTS = ['params', 'query', 'body', 'response'] as const;

/** Every field description (as the OpenAPI export reads them) and every route summary of the sources. */
function documentationTexts(): { descriptions: Set<string>; summaries: Set<string> } {
  const descriptions = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object')
      for (const [key, inner] of Object.entries(value))
        if (key === 'description' && typeof inner === 'string') descriptions.add(inner);
        else collect(inner);
  };
  const jsonSchema = (schema: core.$ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(schema, { unrepresentable: 'any', io, cycles: 'ref' });
  for (const value of Object.values(node)) if (isSchema(value)) collect(jsonSchema(value, 'input'));
  const summaries = new Set<string>();
  for (const table of Object.values(tables(node)))
    for (const route of Object.values(table)) {
      summaries.add(route.summary);
      for (const part of PARTS) {
        const schema = route[part];
        if (schema) collect(jsonSchema(schema, part === 'response' ? 'output' : 'input'));
      }
    }
  return { descriptions, summaries };
}

type Result = { value?: unknown; issues?: ReadonlyArray<unknown> };
const validate = (schema: core.$ZodType, value: unknown) => schema['~standard'].validate(value) as Result;

/** The Node schema and its browser twin give the same answer on `value`. */
function expectSameAnswer(nodeSchema: core.$ZodType, browserSchema: core.$ZodType, value: unknown, label: string) {
  const expected = validate(nodeSchema, value);
  const received = validate(browserSchema, value);
  const shown = `${label}: ${JSON.stringify(value)?.slice(0, 200)}`;
  expect(received.issues === undefined, shown).toBe(expected.issues === undefined);
  if (expected.issues === undefined) expect(received.value, shown).toStrictEqual(expected.value);
  else expect(received.issues, shown).toEqual(expected.issues);
}

const SAMPLES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  '',
  'x',
  'https://ok.example/x',
  true,
  [],
  [1, 'a'],
  {},
  { id: 1 },
  { id: 0 },
  { id: 'a' },
  { parent: 3, id: 4 },
  { template_id: 'twentytwentyfour//home', id: 2 },
  { context: 'view' },
  { context: 'nope' },
  { page: 1, per_page: 100 },
  { page: 0, per_page: 101 },
  { search: 'a', orderby: 'title', order: 'asc' },
  { title: 'A', status: 'publish' },
  { title: 'A', status: 'bogus', unknown_field: 1 },
  { categories: [1, 'x'] },
  { user_id: 'u1' },
  { refresh_token: 'r' },
  { cursor: 'abc', limit: 5000 },
];

const title = { id: 't1', service: 'svc', name: 'A', watch_now_url: 'https://w.example/t1', progress_seconds: 10 };
/** Valid values of a few routes, keyed `table route part`. */
const VALID: Array<[string, string, (typeof PARTS)[number], unknown]> = [
  ['cms', 'GET /cms/v2/posts', 'response', fixture('posts-list-anon')],
  ['cms', 'GET /cms/v2/posts/{id}', 'response', fixture('post-edit-context')],
  ['cms', 'GET /cms/v2/pages', 'response', fixture('pages-list')],
  ['partner', 'GET /v1/user/watchlist', 'response', { categories: [{ kind: 'saved', titles: [title] }] }],
  [
    'partner',
    'GET /v1/user/history',
    'response',
    { items: [{ title, completion_percentage: 40, watched_at: '2026-11-23T11:00:00Z' }], next_cursor: 'abc' },
  ],
  ...Object.entries({ ...SEO_EXAMPLES, ...FORMS_EXAMPLES }).flatMap(([key, example]) =>
    Object.entries(example).map(
      ([part, value]) => ['cms', key, part as (typeof PARTS)[number], value] as [string, string, 'query', unknown],
    ),
  ),
];

let dir = '';
let plain: { code: string; module: typeof node };
let browser: { code: string; module: typeof node };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'schemas-browser-build-'));
  [plain, browser] = await Promise.all([bundle(dir, 'plain', []), bundle(dir, 'browser', [stripDescriptionsPlugin()])]);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the browser build carries no documentation text', () => {
  it('no field description and no route summary is in its code (each one is in the plain bundle)', () => {
    const { descriptions, summaries } = documentationTexts();
    expect(descriptions.size).toBeGreaterThan(450);
    expect(summaries.size).toBeGreaterThan(140);
    for (const picked of [
      'User id of the author.',
      'Id of the record.',
      "The user's biography.",
      'Whether the post is pinned to the top of the front page.',
    ])
      expect(descriptions).toContain(picked);
    expect(summaries).toContain("Personalized content categories across the user's logged-in services.");
    // As the text or as a JS string's body (`\n` escaped).
    const holds = (code: string) => (text: string) =>
      code.includes(text) || code.includes(JSON.stringify(text).slice(1, -1));
    expect([...descriptions].filter((text) => !holds(plain.code)(text))).toEqual([]);
    // Summaries made from a template (`List ${plural}.`, for each resource) are not in any code as a whole.
    const literalSummaries = [...summaries].filter(holds(plain.code));
    expect(literalSummaries.length).toBeGreaterThan(100);
    expect(plain.code).toContain(', or delete it with force=true.');
    expect([...descriptions, ...summaries].filter(holds(browser.code))).toEqual([]);
    expect(browser.code).not.toContain(', or delete it with force=true.');
  });

  it('route summaries are empty strings: the routes keep their shape', () => {
    for (const [name, table] of Object.entries(tables(browser.module)))
      for (const [key, route] of Object.entries(table)) {
        expect(route.summary, `${name} ${key}`).toBe('');
        expect(route.operationId, `${name} ${key}`).toBe(tables(node)[name]?.[key]?.operationId);
      }
  });

  it('the package maps the browser and react-native conditions to the build made with the transform', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, { browser?: { default: string }; 'react-native'?: { default: string } }>;
    };
    const target = pkg.exports['.']?.browser?.default;
    expect(target).toBe('./dist/browser/index.js');
    // Metro (React Native) asks for `react-native`: Hermes gets the build without zod's compiler too.
    expect(pkg.exports['.']?.['react-native']?.default).toBe(target);
    const configs = (Array.isArray(tsupConfig) ? tsupConfig : [tsupConfig]) as Options[];
    const browserConfig = configs.find((c) => `./${c.outDir}/index.js` === target);
    expect(browserConfig?.esbuildPlugins?.map((p) => p.name)).toEqual(['strip-descriptions']);
    const entry = browserConfig?.entry as Record<string, string>;
    expect(entry.index).toBe('src/index.ts');
    expect(entry['compiled-validator']).toBe('src/compiled-validator.browser.ts');
  });
});

describe('the transform', () => {
  it('keeps the schema, its leading pure mark and what surrounds the call', () => {
    const source = [
      "import { described } from '../internal/describe.js';",
      'const a = { x: described(/* @__PURE__ */ lazy(() => z.int()), "Text A."), y: described(z.string(), `B`).min };',
      "const r = { operationId: 'op', summary: 'Get it.' };",
      "const field = { summary: z.string(), description: 'data, not documentation' };",
    ].join('\n');
    const out = stripDescriptions(source, 'x.ts');
    expect(out).toContain('x: (/* @__PURE__ */ lazy(() => z.int()))');
    expect(out).toContain('y: (z.string()).min');
    expect(out).toContain("{ operationId: 'op', summary: '' }");
    expect(out).toContain("{ summary: z.string(), description: 'data, not documentation' }");
    expect(out).not.toMatch(/Text A|`B`|Get it|import/);
  });

  it('refuses a description that is not a string literal (it would stay at the caller)', () => {
    expect(() => stripDescriptions('const f = (d: string) => described(z.int(), d);', 'common.ts')).toThrow(
      /common\.ts:1:.*string literal/,
    );
  });
});

describe('the browser build validates exactly as the Node build', () => {
  it('every route part, on invalid and odd inputs', () => {
    let compared = 0;
    for (const [name, table] of Object.entries(tables(node)))
      for (const [key, route] of Object.entries(table) as Array<[string, RouteDef]>)
        for (const part of PARTS) {
          const nodeSchema = route[part];
          const browserSchema = tables(browser.module)[name]?.[key]?.[part];
          if (!nodeSchema) continue;
          expect(browserSchema, `${key} ${part}`).toBeDefined();
          for (const value of SAMPLES)
            expectSameAnswer(nodeSchema, browserSchema as core.$ZodType, value, `${key} ${part}`);
          compared++;
        }
    expect(compared).toBeGreaterThan(300);
  });

  it('valid records and inputs, and their mutations', () => {
    for (const [name, key, part, value] of VALID) {
      const nodeSchema = tables(node)[name]?.[key]?.[part];
      const browserSchema = tables(browser.module)[name]?.[key]?.[part];
      if (!nodeSchema || !browserSchema) throw new Error(`${key} has no ${part}`);
      expect(validate(nodeSchema, value).issues, `${key} ${part}: the example is valid`).toBe(undefined);
      expectSameAnswer(nodeSchema, browserSchema, value, `${key} ${part}`);
    }
    const leaf = fc.oneof(fc.constantFrom(null, -1, 0, 1.5, '', 'x', true, [], {}), fc.jsonValue({ maxDepth: 2 }));
    // The five records above (cms and partner responses), each with one node replaced.
    for (const [name, key, part, value] of VALID.slice(0, 5)) {
      const nodeSchema = tables(node)[name]?.[key]?.[part];
      const browserSchema = tables(browser.module)[name]?.[key]?.[part];
      if (!nodeSchema || !browserSchema) throw new Error(`${key} has no ${part}`);
      fc.assert(
        fc.property(leaf, fc.nat(), (replacement, index) => {
          expectSameAnswer(nodeSchema, browserSchema, replaceOne(value, index, replacement), key);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('webhook events and other exported schemas, on the same inputs', () => {
    let compared = 0;
    for (const [name, nodeSchema] of Object.entries(node)) {
      const browserSchema = (browser.module as Record<string, unknown>)[name];
      if (!isSchema(nodeSchema)) continue;
      if (!isSchema(browserSchema)) throw new Error(`${name} is not a schema in the browser build`);
      for (const value of SAMPLES) expectSameAnswer(nodeSchema, browserSchema, value, name);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});

/** A copy of `value` with its `index`-th node (depth first, modulo the count) replaced by `replacement`. */
function replaceOne(value: unknown, index: number, replacement: unknown): unknown {
  const nodes: Array<{ parent: Record<string, unknown>; key: string }> = [];
  const copy = structuredClone(value) as unknown;
  const walk = (current: unknown) => {
    if (current === null || typeof current !== 'object') return;
    for (const [key, inner] of Object.entries(current)) {
      nodes.push({ parent: current as Record<string, unknown>, key });
      walk(inner);
    }
  };
  walk(copy);
  const target = nodes[index % Math.max(nodes.length, 1)];
  if (target) target.parent[target.key] = replacement;
  return copy;
}

/**
 * Agreement tests: a schema compiled by zod (`compiledValidator`, zod's `compile`) and the same
 * schema run by zod's interpreter give the same answer (same value, or the same issues) on
 * hand-picked samples and on property-generated valid and invalid values (fast-check).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import {
  cmsRoutes,
  compiledValidator,
  PartnerTitle,
  pageRecord,
  partnerRoutes,
  postRecord,
  WatchHistoryPage,
  Watchlist,
} from '../src/index.js';
import { flatCheck } from '../src/internal/flat-check.js';
import { keepsValidInput } from '../src/internal/keeps-valid-input.js';

const FIXTURES = fileURLToPath(new URL('../../cms/test/fixtures/wordpress-6.5.5/', import.meta.url));
const fixture = (name: string): unknown => JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8'));
type Result = { value?: unknown; issues?: ReadonlyArray<{ path?: unknown; message: string }> };
const validate = (schema: { '~standard': { validate: (v: unknown) => unknown } }, value: unknown) =>
  schema['~standard'].validate(value) as Result;

/** Compiled and interpreted zod agree: both accept with equal values, or both refuse with equal issues. */
function expectAgrees(schema: core.$ZodType, value: unknown): void {
  const interpreted = validate(schema, value);
  const compiled = validate(compiledValidator(schema), value);
  const shown = () => JSON.stringify(value);
  expect(compiled.issues === undefined, `accepted by one only: ${shown()}`).toBe(interpreted.issues === undefined);
  // zod copies into plain objects; a valid value handed back as it is keeps a null prototype.
  const nullPrototype = (v: unknown) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === null;
  const received = nullPrototype(compiled.value) ? { ...(compiled.value as object) } : compiled.value;
  if (interpreted.issues === undefined) expect(received, shown()).toStrictEqual(interpreted.value);
  else expect(compiled.issues, shown()).toEqual(interpreted.issues);
}

const SAMPLES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'a',
  '  padded  ',
  'some-service',
  'Bad Service',
  'https://x.example/a',
  'javascript:alert(1)',
  '2026-11-23T11:00:00Z',
  '2026-11-23 11:00',
  true,
  false,
  [],
  [1, 2],
  ['a', 1],
  {},
  { id: 'a' },
  { id: 'a', n: 2, extra: [1] },
  { id: 3 },
  { id: 'a', n: -1 },
  { id: 'a', n: undefined },
  { id: 'a', when: undefined },
];

const SCHEMAS: Array<[string, core.$ZodType]> = [
  ['string', z.string()],
  ['number', z.number()],
  ['int with bounds', z.int().check(z.minimum(0), z.maximum(100))],
  ['exclusive bounds', z.number().check(z.gt(0), z.lt(10))],
  ['boolean', z.boolean()],
  ['null', z.null()],
  ['unknown', z.unknown()],
  ['enum', z.enum(['a', 'b'])],
  ['literal', z.literal(true)],
  ['regex', z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]*$/))],
  ['global regex', z.string().check(z.regex(/a/g))],
  ['length checks', z.string().check(z.minLength(1), z.maxLength(3))],
  ['iso datetime', z.iso.datetime({ offset: true })],
  ['optional', z.optional(z.string())],
  ['exact optional', z.exactOptional(z.string())],
  ['nullable', z.nullable(z.number())],
  ['array', z.array(z.int())],
  ['array with length', z.array(z.unknown()).check(z.minLength(1))],
  ['union', z.union([z.string(), z.array(z.number())])],
  ['loose object', z.looseObject({ id: z.string(), n: z.optional(z.number().check(z.minimum(0))) })],
  ['strict object', z.strictObject({ id: z.string(), n: z.optional(z.number()) })],
  ['record', z.record(z.string(), z.number())],
  ['stripping object', z.object({ id: z.string() })],
  ['object with a typed catchall', z.catchall(z.object({ id: z.string() }), z.number())],
  ['default', z._default(z.string(), 'x')],
  ['object with a default', z.looseObject({ id: z.optional(z.string()), when: z._default(z.boolean(), false) })],
  ['trim (an overwriting check)', z.string().check(z.trim())],
  [
    'transform',
    z.pipe(
      z.string(),
      z.transform((s: string) => s.length),
    ),
  ],
  [
    'discriminated union',
    z.discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b') })]),
  ],
  ['title', PartnerTitle],
];

describe('compiled and interpreted zod agree on samples', () => {
  for (const [name, schema] of SCHEMAS) {
    it(name, () => {
      for (const value of SAMPLES) expectAgrees(schema, value);
    });
  }

  it('absent, undefined and inherited keys are judged as zod judges them', () => {
    const schema = z.looseObject({ exact: z.exactOptional(z.string()), anything: z.unknown(), id: z.int() });
    const values = [
      {},
      { id: 1 },
      { id: 1, anything: undefined },
      { id: 1, anything: 2, exact: undefined },
      { id: 1, anything: 2, exact: 'x' },
      { id: undefined, anything: 2 },
      Object.assign(Object.create(null), { id: 1, anything: 2 }),
    ];
    for (const value of values) expectAgrees(schema, value);
  });
});

describe('which schemas hand a valid value back as it is', () => {
  it('the one difference: a JSON "__proto__" key stays an own data property (zod drops it), never a prototype', () => {
    const schema = z.looseObject({ id: z.string() });
    const sent = JSON.parse('{"id":"a","__proto__":{"x":1}}');
    const value = validate(compiledValidator(schema), sent).value as Record<string, unknown>;
    // What the client returns with validation off too: JSON.parse's own value.
    expect(value).toBe(sent);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.x).toBeUndefined();
    expect(validate(schema, sent).value).toStrictEqual({ id: 'a' });
  });

  it('schemas that never reshape a valid value: the input itself, no copy', () => {
    for (const schema of [Watchlist, WatchHistoryPage, postRecord, PartnerTitle, z.strictObject({ a: z.int() })]) {
      expect(keepsValidInput(schema)).toBe(true);
    }
    const value = { categories: [{ kind: 'saved', titles: [] }] };
    expect(validate(compiledValidator(Watchlist), value).value).toBe(value);
  });

  it('schemas zod reshapes (stripping, defaults, overwriting checks, transforms): zod’s own output', () => {
    const reshaping = [
      z.object({ id: z.string() }),
      z.looseObject({ when: z._default(z.boolean(), false) }),
      z.array(z.string().check(z.trim())),
      z.pipe(
        z.string(),
        z.transform((s: string) => s.length),
      ),
      z.readonly(z.looseObject({})),
      z.lazy(() => z.string()),
    ];
    for (const schema of reshaping) expect(keepsValidInput(schema)).toBe(false);
    const stripped = validate(compiledValidator(z.object({ id: z.string() })), { id: 'a', extra: 1 });
    expect(stripped.value).toStrictEqual({ id: 'a' });
    expect(validate(compiledValidator(z.looseObject({ when: z._default(z.boolean(), false) })), {}).value).toEqual({
      when: false,
    });
  });
});

describe('compiledValidator', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    z.config({ jitless: false });
  });

  it('compiles the read routes the clients validate most, once per schema', () => {
    for (const key of ['GET /v1/user/watchlist', 'GET /v1/user/history'] as const) {
      const schema = partnerRoutes[key].response;
      expect(compiledValidator(schema), key).not.toBe(schema);
      expect(compiledValidator(schema)).toBe(compiledValidator(schema));
    }
    for (const key of ['GET /cms/v2/posts/{id}', 'GET /cms/v2/posts', 'GET /cms/v2/pages/{id}'] as const) {
      const schema = cmsRoutes[key].response;
      expect(compiledValidator(schema), key).not.toBe(schema);
    }
  });

  it('gives zod’s issues, with paths, for an invalid value', () => {
    const bad = { categories: [{ kind: 'saved', titles: [{ id: 1 }] }] };
    const issues = validate(compiledValidator(Watchlist), bad).issues;
    expect(issues).toEqual(validate(Watchlist, bad).issues);
    expect(issues?.[0]?.path).toEqual(['categories', 0, 'titles', 0, 'id']);
  });

  it("honours zod's jitless switch: the schema itself, and no code is generated", () => {
    const generate = vi.fn(() => {
      throw new Error('new Function called under jitless');
    });
    vi.stubGlobal('Function', generate);
    z.config({ jitless: true });
    const schema = z.looseObject({ id: z.int() });
    expect(compiledValidator(schema)).toBe(schema);
    expect(validate(compiledValidator(schema), { id: 'x' }).issues?.[0]?.path).toEqual(['id']);
    expect(generate).not.toHaveBeenCalled();
  });

  it('works where code may not be evaluated (CSP): the schema itself validates', () => {
    vi.stubGlobal('Function', () => {
      throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
    });
    const schema = z.looseObject({ id: z.int(), tags: z.optional(z.array(z.string())) });
    expect(compiledValidator(schema)).toBe(schema);
    const value = { id: 1, tags: ['a'] };
    expect(validate(compiledValidator(schema), value).value).toEqual(value);
    expect(validate(compiledValidator(schema), { id: 'x' }).issues?.[0]?.path).toEqual(['id']);
  });

  it('leaves a schema with a reference cycle to zod’s interpreter', () => {
    const Category = z.looseObject({
      name: z.string(),
      get children(): core.$ZodType {
        return z.array(Category);
      },
    });
    expect(compiledValidator(Category)).toBe(Category);
    expect(validate(compiledValidator(Category), { name: 'a', children: [{ name: 'b', children: [] }] }).issues).toBe(
      undefined,
    );
  });
});

/** Every path (as key lists) inside a JSON value. */
function paths(value: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  const out: PropertyKey[][] = [prefix];
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push(...paths(item, [...prefix, Array.isArray(value) ? Number(key) : key]));
    }
  }
  return out;
}

type Mutation = { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'add'; key: string; value: unknown };

function mutate(record: unknown, path: PropertyKey[], mutation: Mutation): unknown {
  const copy = structuredClone(record);
  if (path.length === 0) return mutation.kind === 'set' ? mutation.value : copy;
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown>)[key], copy);
  const target = parent as Record<PropertyKey, unknown>;
  const key = path.at(-1) as PropertyKey;
  if (mutation.kind === 'set') target[key] = mutation.value;
  else if (mutation.kind === 'delete') delete target[key];
  else if (typeof target[key] === 'object' && target[key] !== null && !Array.isArray(target[key]))
    (target[key] as Record<string, unknown>)[mutation.key] = mutation.value;
  return copy;
}

const leaf = fc.oneof(
  fc.constantFrom(null, -1, 0, 1.5, 2 ** 53, '', 'x', 'javascript:x', 'https://ok.example/x', true, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), value: leaf }),
  fc.constant({ kind: 'delete' as const }),
  fc.record({ kind: fc.constant('add' as const), key: fc.string({ maxLength: 8 }), value: leaf }),
);

describe('property: compiled and interpreted zod agree on real records and their mutations', () => {
  const title = { id: 't1', service: 'svc', name: 'A', watch_now_url: 'https://w.example/t1', progress_seconds: 10 };
  const partnerFixture = {
    categories: [
      {
        kind: 'saved',
        titles: [title, { ...title, id: 't2', watch_now_url: 'http://w.example/t2', episode_id: 'e1', extra: 1 }],
      },
      { kind: 'some_new_kind', titles: [] },
    ],
  };
  const historyFixture = {
    items: [
      { title, completion_percentage: 40, watched_at: '2026-11-23T11:00:00Z' },
      {
        title,
        completion_percentage: 100,
        started_at: '2026-11-22T10:00:00+01:00',
        watched_at: '2026-11-23T11:00:00Z',
      },
    ],
    next_cursor: 'abc',
  };
  const cases: Array<[string, core.$ZodType, unknown]> = [
    ['Watchlist', Watchlist, partnerFixture],
    ['history page', WatchHistoryPage, historyFixture],
    ['post (edit context)', postRecord, fixture('post-edit-context')],
    ['post (list, anonymous)', postRecord, (fixture('posts-list-anon') as unknown[])[0]],
    ['posts list', cmsRoutes['GET /cms/v2/posts'].response, fixture('posts-list-anon')],
    ['page', pageRecord, (fixture('pages-list') as unknown[])[0]],
  ];
  for (const [name, schema, valid] of cases) {
    it(name, () => {
      expect(validate(schema, valid).issues, 'the fixture is valid').toBe(undefined);
      expectAgrees(schema, valid);
      const all = paths(valid);
      fc.assert(
        fc.property(fc.nat({ max: all.length - 1 }), mutation, (index, change) => {
          expectAgrees(schema, mutate(valid, all[index] as PropertyKey[], change));
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('the flat check (internal/flat-check.ts): its yes is trusted, so it never says yes where zod says no', () => {
  it('on every sample, for every schema whose valid values zod keeps as they are', () => {
    for (const [name, schema] of SCHEMAS) {
      if (!keepsValidInput(schema)) continue;
      const check = flatCheck(schema);
      expect(check, name).toBeTypeOf('function');
      for (const value of SAMPLES)
        if (check?.(value)) expect(validate(schema, value).issues, `${name}: ${JSON.stringify(value)}`).toBe(undefined);
    }
  });

  it('reads a check that is the node itself (z.int(), z.email(), an iso date) and checks added to it', () => {
    const check = (schema: core.$ZodType, value: unknown) => flatCheck(schema)?.(value);
    expect(check(z.int(), 1.5)).toBe(false);
    expect(check(z.int(), 2 ** 53)).toBe(false);
    expect(check(z.int(), 3)).toBe(true);
    expect(check(z.int().check(z.minimum(0), z.lt(10)), 10)).toBe(false);
    expect(check(z.int().check(z.minimum(0), z.lt(10)), 0)).toBe(true);
    expect(check(z.email(), 'not an email')).toBe(false);
    expect(check(z.iso.datetime(), '2026-11-23 11:00')).toBe(false);
    expect(check(z.iso.datetime(), '2026-11-23T11:00:00Z')).toBe(true);
    expect(check(z.exactOptional(z.string()), undefined)).toBe(false);
    const globalRegex = flatCheck(z.string().check(z.regex(/a/g)));
    expect([globalRegex?.('a'), globalRegex?.('a'), globalRegex?.('b')]).toEqual([true, true, false]);
    expect(check(z.string().check(z.minLength(2), z.maxLength(3)), 'abcd')).toBe(false);
    expect(check(z.array(z.int()).check(z.minLength(1)), [])).toBe(false);
    expect(check(z.url(), 'https://ok.example/x')).toBe(true);
    expect(check(z.url(), 'not a url')).toBe(false);
    expect(check(z.strictObject({ a: z.int() }), { a: 1, b: 2 })).toBe(false);
    expect(check(z.xor([z.string(), z.union([z.string(), z.number()])]), 'both')).toBe(false);
  });

  it('is made for every response the clients validate as it is, and says yes to the records they read most', () => {
    for (const [key, route] of Object.entries({ ...cmsRoutes, ...partnerRoutes })) {
      if (keepsValidInput(route.response)) expect(flatCheck(route.response), key).toBeTypeOf('function');
    }
    const reads: Array<[core.$ZodType, unknown]> = [
      [cmsRoutes['GET /cms/v2/posts/{id}'].response, (fixture('posts-list-anon') as unknown[])[0]],
      [cmsRoutes['GET /cms/v2/posts'].response, fixture('posts-list-anon')],
      [postRecord, fixture('post-edit-context')],
      [pageRecord, (fixture('pages-list') as unknown[])[0]],
      [
        Watchlist,
        {
          categories: [
            { kind: 'saved', titles: [{ id: 't1', service: 'svc', name: 'A', watch_now_url: 'https://w.example/t1' }] },
          ],
        },
      ],
    ];
    for (const [schema, value] of reads)
      expect(flatCheck(schema)?.(value), JSON.stringify(value).slice(0, 60)).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import {
  cmsRoutes,
  PartnerTitle,
  pageRecord,
  partnerRoutes,
  postRecord,
  Watchlist,
  withFastPath,
} from '../src/index.js';
import { compileFastCheck, type FastCheck } from '../src/internal/fast-check.js';
import { generateFastCheck } from '../src/internal/fast-check-codegen.js';

const FIXTURES = fileURLToPath(new URL('../../cms/test/fixtures/wordpress-6.5.5/', import.meta.url));
const issuesOf = (result: unknown) => (result as { issues: Array<{ path?: unknown }> }).issues;
const validValue = (result: unknown) => (result as { value: unknown }).value;
const fixture = (name: string): unknown => JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8'));

/** Both back ends: closures (CSP-safe) and generated code. */
function backends(schema: core.$ZodType): Array<[string, FastCheck]> {
  const closure = compileFastCheck(schema);
  const generated = generateFastCheck(schema);
  if (!closure || !generated) throw new Error('schema not compiled');
  return [
    ['closures', closure],
    ['generated', generated],
  ];
}

/**
 * The contract: the fast path says yes only when zod accepts AND returns an equal value; for
 * schemas that never reshape a valid value (no stripping) it says yes exactly when zod does.
 */
function expectAgrees(schema: core.$ZodType, value: unknown, exact = true): void {
  const zod = z.safeParse(schema, value);
  for (const [name, fast] of backends(schema)) {
    const yes = fast(value);
    if (yes) expect(zod.success, `${name} accepted what zod refuses: ${JSON.stringify(value)}`).toBe(true);
    // Strict: a key zod drops (or keeps as undefined) must not slip through the fast path. zod
    // outputs plain objects, so a null-prototype input is compared as its plain copy.
    const plain = value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === null;
    if (yes) expect(zod.data).toStrictEqual(plain ? { ...value } : value);
    if (exact) expect(yes, `${name} on ${JSON.stringify(value)}`).toBe(zod.success);
  }
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
  JSON.parse('{"id":"a","__proto__":{"x":1}}'),
];

describe('compiled fast check agrees with zod', () => {
  const covered: Array<[string, core.$ZodType, boolean]> = [
    ['string', z.string(), true],
    ['number', z.number(), true],
    ['int with bounds', z.int().check(z.minimum(0), z.maximum(100)), true],
    ['exclusive bounds', z.number().check(z.gt(0), z.lt(10)), true],
    ['boolean', z.boolean(), true],
    ['null', z.null(), true],
    ['unknown', z.unknown(), true],
    ['enum', z.enum(['a', 'b']), true],
    ['literal', z.literal(true), true],
    ['regex', z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]*$/)), true],
    ['global regex', z.string().check(z.regex(/a/g)), true],
    ['length checks (run through zod)', z.string().check(z.minLength(1), z.maxLength(3)), true],
    ['iso datetime (run through zod)', z.iso.datetime({ offset: true }), true],
    ['optional', z.optional(z.string()), true],
    ['exact optional', z.exactOptional(z.string()), true],
    ['nullable', z.nullable(z.number()), true],
    ['array', z.array(z.int()), true],
    ['array with length', z.array(z.unknown()).check(z.minLength(1)), true],
    ['union', z.union([z.string(), z.array(z.number())]), true],
    ['loose object', z.looseObject({ id: z.string(), n: z.optional(z.number().check(z.minimum(0))) }), false],
    ['strict object', z.strictObject({ id: z.string(), n: z.optional(z.number()) }), true],
    // Strips unknown keys: zod returns another value, so the fast path must say no to them.
    ['stripping object', z.object({ id: z.string() }), false],
    ['object with a typed catchall', z.catchall(z.object({ id: z.string() }), z.number()), false],
    ['title', PartnerTitle, false],
  ];
  for (const [name, schema, exact] of covered) {
    it(name, () => {
      for (const value of SAMPLES) expectAgrees(schema, value, exact);
    });
  }

  it('loose objects: agrees exactly except an own __proto__ key, which is left to zod', () => {
    const schema = z.looseObject({ id: z.string() });
    for (const [, fast] of backends(schema)) {
      expect(fast({ id: 'a', more: 1 })).toBe(true);
      expect(fast(JSON.parse('{"id":"a","__proto__":1}'))).toBe(false);
    }
  });

  it('absent and undefined keys: presence is judged as zod judges it', () => {
    const schema = z.looseObject({ exact: z.exactOptional(z.string()), anything: z.unknown(), id: z.int() });
    const values = [
      {},
      { id: 1 },
      { id: 1, anything: undefined },
      { id: 1, anything: 2 },
      { id: 1, anything: 2, exact: undefined },
      { id: 1, anything: 2, exact: 'x' },
      { id: undefined, anything: 2 },
      Object.assign(Object.create(null), { id: 1, anything: 2 }),
    ];
    for (const value of values) expectAgrees(schema, value);
  });

  it('inherited keys, which zod copies into its output, are left to zod', () => {
    const schema = z.looseObject({ id: z.int(), anything: z.unknown() });
    const inherited = Object.assign(Object.create({ id: 1 }), { anything: 2 });
    expect(z.safeParse(schema, inherited).data).toEqual({ id: 1, anything: 2 });
    for (const [, fast] of backends(schema)) expect(fast(inherited)).toBe(false);
    // Every object inherits `toString`: zod would find it present, so such shapes are not compiled.
    expect(compileFastCheck(z.looseObject({ toString: z.optional(z.unknown()) }))).toBeUndefined();
  });

  it('an object whose valid values zod would reshape is refused, not passed', () => {
    const stripping = z.object({ id: z.string() });
    for (const [, fast] of backends(stripping)) {
      expect(fast({ id: 'a' })).toBe(true);
      expect(fast({ id: 'a', extra: 1 })).toBe(false);
    }
  });

  it('leaves schemas that change values or need zod rules to zod (undefined)', () => {
    const uncovered = [
      z._default(z.string(), 'x'),
      z.pipe(
        z.string(),
        z.transform((s) => s.length),
      ),
      z.record(z.string(), z.unknown()),
      z.discriminatedUnion('t', [z.object({ t: z.literal('a') })]),
      z.string().check(z.trim()),
      z.looseObject({ when: z._default(z.boolean(), false) }),
      z.lazy(() => z.string()),
    ];
    for (const schema of uncovered) {
      expect(compileFastCheck(schema)).toBeUndefined();
      expect(generateFastCheck(schema)).toBeUndefined();
    }
  });
});

/**
 * An enum whose `_zod.values` reads are counted: the compiler reads them once per compilation
 * of the node, the code generator once per generation of it.
 */
function countedEnum(entries: [string, ...string[]]): { schema: core.$ZodType; reads: () => number } {
  const schema = z.enum(entries);
  const values = schema._zod.values;
  let reads = 0;
  Object.defineProperty(schema._zod, 'values', {
    get() {
      reads++;
      return values;
    },
  });
  return { schema, reads: () => reads };
}

describe('each node is compiled once', () => {
  /** Loose objects (written as code), a strict one (delegated to its closure), a union in an array. */
  function tree() {
    const top = countedEnum(['a', 'b']);
    const delegated = countedEnum(['c']);
    const listed = countedEnum(['d']);
    const schema = z.looseObject({
      kind: top.schema,
      nested: z.optional(z.strictObject({ e: delegated.schema })),
      // Not an option itself: a union's (and an optional's) own `values` read those of its options.
      list: z.array(z.union([z.looseObject({ d: listed.schema }), z.null()])),
    });
    const valid = { kind: 'a', nested: { e: 'c' }, list: [{ d: 'd' }, null] };
    return { schema, valid, top, delegated, listed };
  }

  it('with generated code: one compilation (guard, presence checks, delegation and fallback share it) and one generation', () => {
    const { schema, valid, top, delegated, listed } = tree();
    const fast = withFastPath(schema)['~standard'];
    expect(validValue(fast.validate(valid))).toBe(valid);
    expect(issuesOf(fast.validate({ ...valid, kind: 'x' }))[0]?.path).toEqual(['kind']);
    expect([top.reads(), listed.reads()]).toEqual([2, 2]);
    // Inside a strict object, which the generated code hands to the closure check as a whole.
    expect(delegated.reads()).toBe(1);
    withFastPath(schema);
    compileFastCheck(schema);
    expect([top.reads(), delegated.reads(), listed.reads()]).toEqual([2, 1, 2]);
  });

  it('without generated code (jitless): one compilation, the guard being the fallback', () => {
    const { schema, valid, top, delegated, listed } = tree();
    z.config({ jitless: true });
    try {
      const fast = withFastPath(schema)['~standard'];
      expect(validValue(fast.validate(valid))).toBe(valid);
    } finally {
      z.config({ jitless: false });
    }
    expect([top.reads(), delegated.reads(), listed.reads()]).toEqual([1, 1, 1]);
  });

  it('a node in a reference cycle fails wherever compilation starts, so a cached answer never depends on it', () => {
    const build = () => {
      const name = z.string();
      const Category = z.looseObject({
        name,
        get children(): core.$ZodType {
          return children;
        },
      });
      const children = z.array(Category);
      return { name, Category, children };
    };
    for (const start of ['Category', 'children'] as const) {
      const nodes = build();
      expect(compileFastCheck(nodes[start]), start).toBeUndefined();
      expect(compileFastCheck(nodes.Category)).toBeUndefined();
      expect(compileFastCheck(nodes.children)).toBeUndefined();
      expect(generateFastCheck(nodes.Category)).toBeUndefined();
      expect(withFastPath(nodes.Category)).toBe(nodes.Category);
      // A node outside the cycle, compiled while the cycle was, keeps its check.
      expect(compileFastCheck(nodes.name)?.('x')).toBe(true);
      expect(compileFastCheck(nodes.name)?.(1)).toBe(false);
    }
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

describe('property: fast check and zod agree on real records and their mutations', () => {
  const partnerFixture = {
    categories: [
      {
        kind: 'saved',
        titles: [
          { id: 't1', service: 'svc', name: 'A', watch_now_url: 'https://w.example/t1', progress_seconds: 10 },
          { id: 't2', service: 'svc-2', name: 'B', watch_now_url: 'http://w.example/t2', episode_id: 'e1', extra: 1 },
        ],
      },
      { kind: 'some_new_kind', titles: [] },
    ],
  };
  const cases: Array<[string, core.$ZodType, unknown]> = [
    ['Watchlist', Watchlist, partnerFixture],
    ['post (edit context)', postRecord, fixture('post-edit-context')],
    ['post (list, anonymous)', postRecord, (fixture('posts-list-anon') as unknown[])[0]],
    ['page', pageRecord, (fixture('pages-list') as unknown[])[0]],
  ];
  for (const [name, schema, valid] of cases) {
    it(name, () => {
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

describe('withFastPath', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns a valid value itself, and zod’s issues (with paths) for an invalid one', () => {
    const fast = withFastPath(Watchlist)['~standard'];
    const value = { categories: [{ kind: 'saved', titles: [] }] };
    expect(fast.validate(value)).toEqual({ value });
    expect(validValue(fast.validate(value))).toBe(value);
    const bad = { categories: [{ kind: 'saved', titles: [{ id: 1 }] }] };
    const issues = issuesOf(fast.validate(bad));
    expect(issues).toEqual(issuesOf(Watchlist['~standard'].validate(bad)));
    expect(issues[0]?.path).toEqual(['categories', 0, 'titles', 0, 'id']);
  });

  it('is built once per schema, and is the schema itself when nothing compiles', () => {
    expect(withFastPath(postRecord)).toBe(withFastPath(postRecord));
    const record = z.record(z.string(), z.number());
    expect(withFastPath(record)).toBe(record);
  });

  it('works where code may not be evaluated (CSP): the closure check stands in', () => {
    vi.stubGlobal('Function', () => {
      throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
    });
    const schema = z.looseObject({ id: z.int(), tags: z.optional(z.array(z.string())) });
    expect(generateFastCheck(schema)).toBeUndefined();
    const fast = withFastPath(schema)['~standard'];
    const value = { id: 1, tags: ['a'] };
    expect(validValue(fast.validate(value))).toBe(value);
    expect(issuesOf(fast.validate({ id: 'x' }))[0]?.path).toEqual(['id']);
  });

  it("honours zod's jitless switched on after import: no generated code", () => {
    const schema = z.looseObject({ id: z.int() });
    expect(generateFastCheck(schema)).toBeDefined();
    z.config({ jitless: true });
    try {
      expect(generateFastCheck(schema)).toBeUndefined();
    } finally {
      z.config({ jitless: false });
    }
  });

  it('covers the read routes the clients validate most', () => {
    for (const key of ['GET /v1/user/watchlist', 'GET /v1/user/history'] as const) {
      expect(compileFastCheck(partnerRoutes[key].response), key).toBeDefined();
    }
    for (const key of ['GET /cms/v2/posts/{id}', 'GET /cms/v2/posts', 'GET /cms/v2/pages/{id}'] as const) {
      expect(compileFastCheck(cmsRoutes[key].response), key).toBeDefined();
    }
  });
});

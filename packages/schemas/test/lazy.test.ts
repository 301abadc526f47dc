/** `lazy()`: schemas built on first use, indistinguishable from the built schema to their users. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { lazy } from '../src/internal/lazy.js';

describe('lazy', () => {
  it('builds once, on the first property access, and forwards to the built schema', () => {
    let builds = 0;
    const schema = lazy(() => {
      builds++;
      return z.looseObject({ id: z.int() });
    });
    expect(builds).toBe(0);
    expect(schema.safeParse({ id: 1 }).success).toBe(true);
    expect(schema.safeParse({ id: 'x' }).error?.issues[0]?.path).toEqual(['id']);
    expect(z.safeParse(z.array(schema), [{ id: 2 }]).success).toBe(true);
    expect(builds).toBe(1);
    expect(schema).toBeInstanceOf(z.ZodMiniObject);
    expect(Object.keys(schema.shape)).toEqual(['id']);
    expectTypeOf(schema).toEqualTypeOf<z.ZodMiniObject<{ id: z.ZodMiniInt }, z.core.$loose>>();
  });

  it('works for plain objects of schemas (spread, keys, entries)', () => {
    const fields = lazy(() => ({ a: z.string(), b: z.optional(z.int()) }));
    const merged = z.strictObject({ ...fields, c: z.boolean() });
    expect(Object.keys(merged.shape)).toEqual(['a', 'b', 'c']);
    expect('a' in fields).toBe(true);
    expect(Object.entries(fields).map(([key]) => key)).toEqual(['a', 'b']);
    expect(merged.safeParse({ a: 'x', c: true }).success).toBe(true);
  });

  it('carries the metadata registered while building (descriptions reach JSON Schema)', () => {
    const described = lazy(() => z.string().check(z.describe('A described field.')));
    expect(z.globalRegistry.get(described)?.description).toBe('A described field.');
    expect(z.toJSONSchema(z.object({ field: described })).properties?.field).toMatchObject({
      description: 'A described field.',
    });
  });
});

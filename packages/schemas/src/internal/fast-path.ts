/**
 * Response validation with a fast path: the schema's compiled yes/no check runs first and, when
 * it says yes, the value is returned as it is; otherwise zod validates as before (same issues,
 * same paths). Per-request validation of a 78-title watchlist or a post was as costly as the
 * JSON.parse before it (bench/partner-watchlist.bench.ts, bench/cms-get.bench.ts).
 */
import type * as core from 'zod/v4/core';
import { compileFastCheck } from './fast-check.js';
import { generateFastCheck } from './fast-check-codegen.js';

/** A Standard Schema validating like `S`, with the compiled fast path in front. */
export interface FastPathSchema<S extends core.$ZodType> {
  /** The Standard Schema interface: `validate` returns the value itself, or zod's issues. */
  readonly '~standard': core.$ZodStandardSchema<S>;
}

const cache = new WeakMap<core.$ZodType, FastPathSchema<core.$ZodType>>();

/**
 * `schema` behind its compiled fast path (see `fast-check.ts`), built once per schema. Valid
 * values come back unchanged (the same object, not zod's copy); invalid ones, and every value of
 * a schema the compiler does not cover, go through zod's own `~standard.validate`.
 */
export function withFastPath<S extends core.$ZodType>(schema: S): FastPathSchema<S> {
  let wrapped = cache.get(schema);
  if (!wrapped) {
    const zod = schema['~standard'];
    // Generated code where eval is allowed, the same check as closures where it is not (CSP,
    // Workers). One compilation: the closure check is also generateFastCheck's guard.
    const closure = compileFastCheck(schema);
    const fast = closure && (generateFastCheck(schema) ?? closure);
    wrapped = fast
      ? {
          '~standard': {
            version: 1,
            vendor: zod.vendor,
            validate: (value) => {
              try {
                if (fast(value)) return { value };
              } catch {
                // A check that throws (a getter, a bigint mix-up) is zod's to report.
              }
              return zod.validate(value);
            },
          },
        }
      : schema;
    cache.set(schema, wrapped);
  }
  return wrapped as FastPathSchema<S>;
}

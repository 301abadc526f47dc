/**
 * Response validation through zod's own compiler (`compile` from zod 4.6): the clients validate
 * every response, and zod's interpreter cost about as much as the JSON.parse before it
 * (bench/partner-history.bench.ts, bench/partner-watchlist.bench.ts). Where code may not be
 * evaluated (zod's `jitless` switch, a CSP, workerd) the schema is used as it is.
 */
import * as z from 'zod/mini';
import * as core from 'zod/v4/core';
import { flatCheck } from './internal/flat-check.js';
import { keepsValidInput } from './internal/keeps-valid-input.js';

/** A Standard Schema validating exactly like `S` (same values, same issues). */
export interface CompiledValidator<S extends core.$ZodType> {
  /** The Standard Schema interface: `validate` returns the value, or zod's issues. */
  readonly '~standard': core.$ZodStandardSchema<S>;
}

const cache = new WeakMap<core.$ZodType, CompiledValidator<core.$ZodType>>();

/**
 * `schema` compiled by zod (`z.compile`), built once per schema on its first use.
 *
 * - Schemas whose valid values zod returns unchanged (see `keepsValidInput`) go through a flat
 *   yes/no check generated from the schema (internal/flat-check.ts), then zod's compiled one
 *   (`z.validate`), and a valid value comes back as it is, without zod's copy: that copy was a
 *   third of the cost of validating a history page.
 * - Other schemas go through zod's compiled parser (its copy, defaults and transforms included).
 * - Invalid values always get zod's own issues, paths and messages.
 * - With zod's `jitless` on, where `new Function` is refused (CSP, Cloudflare Workers), or for a
 *   schema zod's compiler refuses (a reference cycle), the schema itself is returned.
 */
export function compiledValidator<S extends core.$ZodType>(schema: S): CompiledValidator<S> {
  const cached = cache.get(schema);
  if (cached) return cached as CompiledValidator<S>;
  // z.compile is an explicit opt-in that ignores `jitless`, so the switch is honoured here;
  // allowsEval is zod's own probe (false under jitless and on Workers), run once per process.
  if (core.globalConfig.jitless || !core.util.allowsEval.value) return schema;
  const compiled = z.compile(schema);
  const validator: CompiledValidator<S> =
    compiled === schema ? schema : keepsValidInput(schema) ? checkedAsIs(schema, compiled) : compiled;
  cache.set(schema, validator);
  return validator;
}

/**
 * Valid values come back as they are; anything else gets the compiled schema's full answer. The
 * yes comes from the schema's flat check (internal/flat-check.ts: far cheaper between requests);
 * where it says no, zod's compiled check decides before zod's full answer is built.
 */
function checkedAsIs<S extends core.$ZodType>(schema: S, compiled: S): CompiledValidator<S> {
  const standard = compiled['~standard'];
  const flat = flatCheck(schema);
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value) =>
        flat?.(value) || z.validate(compiled, value) ? { value: value as core.output<S> } : standard.validate(value),
    },
  };
}

/**
 * Response validation through zod's own compiler (`compile` from zod 4.6): the clients validate
 * every response, and zod's interpreter cost about as much as the JSON.parse before it
 * (bench/partner-history.bench.ts, bench/partner-watchlist.bench.ts). Where code may not be
 * evaluated (zod's `jitless` switch, a CSP, workerd) the schema is used as it is.
 */
import * as z from 'zod/mini';
import * as core from 'zod/v4/core';

/** A Standard Schema validating exactly like `S` (same values, same issues). */
export interface CompiledValidator<S extends core.$ZodType> {
  /** The Standard Schema interface: `validate` returns the value, or zod's issues. */
  readonly '~standard': core.$ZodStandardSchema<S>;
}

const cache = new WeakMap<core.$ZodType, CompiledValidator<core.$ZodType>>();

/**
 * `schema` compiled by zod (`z.compile`), built once per schema on its first use.
 *
 * - Schemas whose valid values zod returns unchanged (see `keepsValidInput`) go through
 *   zod's compiled yes/no check (`z.validate`) and a valid value comes back as it is, without
 *   zod's copy: that copy was a third of the cost of validating a history page.
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
    compiled === schema ? schema : keepsValidInput(schema) ? checkedAsIs(compiled) : compiled;
  cache.set(schema, validator);
  return validator;
}

/** Valid values come back as they are; anything else gets the compiled schema's full answer. */
function checkedAsIs<S extends core.$ZodType>(compiled: S): CompiledValidator<S> {
  const standard = compiled['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value) =>
        z.validate(compiled, value) ? { value: value as core.output<S> } : standard.validate(value),
    },
  };
}

/** Node types whose valid values zod's parser returns unchanged, given unchanged children. */
const KEEPS_VALUE = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'undefined',
  'unknown',
  'any',
  'enum',
  'literal',
  'template_literal',
  'array',
  'optional',
  'nullable',
  'nonoptional',
  'union',
  'object',
  'record',
  'tuple',
]);

const keepsCache = new WeakMap<core.$ZodType, boolean>();

/**
 * True when zod returns every valid value of `schema` equal to the input (no stripped keys,
 * defaults, transforms, overwriting checks such as trim, frozen or coerced values), so a yes
 * from the compiled check may hand back the input itself. Unknown node types answer false.
 */
export function keepsValidInput(schema: core.$ZodType): boolean {
  return keeps(schema, new Set());
}

function keeps(schema: core.$ZodType, seen: Set<core.$ZodType>): boolean {
  const known = keepsCache.get(schema);
  if (known !== undefined) return known;
  // A reference cycle (lazy or getters): zod's compiler refuses it anyway.
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as core.$ZodTypeDef & Record<string, unknown>;
  const overwrites = (def.checks ?? []).some((check) => check._zod.def.check === 'overwrite');
  const children = KEEPS_VALUE.has(def.type) && !overwrites ? childrenOf(def) : undefined;
  const answer = children?.every((child) => keeps(child, seen)) ?? false;
  keepsCache.set(schema, answer);
  return answer;
}

/** The child schemas of a node, or undefined when the node reshapes values itself. */
function childrenOf(def: core.$ZodTypeDef & Record<string, unknown>): core.$ZodType[] | undefined {
  const one = (key: string) => def[key] as core.$ZodType;
  switch (def.type) {
    case 'array':
      return [one('element')];
    case 'optional':
    case 'nullable':
    case 'nonoptional':
      return [one('innerType')];
    case 'union':
      return def.options as core.$ZodType[];
    case 'record':
      return [one('keyType'), one('valueType')];
    case 'tuple':
      return [...(def.items as core.$ZodType[]), ...(def.rest ? [one('rest')] : [])];
    case 'object': {
      // Without a catchall zod strips unknown keys; a loose object's catchall is unknown, a strict one's never.
      const catchall = def.catchall as core.$ZodType | undefined;
      const type = catchall?._zod.def.type;
      if (type !== 'unknown' && type !== 'any' && type !== 'never') return undefined;
      return Object.values(def.shape as Record<string, core.$ZodType>);
    }
    default:
      return [];
  }
}

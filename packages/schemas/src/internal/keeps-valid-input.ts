/**
 * Whether zod hands a valid value back unchanged for a schema (no stripped keys, defaults,
 * transforms or overwriting checks): `compiledValidator` then returns the input itself.
 */
import type * as core from 'zod/v4/core';

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

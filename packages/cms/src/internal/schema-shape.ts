/** Reads the property names of a zod object schema (through optional/default/pipe wrappers). */
import type { AnySchema } from '@viewlink/schemas';

/** A zod schema: its internals (`_zod.def`) say what it is made of. */
function isSchema(value: unknown): value is AnySchema {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The schemas a definition wraps or combines (`innerType`, a pipe's `in`, an intersection's sides, a union's options). */
function partsOf(def: object): AnySchema[] {
  const parts: unknown[] = [];
  if ('left' in def) parts.push(def.left);
  if ('right' in def) parts.push(def.right);
  if ('options' in def && Array.isArray(def.options)) parts.push(...def.options);
  return parts.filter(isSchema);
}

/** Property names an object schema declares, or `undefined` for non-object schemas. */
export function objectKeys(schema: AnySchema | undefined, depth = 0): Set<string> | undefined {
  if (!schema || depth > 8) return undefined;
  // zod's definition of the schema: the declared keys of an object, the schema a wrapper holds.
  const def: object = schema._zod.def;
  if ('shape' in def && typeof def.shape === 'object' && def.shape !== null) return new Set(Object.keys(def.shape));
  if ('innerType' in def && isSchema(def.innerType)) return objectKeys(def.innerType, depth + 1);
  if ('in' in def && isSchema(def.in)) return objectKeys(def.in, depth + 1);
  const parts = partsOf(def);
  if (parts.length === 0) return undefined;
  const keys = new Set<string>();
  for (const part of parts) for (const key of objectKeys(part, depth + 1) ?? []) keys.add(key);
  return keys;
}

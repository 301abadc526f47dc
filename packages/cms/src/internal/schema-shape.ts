/** Reads the property names of a zod object schema (through optional/default/pipe wrappers). */
import type { AnySchema } from '@viewlink/schemas';

interface Def {
  readonly type?: string;
  readonly shape?: Record<string, unknown>;
  readonly innerType?: AnySchema;
  readonly in?: AnySchema;
  readonly left?: AnySchema;
  readonly right?: AnySchema;
  readonly options?: readonly AnySchema[];
}

/** Property names an object schema declares, or `undefined` for non-object schemas. */
export function objectKeys(schema: AnySchema | undefined, depth = 0): Set<string> | undefined {
  if (!schema || depth > 8) return undefined;
  // zod's internal definition (the declared keys), which its public types do not describe.
  const def = (schema as unknown as { _zod?: { def?: Def } })._zod?.def;
  if (!def) return undefined;
  if (def.shape) return new Set(Object.keys(def.shape));
  if (def.innerType) return objectKeys(def.innerType, depth + 1);
  if (def.in) return objectKeys(def.in, depth + 1);
  const parts = [def.left, def.right, ...(def.options ?? [])].filter((s): s is AnySchema => s !== undefined);
  if (parts.length === 0) return undefined;
  const keys = new Set<string>();
  for (const part of parts) for (const key of objectKeys(part, depth + 1) ?? []) keys.add(key);
  return keys;
}

/**
 * Response schemas of reads shaped by `_fields` and `_embed`: a record trimmed by `_fields` is
 * checked on the fields asked for only (with the record schema's own field schemas), so it never
 * fails for the fields WordPress left out, while a wrong type on a picked field still fails; a
 * read with `_embed` also checks `_embedded` (loosely, see embedded.ts).
 */

import * as z from 'zod/mini';
import { embedded } from './embedded.js';

interface Def {
  readonly type?: string;
  readonly shape?: Record<string, z.ZodMiniType>;
  readonly element?: z.ZodMiniType;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The object schema of a record response: the response itself, or the element of a list. */
function recordOf(response: unknown): { shape: Record<string, z.ZodMiniType>; list: boolean } | undefined {
  const def = defOf(response);
  if (def?.type === 'array') {
    const element = defOf(def.element);
    return element?.type === 'object' && element.shape ? { shape: element.shape, list: true } : undefined;
  }
  return def?.type === 'object' && def.shape ? { shape: def.shape, list: false } : undefined;
}

/**
 * Top-level field names of a read route's record (with `_links` and `_embedded`, which WordPress
 * also filters by `_fields`), or `undefined` when the response is not a record or a list of them.
 */
export function recordFieldNames(response: unknown): ReadonlySet<string> | undefined {
  const record = recordOf(response);
  return record ? new Set([...Object.keys(record.shape), '_links', '_embedded']) : undefined;
}

/**
 * The response schema of a read with `_fields` `fields` (top-level or dotted names) and/or
 * `_embed`: only the picked fields are checked (a dotted name's top-level field passes unchecked:
 * WordPress sends a part of it), unknown fields pass; `_embedded` is checked when embedding.
 * `undefined` when the response is not a record or a list of records (nothing to narrow).
 */
export function shapedResponseSchema(
  response: unknown,
  fields: readonly string[] | undefined,
  embed: boolean,
): z.ZodMiniType | undefined {
  const record = recordOf(response);
  if (!record) return undefined;
  let shape: Record<string, z.ZodMiniType> = record.shape;
  if (fields) {
    shape = {};
    for (const name of fields) {
      const field = record.shape[name];
      if (field) shape[name] = field;
    }
  }
  if (embed) shape = { ...shape, _embedded: z.optional(embedded) };
  const object = z.looseObject(shape);
  return record.list ? z.array(object) : object;
}

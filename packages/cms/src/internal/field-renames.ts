/**
 * The field renames of the `compat: 'wordpress'` rules (a rule's `fields`: block pattern fields
 * WordPress 6.5.5 names differently): `_fields` asked by the served names, and responses given
 * the spec's names next to the server's. Kept apart from core/compat.ts so that only a client
 * whose routes have renamed fields (`CmsClient`) bundles it.
 */
import { isPlainObject } from '@viewlink/transport';
import type { FieldRenames } from '../core/compat.js';

/** `_fields` names as the server answers them: a renamed field by its served name (deduplicated). */
function servedFieldNames(
  fields: readonly string[],
  names: Record<string, string>,
  needs: Record<string, string>,
): string[] {
  const out = new Set<string>();
  for (const name of fields) {
    const served = names[name] ?? names[name.split('.')[0] as string];
    if (served) out.add(served);
    else out.add(name);
    // A whole object field (`meta`) also brings the served fields renamed out of it.
    for (const [spec, servedName] of Object.entries(names)) if (spec.startsWith(`${name}.`)) out.add(servedName);
  }
  for (const [served, extra] of Object.entries(needs))
    if (out.has(served) && !out.has(extra.split('.')[0] as string)) out.add(extra);
  return [...out];
}

/** Adds the spec's names to one record (in place), from the served names present. */
function specNamesOf(record: unknown, names: Record<string, string>): void {
  if (!isPlainObject(record)) return;
  for (const [spec, served] of Object.entries(names)) {
    if (!(served in record)) continue;
    const value = record[served];
    const dot = spec.indexOf('.');
    if (dot === -1) {
      record[spec] = value;
      continue;
    }
    const parent = spec.slice(0, dot);
    const current = record[parent];
    // WordPress sends an empty object field as `[]` (a PHP array); the schema reads it as `{}`.
    const object = isPlainObject(current) ? current : {};
    object[spec.slice(dot + 1)] = value;
    record[parent] = object;
  }
}

/** Adds the spec's names to the records of one response body (a list, a record, a forced delete's `previous`). */
function addSpecNames<T>(data: T, names: Record<string, string>): T {
  if (Object.keys(names).length === 0) return data;
  if (Array.isArray(data)) for (const record of data) specNamesOf(record, names);
  else if (isPlainObject(data) && data.deleted === true && isPlainObject(data.previous))
    specNamesOf(data.previous, names);
  else specNamesOf(data, names);
  return data;
}

/** The renames `CmsClient` applies (its table has the block routes). */
export const FIELD_RENAMES: FieldRenames = { served: servedFieldNames, add: addSpecNames };

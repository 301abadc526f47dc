/**
 * Static comparison of one advertised WordPress argument with the client's schema of the same
 * field (as JSON Schema, input side): type, enum, range, required flag, format, default.
 */

import { WP_DATE_TIME_PATTERN } from '@viewlink/schemas';
import * as z from 'zod/mini';
import type { WpArg } from './wordpress-args.js';

/** The aspects compared. */
export type Aspect = 'missing' | 'extra' | 'type' | 'enum' | 'range' | 'required' | 'format' | 'default';

type Json = Record<string, unknown>;

/** The client's field schemas of a route's query or body, as JSON Schema. */
export function clientFields(schema: unknown): { properties: Record<string, Json>; required: Set<string> } {
  if (!schema) return { properties: {}, required: new Set() };
  const json = z.toJSONSchema(schema as z.ZodMiniType, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    // zod leaves a default out of a transform's input schema; a list parameter (`listParam`:
    // one value read as a list) takes its default list as it is, so it is compared.
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def as { type: string; defaultValue?: unknown };
      if (def.type === 'default' && jsonSchema.default === undefined) jsonSchema.default = def.defaultValue;
    },
  }) as Json;
  const properties = { ...((json.properties ?? {}) as Record<string, Json>) };
  for (const name of GLOBAL_PARAMS) delete properties[name];
  return { properties, required: new Set((json.required ?? []) as string[]) };
}

/**
 * WordPress's global parameters, which its REST server reads on every route and no route
 * advertises as an argument: shape.contract.test.ts proves them on the real server instead.
 */
const GLOBAL_PARAMS = ['_fields', '_embed'];

/** Every branch of a JSON schema's anyOf/oneOf, flattened (the schema itself when it has none). */
function branches(schema: Json): Json[] {
  const list = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  return list ? list.flatMap(branches) : [schema];
}

function typeSet(types: unknown): string[] {
  if (types === undefined) return [];
  return (Array.isArray(types) ? types : [types]).map(String);
}

function clientTypes(schema: Json): string[] {
  const out = new Set<string>();
  for (const branch of branches(schema)) {
    for (const type of typeSet(branch.type)) out.add(type);
    if (branch.const !== undefined) out.add(typeof branch.const === 'number' ? 'number' : typeof branch.const);
    if (branch.enum) for (const value of branch.enum as unknown[]) out.add(value === null ? 'null' : typeof value);
  }
  if (out.has('integer') && out.has('number')) out.delete('integer');
  return [...out].sort();
}

function wpTypes(arg: WpArg): string[] {
  const out = new Set(typeSet(arg.type));
  for (const branch of arg.oneOf ?? []) for (const type of typeSet(branch.type)) out.add(type);
  if (arg.enum && out.size === 0) for (const value of arg.enum) out.add(typeof value);
  return [...out].sort();
}

function enumOf(schema: Json): unknown[] | undefined {
  const values: unknown[] = [];
  let found = false;
  for (const branch of branches(schema)) {
    const list = (branch.enum ?? (branch.const !== undefined ? [branch.const] : undefined)) as unknown[] | undefined;
    const items = branch.items as Json | undefined;
    const itemList = items ? enumOf(items) : undefined;
    if (list) {
      found = true;
      values.push(...list);
    } else if (itemList) {
      found = true;
      values.push(...itemList);
    }
  }
  return found ? [...new Set(values)] : undefined;
}

function wpEnum(arg: WpArg): unknown[] | undefined {
  return arg.enum ? [...arg.enum] : arg.items?.enum ? [...arg.items.enum] : undefined;
}

const SAFE = Number.MAX_SAFE_INTEGER;
function range(schema: Json): { min?: number | undefined; max?: number | undefined; exclusive: boolean } {
  for (const branch of branches(schema)) {
    let min = (branch.minimum ?? branch.exclusiveMinimum) as number | undefined;
    let max = (branch.maximum ?? branch.exclusiveMaximum) as number | undefined;
    if (min !== undefined && min <= -SAFE) min = undefined;
    if (max !== undefined && max >= SAFE) max = undefined;
    const exclusive = branch.exclusiveMinimum !== undefined || branch.exclusiveMaximum !== undefined;
    if (min !== undefined || max !== undefined) return { min, max, exclusive };
  }
  return { exclusive: false };
}

function formatOf(schema: Json): string | undefined {
  for (const branch of branches(schema)) {
    if (branch.pattern === WP_DATE_TIME_PATTERN.source) return 'date-time';
    if (branch.format === 'uri') return 'uri';
    if (typeof branch.format === 'string') return branch.format;
  }
  return undefined;
}

/** Differences between an advertised argument and the client's field: one line per aspect. */
export function compareArg(arg: WpArg, client: Json, clientRequired: boolean): Partial<Record<Aspect, string>> {
  const out: Partial<Record<Aspect, string>> = {};
  const wpT = wpTypes(arg);
  const clT = clientTypes(client);
  const norm = (types: string[]) =>
    types.map((t) => (t === 'integer' && !types.includes('number') ? 'integer' : t)).join(',');
  // A client field with no type information (a free object) does not count as a mismatch.
  if (wpT.length > 0 && clT.length > 0 && norm(wpT) !== norm(clT)) {
    out.type = `WordPress ${wpT.join('|')}, client ${clT.join('|')}`;
  }
  const we = wpEnum(arg);
  const ce = enumOf(client);
  if (we && JSON.stringify([...we].sort()) !== JSON.stringify([...(ce ?? [])].sort())) {
    out.enum = `WordPress ${JSON.stringify(we)}, client ${JSON.stringify(ce ?? 'any')}`;
  } else if (!we && ce && wpT.length > 0 && !wpT.includes('boolean')) {
    out.enum = `WordPress any, client ${JSON.stringify(ce)}`;
  }
  const r = range(client);
  const wMin = arg.minimum;
  const wMax = arg.maximum;
  const wExclusive = arg.exclusiveMinimum === true || arg.exclusiveMaximum === true;
  if (wMin !== r.min || wMax !== r.max || (wMin !== undefined && wExclusive !== r.exclusive)) {
    out.range = `WordPress ${wMin ?? '-'}..${wMax ?? '-'}${wExclusive ? ' (exclusive)' : ''}, client ${r.min ?? '-'}..${r.max ?? '-'}${r.exclusive ? ' (exclusive)' : ''}`;
  }
  if ((arg.required === true) !== clientRequired) {
    out.required = `WordPress ${arg.required === true ? 'required' : 'optional'}, client ${clientRequired ? 'required' : 'optional'}`;
  }
  const wf = arg.format ?? arg.items?.format;
  const cf = formatOf(client) ?? (client.items ? formatOf(client.items as Json) : undefined);
  if (wf !== cf && !(wf === undefined && cf === 'uri')) out.format = `WordPress ${wf ?? '-'}, client ${cf ?? '-'}`;
  const wd = arg.default === null ? undefined : arg.default;
  const cd = client.default;
  // WordPress writes a one-item list default as the item ("default": "publish").
  const wdList = typeSet(arg.type).includes('array') && wd !== undefined && !Array.isArray(wd) ? [wd] : wd;
  if (JSON.stringify(wdList) !== JSON.stringify(cd)) {
    out.default = `WordPress ${JSON.stringify(wd) ?? '-'}, client ${JSON.stringify(cd) ?? '-'}`;
  }
  return out;
}

/**
 * Query strings carry only text. Before validation, turn the strings into what the query
 * schema expects (numbers, booleans, arrays), by reading the zod schema's definition.
 */
import type * as core from 'zod/v4/core';

import { zodDef } from './internal/zod-def.js';

type Def = { type: string; [key: string]: unknown };

function defOf(schema: core.$ZodType): Def {
  return zodDef<Def>(schema);
}

function accepts(schema: core.$ZodType, value: unknown): boolean {
  const result = schema['~standard'].validate(value);
  return !(result instanceof Promise) && result.issues === undefined;
}

/** Coerces `value` (strings from a URL) towards the shape `schema` expects. Never throws. */
export function coerceToSchema(schema: core.$ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return coerceToSchema(def.innerType as core.$ZodType, value);
    case 'pipe': {
      // A transform first (`listParam`: one value or a list) takes anything: coerce towards what it feeds.
      const first = def.in as core.$ZodType;
      return coerceToSchema(defOf(first).type === 'transform' ? (def.out as core.$ZodType) : first, value);
    }
    case 'number':
    case 'bigint':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'boolean': {
      // As WordPress's rest_is_boolean: any case (Python's urlencode writes `True`), and never an empty string.
      const text = typeof value === 'string' ? value.toLowerCase() : value;
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      return value;
    }
    case 'literal': {
      const values = def.values as unknown[];
      if (typeof value === 'string') {
        const hit = values.find((v) => String(v) === value);
        if (hit !== undefined) return hit;
      }
      return value;
    }
    case 'array': {
      const list = Array.isArray(value)
        ? value
        : typeof value === 'string'
          ? value === ''
            ? []
            : value.split(',')
          : [value];
      return list.map((item) => coerceToSchema(def.element as core.$ZodType, item));
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const shape = def.shape as Record<string, core.$ZodType>;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const field = shape[key];
        out[key] = field ? coerceToSchema(field, item) : item;
      }
      return out;
    }
    case 'union': {
      for (const option of def.options as core.$ZodType[]) {
        const candidate = coerceToSchema(option, value);
        if (accepts(option, candidate)) return candidate;
      }
      return value;
    }
    default:
      return value;
  }
}

/**
 * A yes/no check of a schema's valid values, generated once per schema as one plain function per
 * schema node: no closure, copy or result object per call. zod's own check-only code builds a
 * closure per optional field and copies loose objects; between two requests (its code and data
 * cold) it cost a post 6.5 µs, this one 0.9 µs (docs/decisions.md, "A valid value's yes").
 * Its yes is the answer, so it must be exact: a node it cannot model exactly asks zod itself.
 * A no goes on to zod (compiled-validator.ts), so where it is stricter than zod it only costs time.
 */
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';

/** A schema's or a check's definition, read by key. */
type Def = (core.$ZodTypeDef | core.$ZodCheckDef) & Record<string, unknown>;

/**
 * The checks of a node: those added to it and the node itself when it is one (`z.int()` is a
 * number whose definition is its safe-integer check, `z.email()` a string that is its format).
 */
function checksOf(def: Def): Def[] {
  return [
    ...(def.check === undefined ? [] : [def]),
    ...((def.checks as core.$ZodCheck[] | undefined) ?? []).map((c) => c._zod.def as Def),
  ];
}

/** The number checks as tests on `v`, or `undefined` when one is not modelled here (the node asks zod). */
function numberTests(checks: Def[]): string | undefined {
  const tests: string[] = [];
  for (const c of checks) {
    if (c.when !== undefined) return undefined;
    if (c.check === 'number_format' && c.format === 'safeint') tests.push('Number.isSafeInteger(v)');
    else if (c.check === 'greater_than' && typeof c.value === 'number' && Number.isFinite(c.value))
      tests.push(`v ${c.inclusive ? '>=' : '>'} ${c.value}`);
    else if (c.check === 'less_than' && typeof c.value === 'number' && Number.isFinite(c.value))
      tests.push(`v ${c.inclusive ? '<=' : '<'} ${c.value}`);
    else return undefined;
  }
  return tests.map((t) => ` && ${t}`).join('');
}

/** String formats whose check is exactly their pattern in zod 4.6 (a URL, JWT or base64 check is more). */
const PATTERN_FORMATS = new Set(['regex', 'datetime', 'date', 'time', 'uuid', 'guid', 'email', 'ipv4']);

/**
 * The string (or array) checks as tests on `v`, or `undefined` when one is not modelled here.
 * `pattern` names a pattern for the code (its `lastIndex` reset first, as zod does).
 */
function lengthAndPatternTests(checks: Def[], pattern: (regex: RegExp) => string): string | undefined {
  const tests: string[] = [];
  for (const c of checks) {
    if (c.when !== undefined) return undefined;
    if (c.check === 'min_length' && typeof c.minimum === 'number') tests.push(`v.length >= ${c.minimum}`);
    else if (c.check === 'max_length' && typeof c.maximum === 'number') tests.push(`v.length <= ${c.maximum}`);
    else if (c.check === 'length_equals' && typeof c.length === 'number') tests.push(`v.length === ${c.length}`);
    else if (c.check === 'string_format' && PATTERN_FORMATS.has(String(c.format)) && c.pattern instanceof RegExp) {
      const regex = pattern(c.pattern);
      tests.push(`(${regex}.lastIndex = 0, ${regex}.test(v))`);
    } else return undefined;
  }
  return tests.map((t) => ` && ${t}`).join('');
}

/**
 * The generated check of `schema`, or `undefined` where code cannot be generated. The caller has
 * made sure that zod hands valid values back as they are (`keepsValidInput`).
 */
export function flatCheck(schema: core.$ZodType): ((value: unknown) => boolean) | undefined {
  const names = new Map<core.$ZodType, string>();
  // What the generated code reads by index: patterns, value sets, nodes zod answers for.
  const refs: unknown[] = [];
  const functions: string[] = [];
  const ref = (value: unknown) => `r[${refs.push(value) - 1}]`;
  // A node not modelled here: zod's compiled yes/no check of it (its interpreter where zod cannot compile it).
  const askZod = (node: core.$ZodType) => `return zodAccepts(${ref(z.compile(node))}, v);`;

  const nameOf = (node: core.$ZodType): string => {
    let name = names.get(node);
    if (name === undefined) {
      name = `c${names.size}`;
      names.set(node, name);
      functions.push(`function ${name}(v) { ${bodyOf(node)} }`);
    }
    return name;
  };

  const bodyOf = (node: core.$ZodType): string => {
    const def = node._zod.def as core.$ZodTypeDef & Record<string, unknown>;
    const child = (key: string) => nameOf(def[key] as core.$ZodType);
    const checks = checksOf(def);
    const checked = checks.length > 0;
    switch (def.type) {
      case 'number': {
        const tests = numberTests(checks);
        return tests === undefined ? askZod(node) : `return typeof v === 'number' && Number.isFinite(v)${tests};`;
      }
      case 'string': {
        const tests = lengthAndPatternTests(checks, ref);
        return tests === undefined ? askZod(node) : `return typeof v === 'string'${tests};`;
      }
      case 'boolean':
        return checked ? askZod(node) : `return typeof v === 'boolean';`;
      case 'null':
        return checked ? askZod(node) : 'return v === null;';
      case 'undefined':
        return checked ? askZod(node) : 'return v === undefined;';
      case 'unknown':
      case 'any':
        return checked ? askZod(node) : 'return true;';
      case 'enum':
      case 'literal': {
        const values = node._zod.values;
        return checked || !(values instanceof Set) ? askZod(node) : `return ${ref(values)}.has(v);`;
      }
      case 'optional':
        // An exact optional refuses an explicit undefined (its inner type decides).
        if (checked) return askZod(node);
        return node._zod.traits.has('$ZodExactOptional')
          ? `return ${child('innerType')}(v);`
          : `return v === undefined || ${child('innerType')}(v);`;
      case 'nullable':
        return checked ? askZod(node) : `return v === null || ${child('innerType')}(v);`;
      case 'array': {
        const tests = lengthAndPatternTests(checks, ref);
        return tests === undefined
          ? askZod(node)
          : `if (!(Array.isArray(v)${tests})) return false; for (let i = 0; i < v.length; i++) if (!${child('element')}(v[i])) return false; return true;`;
      }
      case 'union':
        // Any option that accepts: zod accepts too (a discriminated union picks that option).
        return def.inclusive === false || checked
          ? askZod(node)
          : `return ${(def.options as core.$ZodType[]).map((o) => `${nameOf(o)}(v)`).join(' || ')};`;
      case 'object':
        return checked ? askZod(node) : objectBody(node, def);
      default:
        return askZod(node);
    }
  };

  const objectBody = (node: core.$ZodType, def: Def): string => {
    const catchall = (def.catchall as core.$ZodType | undefined)?._zod.def.type;
    const shape = def.shape as Record<string, core.$ZodType>;
    const keys = Object.keys(shape);
    // A stripping or typed catchall reshapes or checks other keys: zod's own; zod skips `__proto__`.
    if ((catchall !== 'unknown' && catchall !== 'any' && catchall !== 'never') || keys.includes('__proto__'))
      return askZod(node);
    // An absent key reads as undefined: its type must take undefined (stricter than zod, which
    // also lets an absent key pass a type that only opts in to absence).
    const lines = [`if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;`];
    for (const key of keys)
      lines.push(`if (!${nameOf(shape[key] as core.$ZodType)}(v[${JSON.stringify(key)}])) return false;`);
    if (catchall === 'never') lines.push(`for (const k in v) if (!${ref(new Set(keys))}.has(k)) return false;`);
    lines.push('return true;');
    return lines.join(' ');
  };

  const root = nameOf(schema);
  try {
    return new Function('r', 'zodAccepts', `${functions.join('\n')}\nreturn ${root};`)(refs, z.validate);
  } catch {
    return undefined;
  }
}

/**
 * The same yes/no check as `fast-check.ts`, generated as JavaScript source so each object reads
 * its keys as constants (the closure version pays a megamorphic keyed load per field, about 2x
 * slower). Used only where zod itself may evaluate code (`util.allowsEval`: false under CSP,
 * in Workers without eval, or with zod's `jitless`); callers then keep the closure version.
 * Every node it does not write out inline is delegated to the closure version of that node.
 */
import { globalConfig, util } from 'zod/v4/core';
import { type CheckNode, compileChecks, compileFastCheck, type FastCheck } from './fast-check.js';

/** A check zod runs that can be written as an expression over `x`, or `undefined`. */
function inlineCheck(check: CheckNode, x: string, ref: (value: unknown) => string): string | undefined {
  const { def, traits } = check._zod;
  if (def.when) return undefined;
  if (traits.has('$ZodCheckRegex') && def.pattern instanceof RegExp) {
    const pattern = ref(def.pattern);
    // zod resets lastIndex first; only a global or sticky pattern reads it.
    const reset = def.pattern.global || def.pattern.sticky;
    return reset ? `(${pattern}.lastIndex = 0, ${pattern}.test(${x}))` : `${pattern}.test(${x})`;
  }
  if ((traits.has('$ZodCheckGreaterThan') || traits.has('$ZodCheckLessThan')) && typeof def.value === 'number') {
    const op = traits.has('$ZodCheckGreaterThan') ? (def.inclusive ? '>=' : '>') : def.inclusive ? '<=' : '<';
    return `${x} ${op} ${ref(def.value)}`;
  }
  // z.int(): an integer within the safe range, which is exactly what isSafeInteger says.
  if (traits.has('$ZodCheckNumberFormat') && def.format === 'safeint') return `Number.isSafeInteger(${x})`;
  return undefined;
}

/** Whether the compiled check of a node (compiled already, with its parent) accepts `undefined` (false when unsure). */
function acceptsUndefined(node: CheckNode): boolean {
  try {
    return (compileFastCheck(node) as FastCheck)(undefined);
  } catch {
    return false;
  }
}

class Generator {
  readonly refs: unknown[] = [];
  readonly functions: string[] = [];
  #vars = 0;

  ref = (value: unknown): string => {
    this.refs.push(value);
    return `r[${this.refs.length - 1}]`;
  };

  #var(): string {
    return `x${this.#vars++}`;
  }

  #function(body: (v: string) => string): string {
    // Reserve the slot first: the body may define functions of its own.
    const index = this.functions.push('') - 1;
    this.functions[index] = `function f${index}(v) {\n${body('v')}\n}`;
    return `f${index}`;
  }

  /** A boolean expression over the variable `x`, true when the closure check would say true. */
  expression(node: CheckNode, x: string): string {
    const { def, traits } = node._zod;
    const base = this.#base(node, x);
    // Not written out: the closure check of this node (its checks included).
    if (base === undefined) return `${this.ref(compileFastCheck(node) as FastCheck)}(${x})`;
    const all = traits.has('$ZodCheck') ? [node, ...(def.checks ?? [])] : (def.checks ?? []);
    if (all.length === 0) return base;
    const inline: string[] = [];
    const rest: CheckNode[] = [];
    for (const check of all) {
      const written = inlineCheck(check, x, this.ref);
      if (written) inline.push(written);
      else rest.push(check);
    }
    if (rest.length > 0) inline.push(`${this.ref(compileChecks(rest))}(${x})`);
    return `(${base} && ${inline.join(' && ')})`;
  }

  #base(node: CheckNode, x: string): string | undefined {
    const { def, traits, values } = node._zod;
    switch (def.type) {
      case 'string':
        return `typeof ${x} === "string"`;
      case 'number':
        return `(typeof ${x} === "number" && Number.isFinite(${x}))`;
      case 'boolean':
        return `typeof ${x} === "boolean"`;
      case 'null':
        return `${x} === null`;
      case 'unknown':
      case 'any':
        return 'true';
      case 'enum':
      case 'literal':
        return `${this.ref(values)}.has(${x})`;
      case 'nullable':
        return `(${x} === null || ${this.expression(def.innerType as CheckNode, x)})`;
      case 'optional':
        if (traits.has('$ZodExactOptional')) return this.expression(def.innerType as CheckNode, x);
        return `(${x} === undefined || ${this.expression(def.innerType as CheckNode, x)})`;
      case 'array':
        return `${this.#array(def.element as CheckNode)}(${x})`;
      case 'object':
        return ['unknown', 'any'].includes(def.catchall?._zod.def.type ?? '')
          ? `${this.#looseObject(node)}(${x})`
          : undefined;
      case 'union':
        return `${this.#function((v) => `return ${(def.options ?? []).map((o) => this.expression(o, v)).join(' || ')};`)}(${x})`;
      default:
        return undefined;
    }
  }

  #array(element: CheckNode): string {
    return this.#function((v) => {
      const x = this.#var();
      return `if (!Array.isArray(${v})) return false;
for (let i = 0; i < ${v}.length; i++) { const ${x} = ${v}[i]; if (!(${this.expression(element, x)})) return false; }
return true;`;
    });
  }

  #looseObject(node: CheckNode): string {
    const shape = node._zod.def.shape ?? {};
    return this.#function((v) => {
      // As isPlainRecord, written out.
      const lines = [
        `if (typeof ${v} !== "object" || ${v} === null) return false;`,
        `{ const p = Object.getPrototypeOf(${v}); if (p !== ${this.ref(Object.prototype)} && p !== null) return false; }`,
      ];
      for (const key of Object.keys(shape)) {
        const field = shape[key] as CheckNode;
        const x = this.#var();
        const k = JSON.stringify(key);
        const test = `{ const ${x} = ${v}[${k}]; if (!(${this.expression(field, x)})) return false; }`;
        const required = field._zod.optin === undefined;
        // zod tests presence with `in`. On a plain record (no inherited keys, no Object.prototype
        // names in the shape) reading the key answers the same when the check alone decides what
        // an absent key (undefined) means: refused when required, accepted when optional.
        if (required !== acceptsUndefined(field)) lines.push(test);
        else lines.push(required ? `if (!(${k} in ${v})) return false; ${test}` : `if (${k} in ${v}) ${test}`);
      }
      // zod drops an own `__proto__` key from its output: leave such a value to zod.
      lines.push(`return !Object.hasOwn(${v}, "__proto__");`);
      return lines.join('\n');
    });
  }
}

/**
 * Generates the check of `schema` as code, or `undefined` where code may not be evaluated or
 * the closure compiler does not cover the schema (the generated code never covers more).
 */
export function generateFastCheck(schema: unknown): FastCheck | undefined {
  // jitless is read per call, as zod does: an app may call z.config({ jitless: true }) after import.
  // The guard compiles the tree once; the nodes delegated below reuse those checks.
  if (!compileFastCheck(schema) || globalConfig.jitless || !util.allowsEval.value) return undefined;
  try {
    const generator = new Generator();
    const top = generator.expression(schema as CheckNode, 'v');
    const source = `${generator.functions.join('\n')}\nreturn function fastCheck(v) { return ${top}; };`;
    return new Function('r', source)(generator.refs) as FastCheck;
  } catch {
    // A CSP that allowed zod's probe but not this (or a generator bug): the closures still work.
    return undefined;
  }
}

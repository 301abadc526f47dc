/**
 * A yes/no check derived from a zod schema's own definition objects (never a second copy of a
 * shape). `true` means zod would accept the value AND hand back an equal value (no transform,
 * default or stripped key), so a caller may keep the value as it is; `false` means "ask zod",
 * which then names the failing path. It allocates nothing per field, which is where zod's own
 * parser spends its time. Built from closures, not `new Function`, so it also runs where eval is
 * forbidden (CSP pages, Workers). Schema kinds it does not know make it return `undefined`.
 */

/** A compiled check: true only when zod would accept the value unchanged. */
export type FastCheck = (value: unknown) => boolean;

interface Payload {
  value: unknown;
  issues: unknown[];
}

/** The parts of zod's internals (`schema._zod`) the compiler reads. */
interface Internals {
  readonly def: Def;
  readonly traits: ReadonlySet<string>;
  readonly check?: (payload: Payload) => unknown;
  readonly optin?: string | undefined;
  readonly optout?: string | undefined;
  readonly values?: ReadonlySet<unknown> | undefined;
}

/** A zod schema or check, as the compilers see it. */
export interface CheckNode {
  readonly _zod: Internals;
}
type Node = CheckNode;

interface Def {
  readonly type: string;
  readonly check?: string;
  readonly checks?: readonly Node[];
  readonly coerce?: boolean;
  readonly when?: (payload: Payload) => boolean;
  readonly shape?: Readonly<Record<string, Node>>;
  readonly catchall?: Node;
  readonly element?: Node;
  readonly options?: readonly Node[];
  readonly innerType?: Node;
  readonly inclusive?: boolean;
  readonly discriminator?: string;
  readonly pattern?: unknown;
  readonly value?: unknown;
  readonly format?: string;
}

const pass: FastCheck = () => true;

const BASE = new Map<string, FastCheck>([
  ['string', (v) => typeof v === 'string'],
  // zod's number refuses NaN and ±Infinity.
  ['number', (v) => typeof v === 'number' && Number.isFinite(v)],
  ['boolean', (v) => typeof v === 'boolean'],
  ['null', (v) => v === null],
  ['unknown', pass],
  ['any', pass],
]);
/** Schemas being compiled: a self-referencing shape getter must not recurse forever. */
const compiling = new Set<Node>();
/**
 * Each node's check (or `undefined`), so the guard, the code generator and the fallback share one
 * compilation per node. zod schemas are immutable, and the answer never depends on where the
 * compilation started: a node that meets a cycle fails, and so does every node then compiling
 * (a failed child fails its parent), each of which reaches that cycle from anywhere.
 */
const compiled = new WeakMap<Node, FastCheck | undefined>();

/** Runs zod's own check functions (regex, int, min/max, formats) on one payload. */
function withChecks(base: FastCheck, checks: readonly Node[]): FastCheck | undefined {
  const run = compileChecks(checks);
  return run && ((value) => base(value) && run(value));
}

/** Runs zod's own check functions on a value, as zod's `runChecks` does for a value of the right type. */
export function compileChecks(checks: readonly CheckNode[]): FastCheck | undefined {
  // An overwrite check (trim, toLowerCase) changes the value: not a yes/no question.
  if (checks.some((c) => c._zod.def.check === 'overwrite' || typeof c._zod.check !== 'function')) return undefined;
  return (value) => {
    const payload: Payload = { value, issues: [] };
    for (const c of checks) {
      const when = c._zod.def.when;
      if (when && !when(payload)) continue;
      const result = (c._zod.check as (payload: Payload) => unknown)(payload);
      if (result !== undefined) {
        // An async refinement: zod refuses it synchronously, so let zod say so.
        if (result instanceof Promise) result.catch(() => undefined);
        return false;
      }
      if (payload.issues.length > 0 || payload.value !== value) return false;
    }
    return true;
  };
}

function compileObject(def: Def): FastCheck | undefined {
  const shape = def.shape;
  if (!shape || Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  const keys = Object.keys(shape);
  // zod reads keys with `in`, so a key named like an Object.prototype member (`toString`) is
  // found on every object, and copied into zod's output: leave such shapes to zod.
  if (keys.some((key) => key in Object.prototype)) return undefined;
  const checks: FastCheck[] = [];
  const optional: boolean[] = [];
  for (const key of keys) {
    const field = shape[key] as Node;
    const check = compileFastCheck(field);
    if (!check) return undefined;
    const { optin, optout } = field._zod;
    // Absent keys: allowed when optional in and out, refused when required; anything else (defaults) changes the value.
    if (optin !== undefined && !(optin === 'optional' && optout === 'optional')) return undefined;
    checks.push(check);
    optional.push(optin !== undefined);
  }
  const extra = compileExtraKeys(def.catchall, new Set(keys));
  if (!extra) return undefined;
  const count = keys.length;
  return (value) => {
    if (!isPlainRecord(value)) return false;
    const record = value as Record<string, unknown>;
    for (let i = 0; i < count; i++) {
      const key = keys[i] as string;
      if (key in record) {
        if (!(checks[i] as FastCheck)(record[key])) return false;
      } else if (!optional[i]) return false;
    }
    return extra(record);
  };
}

/**
 * Plain (or null-prototype) records, such as JSON.parse makes. zod also accepts class instances
 * and objects of another realm, and copies their inherited keys into its output: left to zod.
 */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Keys outside the shape: kept by loose objects, stripped (a changed value) or refused otherwise. */
function compileExtraKeys(
  catchall: Node | undefined,
  declared: ReadonlySet<string>,
): ((record: Record<string, unknown>) => boolean) | undefined {
  const type = catchall?._zod.def.type;
  // zod drops an own `__proto__` key from its output: leave such a value to zod.
  if (type === 'unknown' || type === 'any') return (record) => !Object.hasOwn(record, '__proto__');
  const check = catchall && type !== 'never' ? compileFastCheck(catchall) : undefined;
  if (catchall && type !== 'never' && !check) return undefined;
  return (record) => {
    for (const key in record) {
      if (declared.has(key)) continue;
      if (!check || key === '__proto__' || !check(record[key])) return false;
    }
    return true;
  };
}

function compileArray(def: Def): FastCheck | undefined {
  const element = def.element && compileFastCheck(def.element);
  if (!element) return undefined;
  return (value) => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
    return true;
  };
}

function compileUnion(def: Def): FastCheck | undefined {
  // Exclusive and discriminated unions have their own rules: leave them to zod.
  if (def.inclusive === false || def.discriminator !== undefined || !def.options) return undefined;
  const options = def.options.map((option) => compileFastCheck(option));
  if (options.some((option) => !option)) return undefined;
  const checks = options as FastCheck[];
  return (value) => {
    for (const check of checks) if (check(value)) return true;
    return false;
  };
}

function compileWrapper(node: Node): FastCheck | undefined {
  const { def, traits } = node._zod;
  const inner = def.innerType && compileFastCheck(def.innerType);
  if (!inner || !def.innerType) return undefined;
  if (def.type === 'nullable') return (value) => value === null || inner(value);
  if (traits.has('$ZodExactOptional')) return inner;
  // An optional over a default fills `undefined` in: a changed value.
  if (def.innerType._zod.optin === 'defaulted') return undefined;
  return (value) => value === undefined || inner(value);
}

function compileType(node: Node): FastCheck | undefined {
  const { def, values } = node._zod;
  if (def.coerce) return undefined;
  const base = BASE.get(def.type);
  if (base) return base;
  switch (def.type) {
    case 'enum':
    case 'literal':
      return values ? (value) => values.has(value) : undefined;
    case 'optional':
    case 'nullable':
      return compileWrapper(node);
    case 'array':
      return compileArray(def);
    case 'object':
      return compileObject(def);
    case 'union':
      return compileUnion(def);
    default:
      return undefined;
  }
}

/**
 * Compiles a zod schema (classic or mini) into a {@link FastCheck}, or `undefined` when the
 * schema uses a kind the compiler does not cover (transforms, defaults, records, lazy, ...).
 * Compiled once per schema node: later calls return the same check.
 */
export function compileFastCheck(schema: unknown): FastCheck | undefined {
  const internals = (schema as Partial<Node> | null)?._zod;
  if (!internals?.def || !internals.traits) return undefined;
  const node = schema as Node;
  if (compiled.has(node)) return compiled.get(node);
  if (compiling.has(node)) return undefined;
  compiling.add(node);
  let check: FastCheck | undefined;
  try {
    check = compileNode(node, internals);
  } finally {
    compiling.delete(node);
  }
  compiled.set(node, check);
  return check;
}

function compileNode(node: Node, internals: Internals): FastCheck | undefined {
  const base = compileType(node);
  if (!base) return undefined;
  const own = internals.def.checks ?? [];
  // A string format (iso datetime, url) or an int is itself a check, as zod runs it.
  const checks = internals.traits.has('$ZodCheck') ? [node, ...own] : own;
  return checks.length === 0 ? base : withChecks(base, checks);
}

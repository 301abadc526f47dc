/**
 * Schemas built on first use, not at import: `export const postRecord = lazy(() => z.looseObject({...}))`,
 * each call marked with a `@__PURE__` comment.
 * Building every zod schema at module load was most of what importing a client cost (docs/benchmarks.md,
 * "Start-up"). The declaration keeps its inferred type, so users and named types see no change.
 * The `@__PURE__` mark at each call lets bundlers drop the schemas an app never uses: esbuild
 * honours `@__NO_SIDE_EFFECTS__` below only for calls in this file (packages/schemas/test/tree-shaking.test.ts).
 */
import { type $ZodType, globalRegistry } from 'zod/v4/core';

/** A zod schema (it carries `_zod`), as opposed to a plain object of schemas. */
function isSchema(value: object): value is $ZodType {
  return '_zod' in value;
}

/**
 * A stand-in for `build()`'s result that calls `build` once, on the first property access (read,
 * `in`, keys, `instanceof`), and then forwards everything to the built value. Works for zod schemas
 * and for plain objects of schemas (field groups, route tables); never for arrays or functions.
 * Metadata registered on the built schema (`z.globalRegistry`, e.g. descriptions) is also
 * registered for the stand-in, which is what other schemas and route tables hold.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    if (built === undefined) {
      built = build();
      // The registry is keyed by object, and what callers hold (and look up) is the proxy.
      const meta = isSchema(built) ? globalRegistry.get(built) : undefined;
      if (meta !== undefined && isSchema(proxy)) globalRegistry.add(proxy, meta);
    }
    return built;
  };
  const proxy = new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in itself has no such property: a proxy may only report it as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  return proxy;
}

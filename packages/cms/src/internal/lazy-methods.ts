/**
 * `client.seo` and `client.forms` before their code is loaded: objects of feature groups of async
 * methods (`seo.ai.getSuggestions(input)`) whose first call imports the real ones, built from
 * their route tables, and calls through. Once loaded, every read (keys, `routeKey`, `in`) is the
 * real object's; before, a method of any name is an async stand-in that refuses names the loaded
 * object lacks. So a page that never calls seo/v1 or forms/v1 never loads their routes or code.
 */

/** Groups of methods, by feature. */
type Features = object;

/** A stand-in that reads through to `real()` once it is there, and to `fallback` before. */
function readThrough(real: () => object | undefined, fallback: (name: string) => unknown): object {
  const cache = new Map<string, unknown>();
  return new Proxy(
    {},
    {
      get(_, name) {
        const target = real();
        if (target !== undefined) return Reflect.get(target, name);
        // Symbols and `then` (so the object is not taken for a promise) have no stand-in.
        if (typeof name !== 'string' || name === 'then') return undefined;
        let value = cache.get(name);
        if (value === undefined) {
          value = fallback(name);
          cache.set(name, value);
        }
        return value;
      },
      has: (_, name) => {
        const target = real();
        return target !== undefined && Reflect.has(target, name);
      },
      ownKeys: () => {
        const target = real();
        return target === undefined ? [] : Reflect.ownKeys(target);
      },
      getOwnPropertyDescriptor: (_, name) => {
        const target = real();
        const descriptor = target === undefined ? undefined : Reflect.getOwnPropertyDescriptor(target, name);
        // The stand-in itself has no such property: a proxy may only report it as configurable.
        return descriptor && { ...descriptor, configurable: true };
      },
    },
  );
}

/**
 * The feature groups `load()` builds, usable at once: `label` names a method's call site
 * (`seo.ai.nope()` is refused with a TypeError naming it).
 */
export function lazyFeatures<F extends Features>(label: string, load: () => Promise<F>): F {
  let built: F | undefined;
  let loading: Promise<F> | undefined;
  const ready = (): Promise<F> => {
    loading ??= load().then(
      (value) => (built = value),
      (error: unknown) => {
        // A failed import (a chunk the network lost) is tried again by the next call.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const feature = (group: string) =>
    readThrough(
      () => {
        const methods: unknown = built === undefined ? undefined : Reflect.get(built, group);
        return typeof methods === 'object' && methods !== null ? methods : undefined;
      },
      (name) =>
        async (...args: unknown[]): Promise<unknown> => {
          const methods: unknown = Reflect.get(await ready(), group);
          const method: unknown =
            typeof methods === 'object' && methods !== null ? Reflect.get(methods, name) : undefined;
          if (typeof method !== 'function') throw new TypeError(`${label}.${group}.${name} is not a method`);
          return method(...args);
        },
    );
  // The stand-in's type is the loaded object's: every read goes through to it, or to a method stand-in.
  return readThrough(() => built, feature) as F;
}

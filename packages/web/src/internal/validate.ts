/**
 * Response checks. By default the facade checks the structure it relies on (cheap, hand-written);
 * an app that wants full validation passes the `@viewlink/schemas` schemas as
 * `responseSchemas` (about 7.8 kB more gzipped, zod included). docs/decisions/web.md explains the trade.
 */
import type { Validator } from './http.js';

/** A Standard Schema (zod 4, valibot, arktype): what `responseSchemas` accepts. */
export interface ResponseSchema<T> {
  readonly '~standard': { readonly validate: (value: unknown) => unknown };
  /** Carries the output type only. */
  readonly _output?: T;
}

type StandardResult = {
  value?: unknown;
  issues?: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }>;
};

/** A validator from an optional full schema, falling back to a structural check of `field`. */
export function validator<T>(
  schema: ResponseSchema<T> | undefined,
  field: string,
  item?: readonly string[],
): Validator<T> {
  return (data) => {
    if (schema) {
      const result = schema['~standard'].validate(data) as StandardResult;
      if (result.issues)
        return {
          issues: result.issues.map((i) => ({
            message: i.message,
            path: (i.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)),
          })),
        };
      return { value: result.value as T };
    }
    const value = (data as Record<string, unknown> | null)?.[field];
    const ok = item
      ? Array.isArray(value) && value.every((v) => item.every((k) => typeof v?.[k] === 'string'))
      : value !== undefined;
    return ok ? { value: data as T } : { issues: [{ path: [field], message: 'missing or malformed' }] };
  };
}

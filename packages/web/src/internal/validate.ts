/**
 * Response checks, handed to the route client's parse stage as Standard Schemas. By default the
 * facade checks the structure it relies on (cheap, hand-written); an app that wants full
 * validation passes the `@viewlink/schemas` schemas as `responseSchemas` (about 7.8 kB more
 * gzipped, zod included). docs/decisions/web.md explains the trade.
 */
import type { StandardResult, StandardSchema } from '@viewlink/transport/engine';

/** A Standard Schema (zod 4, valibot, arktype): what `responseSchemas` accepts. */
export interface ResponseSchema<T> {
  readonly '~standard': { readonly validate: (value: unknown) => unknown };
  /** Carries the output type only. */
  readonly _output?: T;
}

/** The check of a response: the app's full schema, else a structural check of `field` (and of each item's `item` strings). */
export function responseCheck<T>(
  schema: ResponseSchema<T> | undefined,
  field: string,
  item?: readonly string[],
): StandardSchema<unknown, T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'viewlink',
      validate(data): StandardResult<T> {
        // A synchronous Standard Schema's result (zod, valibot and arktype answer so for these objects).
        if (schema) return schema['~standard'].validate(data) as StandardResult<T>;
        const value = (data as Record<string, unknown> | null)?.[field];
        const ok = item
          ? Array.isArray(value) && value.every((v) => item.every((k) => typeof v?.[k] === 'string'))
          : value !== undefined;
        return ok ? { value: data as T } : { issues: [{ path: [field], message: 'missing or malformed' }] };
      },
    },
  };
}

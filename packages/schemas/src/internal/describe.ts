import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';

/**
 * Gives `schema` its field description, the one source of a field's documentation: zod's
 * global registry, read by the OpenAPI export (`z.toJSONSchema`) and by scripts/build-types.ts,
 * which writes it as the JSDoc of the generated interface field (editor hovers, API reference).
 * Registers, adds no check: parsing costs nothing more. Pass a fresh schema (the registry is
 * keyed by instance), e.g. `described(z.optional(Shared), '...')`, never a shared one. Write the
 * description as a string literal: the browser build (build/strip-descriptions.ts) turns the call
 * into `schema`, so no text reaches a site's bundle.
 */
export function described<S extends core.$ZodType>(schema: S, description: string): S {
  z.globalRegistry.add(schema, { description });
  return schema;
}

/**
 * {@link described} for a required field that holds a shared, named schema
 * (`service: StreamingServiceId`): a copy of the schema (zod's `clone`, the same definition, so
 * the generated types still name it) carries the field's description; the shared schema keeps its own.
 */
export function describedCopy<S extends z.ZodMiniType>(schema: S, description: string): S {
  return described(schema.clone() as S, description);
}

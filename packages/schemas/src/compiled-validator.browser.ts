/**
 * The browser build of `compiled-validator.ts` (mapped by the `browser` field of package.json): the schema
 * is its own validator. zod's compiler is about 29 kB minified (8 kB gzipped), more than a site
 * that reads a few pages of posts gains from it, and it needs `new Function`, which a strict CSP
 * refuses anyway (docs/decisions/cms.md, "Browser bundle").
 */
import type * as core from 'zod/v4/core';
import type { CompiledValidator } from './compiled-validator.js';

export type { CompiledValidator } from './compiled-validator.js';

/** `schema` itself: validates exactly as zod's interpreter does. */
export function compiledValidator<S extends core.$ZodType>(schema: S): CompiledValidator<S> {
  return schema;
}

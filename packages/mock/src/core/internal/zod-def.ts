/**
 * Reads a zod schema's (or check's) internal definition. zod's public types describe `def` per
 * schema class; the mock's walkers (query coercion, WordPress-style error texts, seo/forms
 * defaults) read any schema, each declaring the few fields it needs.
 */

/** The fields every definition has. */
interface ZodDef {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** `node._zod.def`, typed as the fields the caller reads (`D`). */
export function zodDef<D extends object = ZodDef>(node: { readonly _zod: { readonly def: object } }): D {
  return node._zod.def as D;
}

/**
 * Builds a schema at module load as a call bundlers may drop when the schema is unused. Call it
 * with a PURE annotation at each site: esbuild does not carry zod's own `@__NO_SIDE_EFFECTS__`
 * across modules, and any unannotated call inside a definition keeps the whole statement, so a
 * browser bundle needing two bridge messages would otherwise carry all of them.
 */
export function pure<T>(build: () => T): T {
  return build();
}

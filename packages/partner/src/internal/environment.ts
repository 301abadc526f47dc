/** Detects environments where an API Key would be exposed to end users. */

/**
 * True in a browser page (a `window` or `document` global). Deno defines neither since 2.0,
 * and Workers/Bun/Node define neither, so server runtimes pass.
 */
export function isBrowserLike(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown; Deno?: unknown };
  return (g.window !== undefined || g.document !== undefined) && g.Deno === undefined;
}

/**
 * Route issues: their type (re-exported by router.ts) and the turning of a schema's Standard
 * Schema issues into them, for the router's checks and the CMS fake's batch precheck alike, so
 * both report issues the same way.
 */

/**
 * A validation issue, with zod's issue code when the schema gave one. Declared here, not imported
 * from @viewlink/transport (same shape as its `Issue`): the mock does not depend on the transport.
 */
export interface RouteIssue {
  /** Path from the root of the checked value, e.g. `['per_page']` or `['items', 3, 'title']`. */
  readonly path: readonly PropertyKey[];
  /** Human-readable description of the problem. */
  readonly message: string;
  /** zod's issue code (`invalid_type`, `too_big`...); absent for issues the router made itself (body not JSON). */
  readonly code?: string | undefined;
}

/** One Standard Schema issue; zod's also carry a `code`. */
interface SchemaIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** The schema's own message, the path as plain keys, and zod's issue code when there is one. */
export function toRouteIssues(issues: readonly SchemaIssue[]): RouteIssue[] {
  return issues.map((issue) => ({
    message: issue.message,
    path: (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null ? p.key : p)),
    code: (issue as { code?: string }).code,
  }));
}

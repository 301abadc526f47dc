/**
 * Internal (not re-exported): turns a schema's Standard Schema issues into route issues, for the
 * router's checks and the CMS fake's batch precheck alike, so both report issues the same way.
 */
import type { RouteIssue } from './router.js';

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

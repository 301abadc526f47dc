/**
 * Route issues: their type (re-exported by router.ts) and the turning of a schema's Standard
 * Schema issues into them, for the router's checks and the CMS fake's batch precheck alike, so
 * both report issues the same way.
 */
import { issuesOf, type SchemaIssue } from '@viewlink/transport';

/** A validation issue, with zod's issue code when the schema gave one (the shape of the transport's `Issue` and a code). */
export interface RouteIssue {
  /** Path from the root of the checked value, e.g. `['per_page']` or `['items', 3, 'title']`. */
  readonly path: readonly PropertyKey[];
  /** Human-readable description of the problem (`must be an integer`), never the value. */
  readonly message: string;
  /** zod's issue code (`invalid_type`, `too_big`...); absent for issues the router made itself (body not JSON). */
  readonly code?: string | undefined;
}

/**
 * The issues of `value` worded as the SDK words them (`must not be empty`, `is required`, `extra
 * is an unknown parameter`: `zod/mini` says only `Invalid input`, and a client in another language
 * reads nothing else), with zod's issue code when there is one.
 */
export function toRouteIssues(issues: readonly SchemaIssue[], value: unknown): RouteIssue[] {
  return issues.flatMap((issue) => {
    const code = (issue as { readonly code?: string }).code;
    return issuesOf(issue, value).map((worded) => ({ ...worded, code }));
  });
}

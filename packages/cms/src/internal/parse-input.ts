/** Caller-input validation that names each unknown key as its own path. */
import { check, type Issue, type StandardSchema, ValidationError } from '@viewlink/transport';

interface RawIssue {
  readonly code?: string;
  readonly keys?: readonly string[];
}

/**
 * Like the transport's `parseInput`, but an unknown-keys issue (reported by zod at the object's
 * own path) becomes one issue per key at `path.key`, so `{ sticky: true }` on a page names
 * `sticky` rather than the root.
 * @throws ValidationError naming every offending path.
 */
export function parseCallInput<T>(schema: StandardSchema<unknown, T>, value: unknown, what: string): T {
  const result = check(schema, value);
  if (result.ok) return result.value;
  // Validation is synchronous and deterministic: the raw issues line up with the described ones.
  const raw = (schema['~standard'].validate(value) as { issues?: readonly RawIssue[] }).issues ?? [];
  const issues: Issue[] = [];
  result.issues.forEach((issue, index) => {
    const keys = raw[index]?.code === 'unrecognized_keys' ? raw[index]?.keys : undefined;
    if (keys && keys.length > 0) {
      for (const key of keys) issues.push({ path: [...issue.path, key], message: 'unknown parameter' });
    } else issues.push(issue);
  });
  throw new ValidationError(what, issues);
}

/**
 * Validation through the Standard Schema interface, so the transport works with any zod 4
 * schema (classic or mini) without depending on zod itself.
 */

import { type Issue, ValidationError } from '../errors/tree.js';
import { describeIssue } from './internal/describe-issue.js';

/** The Standard Schema v1 surface we use (implemented by zod 4, valibot, arktype). */
export interface StandardSchema<Input = unknown, Output = Input> {
  /** Standard Schema v1: `validate` returns the parsed value or the issues; `types` exists only for inference. */
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** Result of a Standard Schema validation. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
      }>;
    };

/** The output type of a Standard Schema. */
export type OutputOf<S> = S extends StandardSchema<unknown, infer O> ? O : never;
/** The input type of a Standard Schema. */
export type InputOf<S> = S extends StandardSchema<infer I, unknown> ? I : never;

/** Outcome of {@link check}: the parsed value, or the issues with their paths. */
export type CheckResult<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** Validates synchronously; async schemas are a programming error here. */
export function check<T>(schema: StandardSchema<unknown, T>, value: unknown): CheckResult<T> {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new TypeError('Async schemas are not supported by the Viewlink transport');
  if (result.issues === undefined) return { ok: true, value: result.value };
  return { ok: false, issues: result.issues.flatMap((issue) => issuesOf(issue, value)) };
}

/** One issue of a Standard Schema's answer (zod's carry a `code` and the fields it is worded from). */
export type SchemaIssue = Extract<StandardResult<unknown>, { readonly issues: unknown }>['issues'][number];

/**
 * One schema issue of `value` as {@link check} reports it, in English and never with the value:
 * `must not be empty` (zod/mini says only `Invalid input`), `is required` for an absent field,
 * and an unknown key named at its own path (`{ limt: 5 }`: `limt is an unknown parameter`, where
 * zod reports the object). The mock's router answers with these words too.
 */
export function issuesOf(issue: SchemaIssue, value: unknown): Issue[] {
  const path = (issue.path ?? []).map((part) => (typeof part === 'object' && part !== null ? part.key : part));
  const meant = meantAlternative(issue);
  if (meant !== undefined)
    return meant.flatMap((inner) => issuesOf({ ...inner, path: [...path, ...(inner.path ?? [])] }, value));
  const keys = (issue as { readonly code?: unknown; readonly keys?: unknown }).keys;
  if ((issue as { readonly code?: unknown }).code === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0)
    return keys.map((key: PropertyKey) => ({ path: [...path, key], message: 'is an unknown parameter' }));
  return [{ message: isMissing(issue, value, path) ? 'is required' : describeIssue(issue), path }];
}

/** A union issue as zod 4 reports it: each alternative's own issues, at paths inside the union's value. */
interface UnionIssue {
  readonly code?: unknown;
  readonly errors?: readonly (readonly SchemaIssue[])[];
}

/**
 * The issues of the one union alternative the caller meant, when there is one: every other
 * alternative refused the value itself (a wrong type at its root), this one refused something
 * inside it (`categories: ['x']` is a list whose item 0 is no term id; `{ terms: ['x'] }` an object
 * whose terms are wrong). Its own issues at their own paths (`categories[0] must be ...`) say what
 * is wrong, where a list of every alternative could not (`must be an array or an object whose
 * 0 must be a number`).
 */
function meantAlternative(issue: SchemaIssue): readonly SchemaIssue[] | undefined {
  const { code, errors } = issue as UnionIssue;
  if (code !== 'invalid_union' || errors === undefined) return undefined;
  const inside = errors.filter((issues) => issues.some((inner) => (inner.path?.length ?? 0) > 0));
  return inside.length === 1 ? inside[0] : undefined;
}

/**
 * True when a type or union issue is about a field the object does not have at all: zod leaves
 * the input out of its issues, so "expected string" would read the same for absent and wrong.
 * Only the presence of the key is looked at, never the value.
 */
function isMissing(
  issue: { readonly message: string; readonly code?: unknown },
  value: unknown,
  path: readonly PropertyKey[],
): boolean {
  if (issue.message !== 'Invalid input' || (issue.code !== 'invalid_type' && issue.code !== 'invalid_union'))
    return false;
  if (path.length === 0) return false;
  let parent = value;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  return (
    typeof parent === 'object' &&
    parent !== null &&
    (parent as Record<PropertyKey, unknown>)[path.at(-1) as PropertyKey] === undefined
  );
}

/**
 * Parses caller input, throwing a {@link ValidationError} that names each offending path.
 * Call it before building a request so bad input never leaves the process.
 */
export function parseInput<T>(schema: StandardSchema<unknown, T>, value: unknown, what: string): T {
  const result = check(schema, value);
  if (!result.ok) throw new ValidationError(what, result.issues);
  return result.value;
}

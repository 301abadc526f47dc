/**
 * Validation through the Standard Schema interface, so the transport works with any zod 4
 * schema (classic or mini) without depending on zod itself.
 */
import { describeIssue } from '../internal/describe-issue.js';
import { type Issue, ValidationError } from './errors.js';

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
  return {
    ok: false,
    issues: result.issues.map((issue) => ({
      message: describeIssue(issue),
      path: (issue.path ?? []).map((part) => (typeof part === 'object' && part !== null ? part.key : part)),
    })),
  };
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

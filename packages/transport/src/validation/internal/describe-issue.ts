/**
 * English messages for zod issues. `zod/mini` ships no locale (to stay small), so every issue
 * says only "Invalid input"; this turns the issue's own fields into a message that says what
 * was expected. It never prints the offending value, which could be a secret.
 */

import { formatPath } from '../../errors/tree.js';

/** The zod 4 issue fields read here (all optional: other Standard Schema vendors lack them). */
interface IssueFields {
  readonly message: string;
  readonly code?: string;
  readonly expected?: string;
  readonly origin?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
  readonly values?: readonly unknown[];
  readonly keys?: readonly string[];
  readonly format?: string;
  readonly pattern?: string;
  readonly divisor?: number;
  /** Of an `invalid_union`: each alternative's own issues. */
  readonly errors?: readonly (readonly IssueFields[])[] | undefined;
  /** Path inside the value (within a union alternative: relative to the union's value). */
  readonly path?: readonly unknown[] | undefined;
}

const UNITS: Record<string, string> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

function bound(issue: IssueFields, word: 'least' | 'most'): string {
  const limit = word === 'least' ? issue.minimum : issue.maximum;
  const unit = issue.origin ? UNITS[issue.origin] : undefined;
  if (unit) {
    if (Number(limit) !== 1) return `must have at ${word} ${limit} ${unit}`;
    // At least one character: a string that must not be empty, said so.
    if (word === 'least' && issue.origin === 'string') return 'must not be empty';
    return `must have at ${word} 1 ${unit.slice(0, -1)}`;
  }
  if (issue.inclusive === false) return `must be ${word === 'least' ? 'greater' : 'less'} than ${limit}`;
  return `must be at ${word} ${limit}`;
}

/** zod's type names a reader would not say. */
const TYPE_WORDS: Record<string, string> = { int: 'integer', bigint: 'big integer', nan: 'NaN' };

/** `a string`, `an object`, `null`: a zod type name as a reader says it. */
function withArticle(expected: string | undefined): string {
  if (expected === undefined) return 'something else';
  const type = TYPE_WORDS[expected] ?? expected;
  if (type === 'null' || type === 'undefined') return type;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** What one union alternative wanted, from its first issue. */
function alternative(issues: readonly IssueFields[]): string[] {
  const first = issues[0];
  if (first === undefined) return [];
  const nested = (first.path ?? []).filter((p) => typeof p === 'string' || typeof p === 'number');
  // Only when several alternatives fail inside the value (check() reports the one alternative that does at its path).
  if (nested.length > 0)
    return [
      `${typeof nested[0] === 'number' ? 'an array' : 'an object'} whose ${formatPath(nested)} ${describeIssue(first)}`,
    ];
  if (first.code === 'invalid_type') return [withArticle(first.expected)];
  if (first.code === 'invalid_value') return (first.values ?? []).map((v) => JSON.stringify(v));
  return [describeIssue(first)];
}

/** `must be a string or an object`, `must be "a", "b" or a number`: every alternative of a union. */
function union(issue: IssueFields): string {
  const wanted = [...new Set((issue.errors ?? []).flatMap(alternative))];
  if (wanted.length === 0) return 'matches none of the allowed shapes';
  if (wanted.length === 1) return `must be ${wanted[0]}`;
  return `must be ${wanted.slice(0, -1).join(', ')} or ${wanted.at(-1)}`;
}

/**
 * What zod's `iso.datetime()` takes, said with an example: "must be a valid datetime" read as a
 * refusal of `2024-01-01`, a valid ISO 8601 date. Every date-time of the schemas takes an offset
 * (`{ offset: true }`, its pattern then allows `+hh:mm`); the other variants get the plain form.
 */
function dateTime(pattern: string | undefined): string {
  return pattern?.includes('[+-]')
    ? "must be an ISO 8601 date-time with a time zone, e.g. '2024-01-01T00:00:00Z' or '2024-01-01T02:00:00+02:00' (a date alone or a time without a zone names no instant)"
    : "must be an ISO 8601 date-time, e.g. '2024-01-01T00:00:00Z'";
}

/** A readable message for one issue; custom messages are kept as they are. */
export function describeIssue(issue: IssueFields): string {
  if (issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod leaves `input` out of issues; check() tells a missing field ("is required") apart.
      return `must be ${withArticle(issue.expected)}`;
    case 'too_small':
      return bound(issue, 'least');
    case 'too_big':
      return bound(issue, 'most');
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown key${issue.keys?.length === 1 ? '' : 's'} ${(issue.keys ?? []).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'datetime') return dateTime(issue.pattern);
      return issue.format === 'regex' && issue.pattern
        ? `must match ${issue.pattern}`
        : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return union(issue);
    default:
      return issue.message;
  }
}

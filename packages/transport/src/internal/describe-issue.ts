/**
 * English messages for zod issues. `zod/mini` ships no locale (to stay small), so every issue
 * says only "Invalid input"; this turns the issue's own fields into a message that says what
 * was expected. It never prints the offending value, which could be a secret.
 */

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
}

const UNITS: Record<string, string> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

function bound(issue: IssueFields, word: 'least' | 'most'): string {
  const limit = word === 'least' ? issue.minimum : issue.maximum;
  const unit = issue.origin ? UNITS[issue.origin] : undefined;
  if (unit) return `must have at ${word} ${limit} ${unit}`;
  const op = word === 'least' ? (issue.inclusive === false ? '>' : '>=') : issue.inclusive === false ? '<' : '<=';
  return `must be ${op} ${limit}`;
}

/** A readable message for one issue; custom messages are kept as they are. */
export function describeIssue(issue: IssueFields): string {
  if (issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod leaves `input` out of issues, so missing and wrong-typed read the same.
      return `expected ${issue.expected}`;
    case 'too_small':
      return bound(issue, 'least');
    case 'too_big':
      return bound(issue, 'most');
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown key${issue.keys?.length === 1 ? '' : 's'} ${(issue.keys ?? []).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? `must match ${issue.pattern}`
        : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return 'matches none of the allowed shapes';
    default:
      return issue.message;
  }
}

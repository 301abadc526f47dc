/**
 * Checks of the data-file calls' options, shared by `readDataFile`, `client.files.read()` /
 * `.fetch()` and the client-less functions, so that each option is refused with the same words,
 * named at the caller's call site, before any byte is read or request sent.
 */
import {
  type CallOptions,
  callOptionIssues,
  type Issue,
  isTimeout,
  TIMEOUT_PROBLEM,
  unknownOptionIssues,
  ValidationError,
} from '@viewlink/transport';
import type { DataFileCompression } from '../types.js';

/** The options this checks, as a caller may pass them (`ReadDataFileOptions` of read.ts, which imports this file). */
interface CheckedReadOptions extends CheckedCommonOptions {
  readonly onInvalid?: unknown;
  readonly maxLineBytes?: number | undefined;
  readonly expectedRecords?: number | undefined;
  readonly compression?: unknown;
  readonly unverifiedLength?: unknown;
}

/** The timeouts every data-file call takes, and the request options of those that send. */
interface CheckedCommonOptions {
  readonly idleTimeout?: unknown;
  readonly totalTimeout?: unknown;
  readonly signal?: unknown;
  readonly timeout?: unknown;
  readonly retry?: unknown;
}

const COMPRESSIONS = new Set<unknown>(['auto', 'gzip', 'none'] satisfies DataFileCompression[]);

/**
 * Issues of the options the data-file calls share: `idleTimeout` and `totalTimeout` (ms; a value `setTimeout` would not honour is refused,
 * not clamped), and of the `signal`, `timeout` and `retry` a call hands its requests, in the
 * transport's words: here, at the call, since the read uses the signal before any request does.
 */
export function commonOptionIssues(options: CheckedCommonOptions): Issue[] {
  const { signal, timeout, retry } = options;
  const issues = callOptionIssues({ signal, timeout, retry } as CallOptions);
  for (const name of ['idleTimeout', 'totalTimeout'] as const)
    if (options[name] !== undefined && !isTimeout(options[name]))
      issues.push({ path: [name], message: TIMEOUT_PROBLEM });
  return issues;
}

/** Refuses options that are not an object, naming the call (`readDataFile()`, `client.files.fetch()`...). */
export function requireOptionsObject(options: unknown, caller: string): void {
  if (typeof options !== 'object' || options === null)
    throw new ValidationError(caller, [{ path: [], message: 'expected an options object' }]);
}

/** Issues of the reading options (after {@link requireOptionsObject}): a mistyped `onInvalid` would otherwise skip bad lines silently. */
export function readOptionIssues(options: CheckedReadOptions): Issue[] {
  const issues = commonOptionIssues(options);
  const { onInvalid, maxLineBytes, expectedRecords, compression, unverifiedLength } = options;
  if (onInvalid !== undefined && onInvalid !== 'throw' && onInvalid !== 'skip' && typeof onInvalid !== 'function')
    issues.push({ path: ['onInvalid'], message: "must be 'throw', 'skip' or a function" });
  if (maxLineBytes !== undefined && (!Number.isInteger(maxLineBytes) || maxLineBytes < 1))
    issues.push({ path: ['maxLineBytes'], message: 'must be a positive integer' });
  if (expectedRecords !== undefined && (!Number.isInteger(expectedRecords) || expectedRecords < 0))
    issues.push({ path: ['expectedRecords'], message: 'must be a non-negative integer' });
  if (compression !== undefined && !COMPRESSIONS.has(compression))
    issues.push({ path: ['compression'], message: "must be 'auto', 'gzip' or 'none'" });
  if (
    unverifiedLength !== undefined &&
    unverifiedLength !== 'throw' &&
    unverifiedLength !== 'accept' &&
    typeof unverifiedLength !== 'function'
  )
    issues.push({ path: ['unverifiedLength'], message: "must be 'throw', 'accept' or a function" });
  return issues;
}

/**
 * Checks the reading options before any byte is read, naming `caller` in the error; `known`:
 * every option name the call takes (another is refused, not ignored).
 */
export function checkReadOptions(options: CheckedReadOptions, known: readonly string[], caller: string): void {
  requireOptionsObject(options, caller);
  const issues = [...readOptionIssues(options), ...unknownOptionIssues(options, known)];
  if (issues.length > 0) throw new ValidationError(caller, issues);
}

/** Checks of readDataFile's options, shared with streamDataFile (which checks them before downloading). */
import { type Issue, ValidationError } from '@viewlink/transport';
import type { DataFileCompression } from '../types.js';

/** The options this checks, as a caller may pass them (`ReadDataFileOptions` of read.ts, which imports this file). */
interface CheckedReadOptions {
  readonly onInvalid?: unknown;
  readonly maxLineBytes?: number | undefined;
  readonly expectedRecords?: number | undefined;
  readonly compression?: unknown;
  readonly idleTimeout?: unknown;
  readonly unverifiedLength?: unknown;
}

const COMPRESSIONS = new Set<unknown>(['auto', 'gzip', 'none'] satisfies DataFileCompression[]);

/** Checks the options before any byte is read: a mistyped `onInvalid` would otherwise skip bad lines silently. */
export function checkReadOptions(options: CheckedReadOptions): void {
  if (typeof options !== 'object' || options === null)
    throw new ValidationError('readDataFile() options', [{ path: [], message: 'expected an options object' }]);
  const issues: Issue[] = [];
  const { onInvalid, maxLineBytes, expectedRecords, compression, idleTimeout, unverifiedLength } = options;
  if (onInvalid !== undefined && onInvalid !== 'throw' && onInvalid !== 'skip' && typeof onInvalid !== 'function')
    issues.push({ path: ['onInvalid'], message: "must be 'throw', 'skip' or a function" });
  if (maxLineBytes !== undefined && (!Number.isInteger(maxLineBytes) || maxLineBytes < 1))
    issues.push({ path: ['maxLineBytes'], message: 'must be a positive integer' });
  if (expectedRecords !== undefined && (!Number.isInteger(expectedRecords) || expectedRecords < 0))
    issues.push({ path: ['expectedRecords'], message: 'must be a non-negative integer' });
  if (compression !== undefined && !COMPRESSIONS.has(compression))
    issues.push({ path: ['compression'], message: "must be 'auto', 'gzip' or 'none'" });
  if (
    idleTimeout !== undefined &&
    (typeof idleTimeout !== 'number' ||
      !Number.isFinite(idleTimeout) ||
      idleTimeout <= 0 ||
      idleTimeout > 2_147_483_647)
  )
    issues.push({ path: ['idleTimeout'], message: 'must be a positive number of milliseconds' });
  if (
    unverifiedLength !== undefined &&
    unverifiedLength !== 'throw' &&
    unverifiedLength !== 'accept' &&
    typeof unverifiedLength !== 'function'
  )
    issues.push({ path: ['unverifiedLength'], message: "must be 'throw', 'accept' or a function" });
  if (issues.length > 0) throw new ValidationError('readDataFile() options', issues);
}

/**
 * The reading core shared by `readDataFile` and `client.files`: raw bytes -> gunzip -> lines ->
 * validated records, then the end-of-file checks (sha256, record count, completeness). Progress
 * (records, offset) is kept up to date for checkpoints and error counts.
 */
import {
  DATA_FILE_COMPRESSIONS,
  DATA_FILE_FORMATS,
  DATA_RECORD_KINDS,
  DATA_RECORD_SCHEMAS,
  type DataFileDescriptor,
  DataFileLineEnvelope,
  type DataRecordKind,
} from '@viewlink/schemas';
import { ConnectionError, check, type StandardSchema, TimeoutError, ViewlinkError } from '@viewlink/transport';
import { DataFileError, type DataFileErrorReason } from '../errors.js';
import type { DataFileCompression, DataFileRecord } from '../types.js';
import { type Line, splitLines } from './lines.js';
import { deadlineBoundOf, totalTimeoutError, withoutCallSite } from './read-deadline.js';
import { sha256Stream } from './sha256.js';
import { decoded, type RawSource } from './source.js';

const KNOWN_KINDS = new Set<string>(DATA_RECORD_KINDS);
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The options the reading core uses: `ReadDataFileOptions` of read.ts as this file sees it
 * (declared here so that read.ts, which imports this file, is not imported back).
 */
interface RawReadOptions {
  readonly file?: DataFileDescriptor | undefined;
  readonly compression?: DataFileCompression | undefined;
  readonly onInvalid?: 'throw' | 'skip' | ((error: DataFileError) => void) | undefined;
  readonly maxLineBytes?: number | undefined;
  readonly expectedRecords?: number | undefined;
  readonly expectedSha256?: string | false | undefined;
  readonly unverifiedLength?: 'throw' | 'accept' | ((message: string) => void) | undefined;
}

function compressionOf(options: RawReadOptions): DataFileCompression {
  if (options.compression) return options.compression;
  const announced = options.file?.compression;
  if (announced === undefined) return 'auto';
  if (!(DATA_FILE_COMPRESSIONS as readonly string[]).includes(announced))
    throw new DataFileError('unsupported_format', `Unsupported data file compression "${announced}"`);
  return announced as DataFileCompression;
}

/** Parses one line into a record, or throws a DataFileError naming it. */
function parseLine(bytes: Uint8Array, line: number): DataFileRecord {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    throw new DataFileError('invalid_line', 'not valid UTF-8 JSON', { line });
  }
  const envelope = check(DataFileLineEnvelope, value);
  if (!envelope.ok)
    throw new DataFileError('invalid_line', 'not a data file record', { line, issues: envelope.issues });
  const { kind, op, key, data } = envelope.value;
  if (!KNOWN_KINDS.has(kind) || (op !== 'upsert' && op !== 'delete'))
    return { kind: 'unknown', recordKind: kind, op, key, data };
  if (op === 'delete') return { kind: kind as DataRecordKind, op, key };
  const schema = DATA_RECORD_SCHEMAS[kind as DataRecordKind] as StandardSchema<unknown, unknown>;
  const checked = check(schema, data);
  if (!checked.ok)
    throw new DataFileError('invalid_line', `invalid ${kind}`, {
      line,
      issues: checked.issues.map((i) => ({ path: ['data', ...i.path], message: i.message })),
    });
  return { kind, op, key, data: checked.value } as DataFileRecord;
}

/** A line's record, its error, or undefined for a blank line. */
function lineToRecord({ number, bytes }: Line, maxLineBytes: number): DataFileRecord | DataFileError | undefined {
  if (bytes === undefined)
    return new DataFileError('line_too_long', `longer than the ${maxLineBytes}-byte limit`, { line: number });
  const text = bytes.byteLength > 0 && bytes[bytes.byteLength - 1] === 0x0d ? bytes.subarray(0, -1) : bytes;
  if (text.every((b) => b === 0x20 || b === 0x09)) return undefined;
  try {
    return parseLine(text, number);
  } catch (error) {
    if (error instanceof DataFileError) return error;
    throw error;
  }
}

/** Counts the raw bytes that pass. */
function byteCounter(): { stream: TransformStream<Uint8Array, Uint8Array>; count: () => number } {
  let count = 0;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      count += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, count: () => count };
}

/** Progress of one read, kept up to date as records are yielded (checkpoints are built from it). */
export interface ReadProgress {
  /** Records counted so far (yielded, skipped as invalid, or skipped because a checkpoint had them). */
  records: number;
  /** Offset in the decompressed bytes just past the last line counted (plus the starting offset). */
  offset: number;
}

/** How {@link readRaw} starts: fresh, or after a checkpoint. */
interface ReadStart {
  /** Records already delivered before this read started (their count is carried on). */
  readonly records: number;
  /** Decompressed offset this stream starts at (a ranged plain file), else 0. */
  readonly offset: number;
  /** Leading records of this stream to count but not yield (a gzip file read again after a checkpoint). */
  readonly skip: number;
}

const FRESH: ReadStart = { records: 0, offset: 0, skip: 0 };

/** Reasons raised by the source without a count: the count of records delivered is added here. */
const COUNTED_REASONS = new Set<DataFileErrorReason>(['interrupted', 'resume_failed', 'total_timeout']);

/** What to do after the read of a fetched body ran past its fetch's `totalTimeout`. */
const FETCHED_BODY_HINT =
  'the totalTimeout of its fetch bounds the body too; fetch it again with a longer one (client.files.read() continues from a checkpoint)';

/**
 * The typed error of a failure of the bytes, carrying the records delivered: a body fault
 * (ConnectionError, TimeoutError) becomes `interrupted` with the fault as `cause`, unless the
 * source types its own faults (a download: its first request's errors are the caller's as they
 * are); a source's `interrupted` / `resume_failed` gets the count; the `TimeoutError` of a
 * fetch's `totalTimeout` becomes `total_timeout`. Undefined for other errors.
 */
function typedFailure(failure: unknown, progress: ReadProgress, raw: RawSource): unknown {
  // A source stopped by a deadline breaks off: the deadline is the reason, not the broken body.
  const stopped = raw.stopped?.();
  let error =
    stopped !== undefined && (failure instanceof ConnectionError || failure instanceof TimeoutError)
      ? stopped
      : failure;
  // A body of `client.files.fetch()` past that call's `totalTimeout`: the reason and words of a read's own bound.
  if (error instanceof TimeoutError) {
    const bound = deadlineBoundOf(error);
    if (bound !== undefined) error = totalTimeoutError(bound, progress.records, FETCHED_BODY_HINT, error);
  }
  if (error instanceof DataFileError) {
    if (!COUNTED_REASONS.has(error.reason) || error.records !== undefined) return error;
    return new DataFileError(error.reason, error.message, { records: progress.records, cause: error.cause });
  }
  if (!raw.typesOwnFaults && (error instanceof ConnectionError || error instanceof TimeoutError))
    return new DataFileError(
      'interrupted',
      `The download ${error instanceof TimeoutError ? 'stalled' : 'broke off'} after ${progress.records} records: ${withoutCallSite(error)}`,
      { records: progress.records, cause: error },
    );
  if (error instanceof ViewlinkError) return error;
  return undefined;
}

/**
 * The records of raw bytes: decompression, line splitting, validation, and the end-of-file
 * checks (sha256, record count, completeness). `progress` is updated before each yield.
 * @internal
 */
export async function* readRaw(
  raw: RawSource,
  options: RawReadOptions,
  progress: ReadProgress,
  start: ReadStart = FRESH,
): AsyncGenerator<DataFileRecord, void, undefined> {
  const format = options.file?.format;
  if (format !== undefined && !(DATA_FILE_FORMATS as readonly string[]).includes(format))
    throw new DataFileError('unsupported_format', `Unsupported data file format "${format}"`);
  const compression = compressionOf(options);
  const maxLineBytes = options.maxLineBytes ?? 1024 * 1024;
  const expected = options.expectedRecords ?? options.file?.record_count;
  const onInvalid = options.onInvalid ?? 'throw';
  // A stream that starts mid-file cannot be hashed as a whole.
  const sha256 =
    options.expectedSha256 === false || start.offset > 0 ? undefined : (options.expectedSha256 ?? options.file?.sha256);
  const digest = sha256 === undefined ? undefined : sha256Stream();
  const counter = byteCounter();
  progress.records = start.records;
  progress.offset = start.offset;
  let skip = start.skip;
  let lines: AsyncGenerator<Line> | undefined;
  let gzip = false;
  try {
    const counted = raw.stream.pipeThrough(counter.stream);
    const decodedStream = await decoded(digest ? counted.pipeThrough(digest.stream) : counted, compression);
    gzip = decodedStream.gzip;
    lines = splitLines(decodedStream.stream.getReader(), maxLineBytes);
    for (;;) {
      let next: IteratorResult<Line>;
      try {
        next = await lines.next();
      } catch (error) {
        const typed = typedFailure(error, progress, raw);
        if (typed !== undefined) throw typed;
        if (!gzip) throw error;
        throw new DataFileError('decompression_failed', 'The data file is not a complete gzip stream', {
          records: progress.records,
        });
      }
      if (next.done) break;
      // Past the read's deadline no further record is counted or delivered.
      const stopped = raw.stopped?.();
      if (stopped !== undefined) throw stopped;
      const record = lineToRecord(next.value, maxLineBytes);
      if (record === undefined) continue;
      progress.records += 1;
      progress.offset = start.offset + next.value.end;
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      if (record instanceof DataFileError) {
        if (onInvalid === 'throw') throw record;
        if (typeof onInvalid === 'function') onInvalid(record);
        continue;
      }
      yield record;
    }
  } catch (error) {
    throw typedFailure(error, progress, raw) ?? error;
  } finally {
    // Also on early exit (break, throw): cancels the source.
    if (lines) await lines.return(undefined);
    else await raw.stream.cancel().catch(() => undefined);
  }
  const records = progress.records;
  if (digest && digest.hex() !== sha256?.toLowerCase())
    throw new DataFileError('checksum_mismatch', 'The data file bytes do not match the announced sha256', { records });
  if (expected !== undefined && records !== expected)
    throw new DataFileError(
      'record_count_mismatch',
      `The data file holds ${records} records, ${expected} were announced (truncated or wrong file)`,
      { records },
    );
  const received = counter.count();
  if (raw.contentLength !== undefined && received !== raw.contentLength)
    throw new DataFileError(
      'interrupted',
      `The data file ended after ${received} of the ${raw.contentLength} bytes its Content-Length announced`,
      { records },
    );
  // gzip's trailer (CRC-32 and length, checked by the decompressor) proves the end; so do the others.
  const known =
    raw.inMemory ||
    raw.verified?.() === true ||
    gzip ||
    expected !== undefined ||
    digest !== undefined ||
    raw.contentLength !== undefined;
  if (known) return;
  const unverified = options.unverifiedLength ?? 'throw';
  const message = `Nothing shows this uncompressed data file is complete (${records} records read): no record count, sha256 or Content-Length. Pass the event's \`file\` descriptor`;
  if (unverified === 'accept') return;
  if (typeof unverified === 'function') {
    unverified(message);
    return;
  }
  throw new DataFileError('unverified_length', message, { records });
}

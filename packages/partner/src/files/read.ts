/**
 * Streaming reader of posted data files: NDJSON (optionally gzip), one record per line,
 * validated against the schemas and yielded one at a time. Memory holds one chunk and one
 * line, whatever the file size.
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
import { check, type StandardSchema } from '@viewlink/transport';
import { DataFileError } from './errors.js';
import { type Line, splitLines } from './internal/lines.js';
import { checkReadOptions } from './internal/read-options.js';
import { sha256Stream } from './internal/sha256.js';
import { type DataFileCompression, type DataFileSource, decoded, toStream } from './internal/source.js';
import type { DataFileRecord } from './types.js';

export type { DataFileCompression, DataFileSource } from './internal/source.js';

/** Options of {@link readDataFile}. */
export interface ReadDataFileOptions {
  /**
   * The descriptor from the file event: its `compression` is used (unless `compression` is
   * given), its `format` must be `ndjson`, and its `record_count` is checked at the end.
   */
  readonly file?: DataFileDescriptor;
  /** Compression of the bytes. Default: the descriptor's, else `'auto'` (sniffs gzip). */
  readonly compression?: DataFileCompression;
  /**
   * A line that does not parse: `'throw'` (default) a {@link DataFileError} naming the line,
   * `'skip'` it, or a function that is told and the line skipped.
   */
  readonly onInvalid?: 'throw' | 'skip' | ((error: DataFileError) => void);
  /** Longest line accepted, in bytes (bounds memory). Default 1 MiB. */
  readonly maxLineBytes?: number;
  /** Number of records expected (defaults to the descriptor's `record_count`). */
  readonly expectedRecords?: number;
  /**
   * Lowercase hex SHA-256 of the bytes as served (defaults to the descriptor's `sha256`),
   * computed while streaming and checked at the end. `false` skips the check.
   */
  readonly expectedSha256?: string | false;
}

const KNOWN_KINDS = new Set<string>(DATA_RECORD_KINDS);
const decoder = new TextDecoder('utf-8', { fatal: true });

function compressionOf(options: ReadDataFileOptions): DataFileCompression {
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

/**
 * Reads a posted data file record by record, in bounded memory.
 *
 * @example
 * ```ts
 * for await (const record of readDataFile(await fetchDataFile(event.file, { apiKey, baseUrl }), { file: event.file })) {
 *   if (record.kind === 'history_entry' && record.op === 'upsert') await db.saveHistory(record.key, record.data);
 * }
 * ```
 * @param source A fetch `Response`, a `ReadableStream<Uint8Array>`, bytes or a string.
 * Records are yielded as they stream: the record count and the checksum are known only at the
 * end, so treat what you read as provisional until the iteration completes (`applyDelta`
 * returns its new Map only then).
 *
 * @throws DataFileError a bad line (with its number, unless skipped), a line over the limit,
 *   a corrupt gzip stream, a record count or sha256 different from the announced ones.
 */
export async function* readDataFile(
  source: DataFileSource,
  options: ReadDataFileOptions = {},
): AsyncGenerator<DataFileRecord, void, undefined> {
  checkReadOptions(options);
  const format = options.file?.format;
  if (format !== undefined && !(DATA_FILE_FORMATS as readonly string[]).includes(format))
    throw new DataFileError('unsupported_format', `Unsupported data file format "${format}"`);
  const compression = compressionOf(options);
  const maxLineBytes = options.maxLineBytes ?? 1024 * 1024;
  const expected = options.expectedRecords ?? options.file?.record_count;
  const onInvalid = options.onInvalid ?? 'throw';
  const sha256 = options.expectedSha256 === false ? undefined : (options.expectedSha256 ?? options.file?.sha256);
  const digest = sha256 === undefined ? undefined : sha256Stream();
  const raw = toStream(source);
  const { stream, gzip } = await decoded(digest ? raw.pipeThrough(digest.stream) : raw, compression);

  let records = 0;
  const lines = splitLines(stream.getReader(), maxLineBytes);
  try {
    for (;;) {
      let next: IteratorResult<Line>;
      try {
        next = await lines.next();
      } catch (error) {
        if (error instanceof DataFileError || !gzip) throw error;
        throw new DataFileError('decompression_failed', 'The data file is not a complete gzip stream');
      }
      if (next.done) break;
      const record = lineToRecord(next.value, maxLineBytes);
      if (record === undefined) continue;
      records += 1;
      if (record instanceof DataFileError) {
        if (onInvalid === 'throw') throw record;
        if (typeof onInvalid === 'function') onInvalid(record);
        continue;
      }
      yield record;
    }
  } finally {
    // Also on early exit (break, throw): cancels the source.
    await lines.return(undefined);
  }
  if (digest && digest.hex() !== sha256?.toLowerCase())
    throw new DataFileError('checksum_mismatch', 'The data file bytes do not match the announced sha256');
  if (expected !== undefined && records !== expected)
    throw new DataFileError(
      'record_count_mismatch',
      `The data file holds ${records} records, ${expected} were announced (truncated or wrong file)`,
    );
}

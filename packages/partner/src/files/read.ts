/**
 * Streaming reader of posted data files: NDJSON (optionally gzip), one record per line,
 * validated against the schemas and yielded one at a time. Memory holds one chunk and one
 * line, whatever the file size.
 */
import type { DataFileDescriptor } from '@viewlink/schemas';
import type { DataFileError } from './errors.js';
import { atReadCall, ReadDeadline, streamWithin, totalTimeoutError } from './internal/read-deadline.js';
import { checkReadOptions } from './internal/read-options.js';
import { readRaw } from './internal/read-raw.js';
import { toStream } from './internal/source.js';
import type { DataFileCompression, DataFileRecord, DataFileSource } from './types.js';

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
  /**
   * Longest wait for the next bytes of a `Response` body, in ms; then the read ends with a
   * `DataFileError` (`interrupted`) whose `cause` is a `TimeoutError`. Default 30,000.
   */
  readonly idleTimeout?: number;
  /**
   * Longest time for the whole read, in ms: from the first record asked for to the last, the
   * time your loop spends on each record included. Past it the source is cancelled (a
   * `Response`'s connection closed) and the read throws `DataFileError` (`total_timeout`,
   * `records` delivered, `cause` a `TimeoutError`). It bounds a server that trickles bytes too
   * slowly for `idleTimeout` to notice. Default: none (a large file on a slow link is legitimate).
   */
  readonly totalTimeout?: number | undefined;
  /**
   * An uncompressed stream with no record count, checksum or `Content-Length` could have been
   * cut at a line boundary without anything showing it. `'throw'` (default) ends the read with
   * a `DataFileError` (`unverified_length`); `'accept'` takes it as complete; a function is told
   * (to log a warning) and the read ends normally.
   */
  readonly unverifiedLength?: 'throw' | 'accept' | ((message: string) => void);
}

/** The names of {@link ReadDataFileOptions} (the compiler keeps the list complete). */
export const READ_DATA_FILE_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  file: true,
  compression: true,
  onInvalid: true,
  maxLineBytes: true,
  expectedRecords: true,
  expectedSha256: true,
  idleTimeout: true,
  totalTimeout: true,
  unverifiedLength: true,
} satisfies { readonly [Name in keyof Required<ReadDataFileOptions>]: true });

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
 * returns its new Map only then). Without the descriptor, an uncompressed stream must show its
 * length (`Content-Length`) or the read ends with `unverified_length` (see `unverifiedLength`).
 * A `Response` body is read ahead of a slow loop (up to 64 MiB), so a server closing the
 * connection cannot crash Node's fetch (docs/decisions/partner.md); `client.files` also
 * resumes a broken download.
 *
 * @throws DataFileError a bad line (with its number, unless skipped), a line over the limit,
 *   a corrupt gzip stream, a record count or sha256 different from the announced ones, a body
 *   that broke off or stalled (`interrupted`, with `records` delivered and the network error as
 *   `cause`), the read past its `totalTimeout` or the body of a `client.files.fetch()` past its
 *   own (`total_timeout`, `records` delivered, `cause` a `TimeoutError`), an uncompressed stream
 *   of unknown length (`unverified_length`).
 * @throws AbortError the signal of the `client.files.fetch()` or `fetchDataFile()` that returned
 *   the body fired (no record is delivered after it).
 */
/** The call an abort of the body's signal is named at: `readDataFile(): GET <url> was aborted`. */
const READ_CALL = 'readDataFile()';

export async function* readDataFile(
  source: DataFileSource,
  options: ReadDataFileOptions = {},
): AsyncGenerator<DataFileRecord, void, undefined> {
  checkReadOptions(options, READ_DATA_FILE_OPTION_NAMES, READ_CALL);
  const raw = toStream(source, options.idleTimeout ?? 30_000);
  const bound = options.totalTimeout;
  if (bound === undefined) {
    try {
      yield* readRaw(raw, options, { records: 0, offset: 0 });
    } catch (error) {
      throw atReadCall(error, READ_CALL);
    } finally {
      raw.ended?.();
    }
    return;
  }
  const progress = { records: 0, offset: 0 };
  const deadline = new ReadDeadline({
    ms: bound,
    url: raw.url ?? 'data file',
    what: 'read',
    error: (timeout) =>
      totalTimeoutError(
        bound,
        progress.records,
        'read the file again (client.files.read() continues from a checkpoint)',
        timeout,
      ),
  });
  try {
    const stopped = () => deadline.expired ?? raw.stopped?.();
    yield* readRaw({ ...raw, stream: streamWithin(raw.stream, deadline, false), stopped }, options, progress);
  } catch (error) {
    throw atReadCall(error, READ_CALL);
  } finally {
    // However the read ends (done, an error, an early `break`): no timer or listener left.
    deadline.clear();
    raw.ended?.();
  }
}

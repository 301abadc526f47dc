/** Typed data-file errors. Messages name the line, never its content (personal data). */
import { ViewlinkError } from '@viewlink/transport';

/** Why reading a data file failed. */
export type DataFileErrorReason =
  /** A line is not JSON, not a record envelope, or its `data` does not match its kind. */
  | 'invalid_line'
  /** A line is longer than `maxLineBytes` (memory bound). */
  | 'line_too_long'
  /** The file holds a different number of records than announced (e.g. truncated). */
  | 'record_count_mismatch'
  /** The bytes do not match the announced `sha256`. */
  | 'checksum_mismatch'
  /** The gzip stream is corrupt or truncated. */
  | 'decompression_failed'
  /** The announced format or compression is not one this SDK reads. */
  | 'unsupported_format'
  /** The source `Response` is not a 2xx, or has no body. */
  | 'bad_response'
  /** The download broke off or stalled and could not be resumed: `cause` is the `ConnectionError` or `TimeoutError`. */
  | 'interrupted'
  /** The server cannot continue the file from where it broke off (no range support, or the file changed). */
  | 'resume_failed'
  /**
   * The read did not finish within the `totalTimeout` of `client.files.read()` (a server
   * trickling bytes, a slow link or a slow loop): `cause` is a `TimeoutError`, `records` those
   * delivered; the checkpoint continues the file later.
   */
  | 'total_timeout'
  /** Nothing shows the file is complete (no record count, checksum, gzip trailer or Content-Length). */
  | 'unverified_length'
  /** A delta does not follow the last sequence applied: `missingSequence` names the first one missing. */
  | 'sequence_gap';

/** Reading a data file failed; `line` is the 1-based physical line when it concerns one. */
export class DataFileError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/partner:DataFileError';
  override name = 'DataFileError';
  /** What failed. */
  readonly reason: DataFileErrorReason;
  /** 1-based line number, when the error concerns one line. */
  readonly line: number | undefined;
  /** Field problems of an `invalid_line` (paths and expectations, never values). */
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
  /**
   * Records delivered (yielded) before the failure, when reading had started: what a sync job
   * already holds of this file (`interrupted`, `resume_failed`, `total_timeout`, and the end-of-file checks).
   */
  readonly records: number | undefined;
  /** For `sequence_gap`: the first sequence missing between the last applied and the delta. */
  readonly missingSequence: number | undefined;

  constructor(
    reason: DataFileErrorReason,
    message: string,
    details: {
      line?: number | undefined;
      issues?: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
      records?: number | undefined;
      missingSequence?: number | undefined;
      cause?: unknown;
    } = {},
  ) {
    super(
      details.line === undefined ? message : `Line ${details.line}: ${message}`,
      'data_file_error',
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.reason = reason;
    this.line = details.line;
    this.issues = details.issues ?? [];
    this.records = details.records;
    this.missingSequence = details.missingSequence;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      reason: this.reason,
      line: this.line,
      records: this.records,
      missingSequence: this.missingSequence,
      issues: this.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    };
  }
}

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
  | 'bad_response';

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

  constructor(
    reason: DataFileErrorReason,
    message: string,
    details: {
      line?: number | undefined;
      issues?: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
    } = {},
  ) {
    super(details.line === undefined ? message : `Line ${details.line}: ${message}`, 'data_file_error');
    this.reason = reason;
    this.line = details.line;
    this.issues = details.issues ?? [];
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      reason: this.reason,
      line: this.line,
      issues: this.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    };
  }
}

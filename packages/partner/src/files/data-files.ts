/**
 * `client.files`: posted data files read through the client's pipeline (`GET /v1/files/{file_id}`
 * from the route table, the API Key and base URL of the client, its timeouts and retries), with
 * downloads continued after a reset or stall (`Range` + `If-Range`), checkpoints a sync job can
 * resume from later, and delta files checked against the last sequence applied.
 */
import type { DataFileDescriptor } from '@viewlink/schemas';
import {
  type AuthStrategy,
  atCallSite,
  type Issue,
  type RetryPolicy,
  requireSecureBaseUrl,
  type Transport,
  unknownOptionIssues,
  ValidationError,
} from '@viewlink/transport';
import type { PartnerRoutes } from '../internal/call.js';
import { planDelta } from './delta.js';
import { DataFileError } from './errors.js';
import { type DownloadTarget, downloadStream, ResumableDownload } from './internal/download.js';
import { atReadCall, ReadDeadline, totalTimeoutError } from './internal/read-deadline.js';
import { commonOptionIssues, readOptionIssues, requireOptionsObject } from './internal/read-options.js';
import { type ReadProgress, readRaw } from './internal/read-raw.js';
import { pumpedResponse } from './internal/source.js';
import { READ_DATA_FILE_OPTION_NAMES, type ReadDataFileOptions } from './read.js';
import type { DataFileRecord } from './types.js';

/** What to read: a file event (InitialFilePosted, DeltaFilePosted, UserFilePosted), its `file` descriptor, or a file id. */
export type DataFileInput =
  | string
  | DataFileDescriptor
  | {
      readonly file: DataFileDescriptor;
      readonly type?: string;
      readonly sequence?: number;
      readonly base_sequence?: number;
    };

/**
 * Where a read of a file stood: store it with the records you committed, and pass it as
 * `resumeFrom` to continue the same file later (another process, after a crash) without
 * delivering a record twice.
 */
export interface DataFileCheckpoint {
  /** The file's id (`file.id` of the event). */
  readonly fileId: string;
  /** The file's validator (its `ETag` or `Last-Modified`): a later resume refuses a changed file. */
  readonly validator: string | undefined;
  /**
   * Byte of the file as served to continue at: past the last record counted for an uncompressed
   * file; 0 for a gzip file, whose decompressor state cannot be stored (it is read again from
   * the start and its first `records` records are skipped, not delivered).
   */
  readonly offset: number;
  /** Records counted so far (delivered, or skipped as invalid with `onInvalid`). */
  readonly records: number;
}

/** Options of {@link DataFiles.read}. */
export interface ReadFileOptions extends Omit<ReadDataFileOptions, 'file'> {
  /** Cancels the download; the read then throws an `AbortError`, before the next record. */
  readonly signal?: AbortSignal | undefined;
  /** Per-attempt timeout to the response headers, in ms. Default: the client's `timeout`. */
  readonly timeout?: number | undefined;
  /** Retries of each request (429/503 with `Retry-After`, 5xx, faults before the headers). Default: the client's. */
  readonly retry?: RetryPolicy | number | false | undefined;
  /** Faults in the middle of the body continued with a `Range` request before giving up. Default 3. */
  readonly resumes?: number | undefined;
  /**
   * Longest time for the whole read, in ms: from the first request to the last record, across
   * continuations and the time your loop spends on each record. Past it the download is stopped
   * and the read throws `DataFileError` (`total_timeout`, `records` delivered, `cause` a
   * `TimeoutError`); `reader.checkpoint` continues the file later. It bounds a server that
   * trickles bytes too slowly for `idleTimeout` to notice. Default: none (a large file on a slow
   * link is legitimate; the client's `totalTimeout` bounds each request up to its headers only).
   */
  readonly totalTimeout?: number | undefined;
  /**
   * Bytes read ahead of your loop, in bytes. Past it the connection is closed and continued
   * later with `Range` (never leaving Node's parser paused). Default 4 MiB.
   */
  readonly readAheadBytes?: number | undefined;
  /** A checkpoint of an earlier read of this file: continue from there. */
  readonly resumeFrom?: DataFileCheckpoint | undefined;
  /**
   * For a DeltaFilePosted event: the sequence of the last file you applied. A delta that does
   * not follow it throws `DataFileError` (`sequence_gap`, naming the missing sequence) before
   * anything is downloaded; one already applied yields no record.
   */
  readonly appliedSequence?: number | undefined;
}

/** Options of {@link DataFiles.fetch}. */
export interface FetchFileOptions {
  /** Cancels the download, the read of the body included: `readDataFile` then throws `AbortError`. */
  readonly signal?: AbortSignal | undefined;
  /** Per-attempt timeout to the response headers, in ms. Default: the client's `timeout`. */
  readonly timeout?: number | undefined;
  /** Longest wait for the next body bytes, in ms. Default 30,000. */
  readonly idleTimeout?: number | undefined;
  /** Retries of the request. Default: the client's. */
  readonly retry?: RetryPolicy | number | false | undefined;
  /**
   * Longest time for the whole download, in ms: from the request (its retries included) to the
   * last byte of the body, however slowly you read it. Past it the request or the body is
   * stopped (the connection closed): the promise rejects, or the body errors, with a
   * `TimeoutError` (`readDataFile` of the body then throws `DataFileError` `total_timeout`). It
   * bounds a server that trickles bytes too slowly for `idleTimeout` to notice. Default: none,
   * as for `read()` (a large file on a slow link is legitimate; the client's `totalTimeout`
   * bounds the request up to its headers only).
   */
  readonly totalTimeout?: number | undefined;
}

/** How {@link DataFiles} sends: the client's route client, transport and API Key. */
interface DataFilesSettings {
  /** The client's route client: `GET /v1/files/{file_id}`. */
  readonly routes: PartnerRoutes;
  /** The client's transport: a direct `file.url` on the API's own origin. */
  readonly transport: Transport;
  /** The API Key as a per-call credential (the route and URLs on the API's origin). */
  readonly keyAuth: AuthStrategy;
  /** A transport without the API Key for another origin (a pre-signed storage URL). */
  readonly transportFor: (origin: string) => Transport;
  /** The API base URL. */
  readonly baseUrl: URL;
  /** How a method is named in errors, e.g. `client.files.read()`. */
  readonly caller: (method: 'read' | 'fetch') => string;
}

/** A file as far as the caller described it: an id alone, or the whole descriptor. */
type FileRef = Pick<DataFileDescriptor, 'id'> & Partial<DataFileDescriptor>;

const DEFAULT_RESUMES = 3;
const DEFAULT_READ_AHEAD = 4 * 1024 * 1024;
const DEFAULT_IDLE_MS = 30_000;

function descriptorOf(input: DataFileInput, caller: string): FileRef {
  if (typeof input === 'string') {
    if (input.trim() === '')
      throw new ValidationError(caller, [{ path: ['file'], message: 'must not be empty (a data file id)' }]);
    return { id: input };
  }
  const given = input as { file?: unknown; id?: unknown } | null;
  if (typeof given !== 'object' || given === null)
    throw new ValidationError(caller, [
      {
        path: ['file'],
        message: 'must be a file event, its `file` descriptor ({ id, format, compression, ... }) or a data file id',
      },
    ]);
  // A webhook event of another type has an `id` too, the event's: refused, not fetched as a file id.
  const event = given as { type?: unknown; eventType?: unknown; occurred_at?: unknown };
  if (given.file === undefined && typeof event.type === 'string' && ('occurred_at' in event || 'eventType' in event))
    throw new ValidationError(caller, [
      {
        path: ['file'],
        message: `must be a file event (InitialFilePosted, DeltaFilePosted, UserFilePosted), its \`file\` descriptor or a data file id; a ${typeof event.eventType === 'string' ? event.eventType : event.type} event announces no file`,
      },
    ]);
  const file = (given.file !== undefined ? given.file : given) as { id?: unknown } | null;
  if (typeof file !== 'object' || file === null || typeof file.id !== 'string' || file.id.trim() === '')
    throw new ValidationError(caller, [
      {
        path: given.file !== undefined ? ['file', 'id'] : ['id'],
        message: 'must be a data file id (a non-empty string)',
      },
    ]);
  return file as FileRef;
}

function isDescriptor(file: FileRef): file is DataFileDescriptor {
  return (
    typeof file.format === 'string' && typeof file.compression === 'string' && typeof file.record_count === 'number'
  );
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The names of {@link ReadFileOptions}: `readDataFile()`'s but `file`, and its own (the compiler keeps the list complete). */
export const READ_FILE_OPTION_NAMES = /* @__PURE__ */ [
  ...READ_DATA_FILE_OPTION_NAMES.filter((name) => name !== 'file'),
  ...Object.keys({
    signal: true,
    timeout: true,
    retry: true,
    resumes: true,
    readAheadBytes: true,
    resumeFrom: true,
    appliedSequence: true,
  } satisfies { readonly [Name in Exclude<keyof ReadFileOptions, keyof ReadDataFileOptions>]-?: true }),
];

/** The names of {@link FetchFileOptions} (the compiler keeps the list complete). */
const FETCH_FILE_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  signal: true,
  timeout: true,
  idleTimeout: true,
  retry: true,
  totalTimeout: true,
} satisfies { readonly [Name in keyof Required<FetchFileOptions>]: true });

function checkFileOptions(options: ReadFileOptions, caller: string): void {
  requireOptionsObject(options, caller);
  const issues: Issue[] = [...readOptionIssues(options), ...unknownOptionIssues(options, READ_FILE_OPTION_NAMES)];
  if (options.resumes !== undefined && !isCount(options.resumes))
    issues.push({ path: ['resumes'], message: 'must be a non-negative integer' });
  if (options.readAheadBytes !== undefined && (!isCount(options.readAheadBytes) || options.readAheadBytes < 1))
    issues.push({ path: ['readAheadBytes'], message: 'must be a positive integer' });
  if (options.appliedSequence !== undefined && !isCount(options.appliedSequence))
    issues.push({ path: ['appliedSequence'], message: 'must be a non-negative integer' });
  const from = options.resumeFrom as Partial<DataFileCheckpoint> | null | undefined;
  if (from !== undefined) {
    if (typeof from !== 'object' || from === null)
      issues.push({ path: ['resumeFrom'], message: 'must be a checkpoint from reader.checkpoint' });
    else {
      if (typeof from.fileId !== 'string') issues.push({ path: ['resumeFrom', 'fileId'], message: 'must be a string' });
      if (!isCount(from.offset))
        issues.push({ path: ['resumeFrom', 'offset'], message: 'must be a non-negative integer' });
      if (!isCount(from.records))
        issues.push({ path: ['resumeFrom', 'records'], message: 'must be a non-negative integer' });
      if (from.validator !== undefined && typeof from.validator !== 'string')
        issues.push({ path: ['resumeFrom', 'validator'], message: 'must be a string' });
    }
  }
  if (issues.length > 0) throw new ValidationError(caller, issues);
}

/** The request of a file: the route `GET /v1/files/{file_id}`, or the event's direct `url`. */
function targetOf(file: FileRef, settings: DataFilesSettings, callSite: string): DownloadTarget {
  const base = settings.baseUrl;
  const redactor = settings.transport.redactor;
  if (file.url !== undefined) {
    const url = requireSecureBaseUrl(file.url, 'file.url', { allowSignedQuery: true });
    // Query strings of pre-signed URLs are credentials: errors show origin and path only.
    const shown = `${url.origin}${url.pathname}`;
    const own = url.origin === base.origin;
    const transport = own ? settings.transport : settings.transportFor(url.origin);
    const prefix = own ? base.pathname.replace(/\/$/, '') : '';
    const path = `${url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname}${url.search}`;
    // Each value of the query scrubbed from this request's errors and log lines too: a pre-signed
    // URL's query is its credential, under names no rule of secret-looking names can list.
    const secrets = [...url.searchParams.values()];
    return {
      shown,
      redactor,
      callSite,
      send: async (call) =>
        (
          await transport.request<Response>({
            method: 'GET',
            path,
            ...call,
            callSite,
            secrets,
            responseType: 'response',
            // The API Key only on the API's own origin.
            ...(own ? { auth: settings.keyAuth } : {}),
          })
        ).data,
    };
  }
  const request = settings.routes.prepare('GET /v1/files/{file_id}', { params: { file_id: file.id } });
  return {
    shown: `${base.origin}${base.pathname.replace(/\/$/, '')}${request.path}`,
    redactor,
    callSite,
    send: async (call) =>
      (await settings.routes.send(request, { ...call, callSite, responseType: 'response', auth: settings.keyAuth }))
        .data,
  };
}

/**
 * One read of a data file: iterate it for the records; `checkpoint` says where it stands at any
 * moment (store it with what you committed), `continuations` how many extra requests it took.
 */
export class DataFileReader implements AsyncIterable<DataFileRecord> {
  readonly #file: FileRef;
  readonly #options: ReadFileOptions;
  readonly #settings: DataFilesSettings;
  readonly #progress: ReadProgress;
  readonly #alreadyApplied: boolean;
  #download: ResumableDownload | undefined;
  #started = false;

  /** @internal Made by {@link DataFiles.read}. */
  constructor(file: FileRef, options: ReadFileOptions, settings: DataFilesSettings, alreadyApplied = false) {
    this.#file = file;
    this.#alreadyApplied = alreadyApplied;
    this.#options = options;
    this.#settings = settings;
    const from = options.resumeFrom;
    this.#progress = { records: from?.records ?? 0, offset: from?.offset ?? 0 };
  }

  /** Where the read stands: pass it as `resumeFrom` to continue this file later. */
  get checkpoint(): DataFileCheckpoint {
    return {
      fileId: this.#file.id,
      validator: this.#download?.validator ?? this.#options.resumeFrom?.validator,
      offset: this.#file.compression === 'none' ? this.#progress.offset : 0,
      records: this.#progress.records,
    };
  }

  /** True for a delta already applied (`appliedSequence` at or past its sequence): it yields no record. */
  get alreadyApplied(): boolean {
    return this.#alreadyApplied;
  }

  /** Records counted so far, those of the checkpoint it resumed from included. */
  get records(): number {
    return this.#progress.records;
  }

  /** Requests sent after the first one: continuations after faults and after read-ahead closes. */
  get continuations(): number {
    return this.#download?.continuations ?? 0;
  }

  [Symbol.asyncIterator](): AsyncIterator<DataFileRecord> {
    if (this.#started)
      throw new ValidationError(this.#settings.caller('read'), [
        { path: [], message: 'a reader is iterated once; call read() again (with resumeFrom: reader.checkpoint)' },
      ]);
    this.#started = true;
    return this.#records();
  }

  async *#records(): AsyncGenerator<DataFileRecord, void, undefined> {
    if (this.#alreadyApplied) return;
    const options = this.#options;
    const file = this.#file;
    const from = options.resumeFrom;
    if (from !== undefined && from.fileId !== file.id)
      throw new ValidationError(this.#settings.caller('read'), [
        { path: ['resumeFrom', 'fileId'], message: `is a checkpoint of another file (${from.fileId})` },
      ]);
    const continueAt = from !== undefined && file.compression === 'none' ? from.offset : 0;
    const target = targetOf(file, this.#settings, this.#settings.caller('read'));
    const download = new ResumableDownload(
      target,
      {
        signal: options.signal,
        timeout: options.timeout,
        retry: options.retry,
        idleTimeoutMs: options.idleTimeout ?? DEFAULT_IDLE_MS,
        resumes: options.resumes ?? DEFAULT_RESUMES,
        readAheadBytes: options.readAheadBytes ?? DEFAULT_READ_AHEAD,
        expectedBytes: file.byte_size,
      },
      { offset: continueAt, validator: from?.validator },
    );
    this.#download = download;
    const bound = options.totalTimeout;
    const deadline =
      bound === undefined
        ? undefined
        : new ReadDeadline({
            ms: bound,
            url: target.shown,
            callSite: target.callSite,
            what: 'read',
            error: (timeout) =>
              totalTimeoutError(
                bound,
                this.#progress.records,
                'continue later with resumeFrom: reader.checkpoint',
                timeout,
              ),
          });
    deadline?.onExpire((error) => download.expire(error));
    const raw = {
      stream: downloadStream(download),
      inMemory: false,
      contentLength: undefined,
      verified: () => download.complete,
      typesOwnFaults: true,
      // The deadline, or the caller's abort: no record is delivered past either.
      stopped: () => deadline?.expired ?? download.stopped,
    };
    // An id alone: no descriptor to check the bytes against (the length still is, by the download).
    const read = isDescriptor(file) ? { ...options, file } : options;
    try {
      // A gzip file read again counts its records from the start, skipping the ones delivered before.
      yield* readRaw(raw, read, this.#progress, {
        records: continueAt > 0 ? (from?.records ?? 0) : 0,
        offset: continueAt,
        skip: from !== undefined && continueAt === 0 ? from.records : 0,
      });
    } catch (error) {
      // An abort named at the call that read (`client.files.read(): GET <url> was aborted`).
      throw atReadCall(error, this.#settings.caller('read'));
    } finally {
      // However the read ends (done, an error, an early `break`): no timer, no open body left.
      deadline?.clear();
      await download.cancel();
    }
  }
}

/** Posted data files, on the client: `client.files`. */
export class DataFiles {
  readonly #settings: DataFilesSettings;

  /** @internal Made by `PartnerClient`. */
  constructor(settings: DataFilesSettings) {
    this.#settings = settings;
  }

  /**
   * Reads a posted file record by record, in bounded memory, continuing the download after a
   * reset or a stall. Nothing is sent until you iterate.
   *
   * @example
   * ```ts
   * const reader = client.files.read(event, { appliedSequence: held.sequence });
   * for await (const record of reader) {
   *   await db.apply(record);
   *   if (reader.records % 1000 === 0) await db.saveCheckpoint(reader.checkpoint);
   * }
   * ```
   * @param input The file event, or its `file` descriptor.
   * @throws ValidationError bad input or options (nothing sent).
   * @throws DataFileError (while iterating) `interrupted` or `resume_failed` with `records` delivered
   *   and the network error as `cause`, `total_timeout` past `totalTimeout` (`cause` a `TimeoutError`),
   *   `sequence_gap`, and every reason of `readDataFile`.
   * @throws NotFoundError, APIError (410 expired), AuthenticationError, ConnectionError, TimeoutError
   *   (while iterating) when the first request fails after its retries.
   */
  read(input: DataFileInput, options: ReadFileOptions = {}): DataFileReader {
    const caller = this.#settings.caller('read');
    const file = descriptorOf(input, caller);
    checkFileOptions(options, caller);
    const event = input as { sequence?: unknown; base_sequence?: unknown };
    if (
      options.appliedSequence !== undefined &&
      typeof event.sequence === 'number' &&
      typeof event.base_sequence === 'number'
    ) {
      const plan = planDelta(options.appliedSequence, { sequence: event.sequence, base_sequence: event.base_sequence });
      if (plan === 'gap') {
        const missing = options.appliedSequence + 1;
        throw new DataFileError(
          'sequence_gap',
          `Delta ${event.sequence} applies on top of sequence ${event.base_sequence}, but the last one applied is ${options.appliedSequence}: sequence ${missing} is missing (load a full snapshot, or apply it first)`,
          { missingSequence: missing },
        );
      }
      // A redelivery or an older delta: nothing to download, nothing to apply.
      if (plan === 'already_applied') return new DataFileReader(file, options, this.#settings, true);
    }
    return new DataFileReader(file, options, this.#settings);
  }

  /**
   * Downloads a posted file and resolves to its `Response`, its body already read ahead (see
   * docs/decisions/partner.md); read it with `readDataFile`. Not continued after a fault: prefer
   * {@link DataFiles.read}. With `totalTimeout`, the request and the whole body are bounded: the
   * promise rejects, or the body errors, with a `TimeoutError` once it passes.
   *
   * @example
   * ```ts
   * const response = await client.files.fetch(event, { totalTimeout: 10 * 60_000 });
   * for await (const record of readDataFile(response, { file: event.file })) await db.apply(record);
   * ```
   * @throws ValidationError bad input or options (nothing sent); NotFoundError, APIError,
   *   ConnectionError; TimeoutError when no headers came in time, or `totalTimeout` passed first.
   */
  async fetch(input: DataFileInput, options: FetchFileOptions = {}): Promise<Response> {
    const caller = this.#settings.caller('fetch');
    const file = descriptorOf(input, caller);
    requireOptionsObject(options, caller);
    const issues = [...commonOptionIssues(options), ...unknownOptionIssues(options, FETCH_FILE_OPTION_NAMES)];
    if (issues.length > 0) throw new ValidationError(caller, issues);
    const target = targetOf(file, this.#settings, caller);
    const bound = options.totalTimeout;
    const deadline =
      bound === undefined
        ? undefined
        : new ReadDeadline({ ms: bound, url: target.shown, callSite: caller, what: 'download' });
    let signal = options.signal;
    if (deadline) {
      // The deadline aborts the request in flight (retries and backoff included) as the caller's signal would.
      const requests = new AbortController();
      deadline.onExpire((error) => requests.abort(error));
      signal = signal ? AbortSignal.any([signal, requests.signal]) : requests.signal;
    }
    let response: Response;
    try {
      response = await target.send({
        headers: { accept: 'application/x-ndjson, application/gzip, */*' },
        signal,
        timeout: options.timeout,
        retry: options.retry,
      });
    } catch (error) {
      deadline?.clear();
      // Input refused named at this call; the request's own errors are led by it already (the target sends `callSite`).
      throw deadline?.expired ?? atCallSite(error, caller);
    }
    if (deadline?.expired) {
      await response.body?.cancel().catch(() => undefined);
      throw deadline.expired;
    }
    return pumpedResponse(response, options.idleTimeout ?? DEFAULT_IDLE_MS, target.shown, deadline, options.signal);
  }
}

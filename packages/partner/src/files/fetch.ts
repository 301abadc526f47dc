/**
 * The data-file functions for code without a `PartnerClient`: `fetchDataFile` and
 * `streamDataFile` take the API Key and base URL and run through the same pipeline as
 * `client.files` (`GET /v1/files/{file_id}` from the route table, or the event's direct `url`,
 * which gets the API Key only on the API's own origin: a pre-signed storage URL must never
 * receive it).
 */
import type { DataFileDescriptor } from '@viewlink/schemas';
import {
  ConfigurationError,
  configAtCallSite,
  createTransport,
  requireSecureBaseUrl,
  type TransportOptions,
  unknownOptionIssues,
  ValidationError,
} from '@viewlink/transport';
import { apiKeyAuth } from '../internal/api-key.js';
import { partnerRouteClient } from '../internal/call.js';
import { parsePartnerError } from '../internal/error-body.js';
import { type DataFileInput, DataFiles, READ_FILE_OPTION_NAMES, type ReadFileOptions } from './data-files.js';
import type { DataFileRecord } from './types.js';

/** Options of {@link fetchDataFile}. */
export interface FetchDataFileOptions {
  /** The partner API Key (server-side only). */
  readonly apiKey: string;
  /** API base URL; https, or http for loopback hosts only. */
  readonly baseUrl: string | URL;
  /** fetch to use. Default: the global fetch. */
  readonly fetch?: typeof globalThis.fetch;
  /** Aborts the download, the read of the body included: `readDataFile` then throws `AbortError`. */
  readonly signal?: AbortSignal;
  /** Per-attempt timeout to the response headers, in ms. Default 30,000. */
  readonly timeout?: number;
  /** Longest wait for the next bytes of the body, in ms (the read then fails). Default 30,000. */
  readonly idleTimeout?: number;
  /**
   * Longest time for the whole download, in ms: from the request to the last byte of the body
   * (as `client.files.fetch()`). Past it the promise rejects, or the body errors, with a
   * `TimeoutError`. Default: none.
   */
  readonly totalTimeout?: number;
}

/** The names of {@link FetchDataFileOptions} (the compiler keeps the list complete). */
const FETCH_DATA_FILE_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  apiKey: true,
  baseUrl: true,
  fetch: true,
  signal: true,
  timeout: true,
  idleTimeout: true,
  totalTimeout: true,
} satisfies { readonly [Name in keyof Required<FetchDataFileOptions>]: true });

/** The names of the options of {@link streamDataFile}: the client-less ones, then `client.files.read()`'s (the compiler keeps the list complete). */
const STREAM_DATA_FILE_OPTION_NAMES = /* @__PURE__ */ [
  ...Object.keys({ apiKey: true, baseUrl: true, fetch: true } satisfies {
    readonly [Name in Exclude<keyof (FetchDataFileOptions & ReadFileOptions), keyof ReadFileOptions>]-?: true;
  }),
  ...READ_FILE_OPTION_NAMES,
];

/**
 * The files API of a client-less caller: its own transports for this API Key and base URL.
 * Option names `name` does not take (`known`) are refused first, before anything is built: a
 * misspelt `apikey` is named as such, not reported as a missing API Key.
 */
function standaloneFiles(options: FetchDataFileOptions, name: string, known: readonly string[]): DataFiles {
  try {
    return buildStandaloneFiles(options, name, known);
  } catch (error) {
    // The transport's checks too (`fetchDataFile(): \`baseUrl\` must use https ...`): named at the call.
    throw configAtCallSite(error, `${name}()`);
  }
}

/** {@link standaloneFiles} unnamed: its ConfigurationErrors get the call in front there. */
function buildStandaloneFiles(options: FetchDataFileOptions, name: string, known: readonly string[]): DataFiles {
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError('options must be an object: { apiKey, baseUrl }');
  const unknown = unknownOptionIssues(options, known);
  if (unknown.length > 0) throw new ValidationError(`${name}()`, unknown);
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw new ConfigurationError('`fetch` must be a function');
  const { apiKey } = options;
  if (typeof apiKey !== 'string' || apiKey.trim() === '')
    throw new ConfigurationError(`\`apiKey\` is required to fetch a data file`);
  const base = requireSecureBaseUrl(options.baseUrl);
  const shared: TransportOptions = {
    baseUrl: base.toString().replace(/\/$/, ''),
    fetch: options.fetch,
    timeout: options.timeout,
    secrets: () => [apiKey],
    parseErrorBody: parsePartnerError,
    client: 'partner',
  };
  const transport = createTransport(shared);
  return new DataFiles({
    routes: partnerRouteClient(transport),
    transport,
    keyAuth: apiKeyAuth(apiKey),
    baseUrl: base,
    caller: () => `${name}()`,
    transportFor: (origin) => createTransport({ ...shared, baseUrl: origin }),
  });
}

/**
 * Downloads a posted data file and resolves to its `Response`, the body already read ahead (so
 * a server closing the connection cannot crash Node's fetch); read it with `readDataFile`.
 * Prefer `client.files.read()`, which also continues a download that broke off.
 * @param file The `file` of an InitialFilePosted / DeltaFilePosted / UserFilePosted event, or its id.
 * @throws ConfigurationError missing API Key, insecure base URL or file URL.
 * @throws APIError (its subclasses by status) for a non-2xx answer after retries (429/503 wait for
 *   `Retry-After`); ConnectionError when unreachable; TimeoutError when no headers came in time,
 *   or (the promise, or the body) when `totalTimeout` passed.
 * @throws ValidationError a bad file or option (nothing sent).
 */
export async function fetchDataFile(
  file: DataFileDescriptor | string,
  options: FetchDataFileOptions,
): Promise<Response> {
  return standaloneFiles(options, 'fetchDataFile', FETCH_DATA_FILE_OPTION_NAMES).fetch(file, {
    signal: options.signal,
    timeout: options.timeout,
    idleTimeout: options.idleTimeout,
    totalTimeout: options.totalTimeout,
  });
}

/**
 * Fetches and reads a posted file in one go: the records of `event.file`, validated, streamed,
 * the download continued after a reset or a stall (as `client.files.read()`).
 *
 * @example
 * ```ts
 * for await (const record of streamDataFile(event.file, { apiKey, baseUrl })) ...
 * ```
 */
export async function* streamDataFile(
  file: DataFileInput,
  options: FetchDataFileOptions & ReadFileOptions,
): AsyncGenerator<DataFileRecord, void, undefined> {
  const { apiKey: _key, baseUrl: _base, fetch: _fetch, ...read } = options;
  yield* standaloneFiles(options, 'streamDataFile', STREAM_DATA_FILE_OPTION_NAMES).read(file, read);
}

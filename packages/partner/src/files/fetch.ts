/**
 * Fetching a posted data file: `GET /v1/files/{file_id}` with the API Key, or the event's
 * direct `url`, which gets the API Key only when it is on the API's own origin (a pre-signed
 * storage URL must never receive it).
 */
import { bearerAuthorization, type DataFileDescriptor, PARTNER_AUTH } from '@viewlink/schemas';
import {
  apiErrorFor,
  ConfigurationError,
  ConnectionError,
  createRedactor,
  requireSecureBaseUrl,
  ValidationError,
} from '@viewlink/transport';
import { checkReadOptions } from './internal/read-options.js';
import { pumpedResponse } from './internal/source.js';
import { type ReadDataFileOptions, readDataFile } from './read.js';
import type { DataFileRecord } from './types.js';

/** Options of {@link fetchDataFile}. */
export interface FetchDataFileOptions {
  /** The partner API Key (server-side only). */
  readonly apiKey: string;
  /** API base URL; https, or http for loopback hosts only. */
  readonly baseUrl: string | URL;
  /** fetch to use. Default: the global fetch. */
  readonly fetch?: typeof globalThis.fetch;
  /** Aborts the download. */
  readonly signal?: AbortSignal;
  /** Longest wait for the next bytes of the body, in ms (the read then fails). Default 30,000. */
  readonly idleTimeout?: number;
}

function target(file: DataFileDescriptor | string, base: URL): { url: URL; withKey: boolean } {
  if (typeof file !== 'string' && (typeof file !== 'object' || file === null))
    throw new ValidationError('fetchDataFile() file', [
      { path: ['file'], message: "expected the event's `file` descriptor or a file id string" },
    ]);
  const id = typeof file === 'string' ? file : file.id;
  const direct = typeof file === 'string' ? undefined : file.url;
  if (direct !== undefined) {
    const url = requireSecureBaseUrl(direct, 'file.url', { allowSignedQuery: true });
    return { url, withKey: url.origin === base.origin };
  }
  if (typeof id !== 'string' || id.trim() === '')
    throw new ValidationError('fetchDataFile() file', [
      { path: typeof file === 'string' ? ['file'] : ['file', 'id'], message: 'a data file id is required' },
    ]);
  const prefix = base.pathname.endsWith('/') ? base.pathname.slice(0, -1) : base.pathname;
  return { url: new URL(`${prefix}/v1/files/${encodeURIComponent(id)}${base.search}`, base), withKey: true };
}

/**
 * Downloads a posted data file and resolves to the (unread) `Response`; read it with
 * {@link readDataFile}.
 * @param file The `file` of an InitialFilePosted / DeltaFilePosted / UserFilePosted event, or its id.
 * @throws ConfigurationError missing API Key, insecure base URL or file URL.
 * @throws APIError (its subclasses by status) for a non-2xx answer; ConnectionError when unreachable.
 */
export async function fetchDataFile(
  file: DataFileDescriptor | string,
  options: FetchDataFileOptions,
): Promise<Response> {
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError('fetchDataFile needs options: { apiKey, baseUrl }');
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw new ConfigurationError('`fetch` must be a function');
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '')
    throw new ConfigurationError('`apiKey` is required to fetch a data file');
  const base = requireSecureBaseUrl(options.baseUrl);
  const { url, withKey } = target(file, base);
  const redact = createRedactor(() => [options.apiKey]);
  // Query strings of pre-signed URLs are credentials: errors show origin and path only.
  const shown = redact.url(`${url.origin}${url.pathname}`);
  const headers: Record<string, string> = { accept: 'application/x-ndjson, application/gzip' };
  if (withKey) headers[PARTNER_AUTH.header] = bearerAuthorization(options.apiKey);
  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(url, {
      headers,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ConnectionError(
      { method: 'GET', url: shown },
      redact.text(error instanceof Error ? error.message : 'failed'),
    );
  }
  if (!response.ok) {
    let code: string | undefined;
    let message: string | undefined;
    try {
      const body = (await response.json()) as { error?: { message?: unknown; code?: unknown } } | null;
      if (typeof body?.error?.code === 'string') code = body.error.code;
      if (typeof body?.error?.message === 'string') message = redact.text(body.error.message);
    } catch {
      // Not the JSON error body: the status says enough.
    }
    throw apiErrorFor({ status: response.status, method: 'GET', url: shown, code, message });
  }
  // Read ahead at once: a server closing the connection cannot crash Node's fetch (StreamedBody).
  return pumpedResponse(response, options.idleTimeout ?? 30_000, shown);
}

/**
 * Fetches and reads a posted file in one go: the records of `event.file`, validated, streamed.
 *
 * @example
 * ```ts
 * for await (const record of streamDataFile(event.file, { apiKey, baseUrl })) ...
 * ```
 */
export async function* streamDataFile(
  file: DataFileDescriptor,
  options: FetchDataFileOptions & Omit<ReadDataFileOptions, 'file'>,
): AsyncGenerator<DataFileRecord, void, undefined> {
  checkReadOptions(options);
  yield* readDataFile(await fetchDataFile(file, options), { ...options, file });
}

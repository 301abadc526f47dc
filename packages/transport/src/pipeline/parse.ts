/**
 * Parse: turns a response into the validated data or an error of the Viewlink tree. A non-2xx
 * status becomes its `APIError` subclass (errors/to-error.ts), the body is read as the request
 * asked (JSON, text, stream), JSON is parsed and checked against the schema as the validation
 * mode says. Batch sub-responses go through the same step ({@link parseResult}).
 */
import { httpError, type RedactingRequestInfo, toViewlinkError } from '../errors/to-error.js';
import {
  APIError,
  ConfigurationError,
  type RequestInfo,
  ResponseValidationError,
  ViewlinkError,
  withAttempts,
} from '../errors/tree.js';
import { BROWSER_BUILD } from '../internal/browser-build.js';
import { check, type StandardSchema } from '../validation/standard-schema.js';
import { readText } from './internal/send.js';
import type { CallOptions, PipelineSettings, Sent, TransportResponse } from './types.js';

/** An error body read as text: JSON when it parses, the text otherwise. */
function errorBodyOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Reads an error body not read yet (a `stream`, `none` or `response` request's) as
 * {@link errorBodyOf} does, under the body limit every other body has; `undefined` when it
 * cannot be read or is larger. Never throws.
 */
function readErrorBody(response: Response, info: RequestInfo): Promise<unknown> {
  return readText(response, info).then(errorBodyOf, () => undefined);
}

/** Parses a JSON body; an empty body is `undefined`, a broken one a {@link ResponseValidationError}. */
function parseJson(text: string, info: RequestInfo, response: Response): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const contentType = response.headers.get('content-type');
    throw new ResponseValidationError(
      info,
      response.status,
      [],
      `the body is not valid JSON (${contentType ?? 'no content type'}, ${text.length} bytes, possibly truncated)`,
    );
  }
}

/** The data of a 2xx body read as `text`: the text itself (`responseType: 'text'`), else its JSON validated. */
function dataOf<T>(
  settings: PipelineSettings,
  schema: StandardSchema<unknown, T> | undefined,
  options: CallOptions,
  info: RequestInfo,
  response: Response,
  text: string,
): T {
  if (options.responseType === 'text') return text as T;
  return validateData(settings, schema, parseJson(text, info, response), info, response.status);
}

/** A {@link TransportResponse}. */
class Received<T> implements TransportResponse<T> {
  readonly status: number;
  readonly headers: Headers;
  #requestId: string | null | undefined = null;
  /** The run's request info: private, it holds the request's redactor (and so its secrets). */
  readonly #info: RequestInfo;
  #request: RequestInfo | undefined;
  // `declare`: no class field, so only stream responses have a `body` key.
  declare readonly body?: ReadableStream<Uint8Array> | null;
  constructor(
    response: Response,
    info: RequestInfo,
    readonly data: T,
    body?: ReadableStream<Uint8Array> | null,
  ) {
    this.status = response.status;
    this.headers = response.headers;
    this.#info = info;
    if (body !== undefined) this.body = body;
  }

  /** The server's `x-request-id`, read from the headers on first use (most callers never ask). */
  get requestId(): string | undefined {
    if (this.#requestId === null) this.#requestId = this.headers.get('x-request-id') ?? undefined;
    return this.#requestId;
  }

  /** Method and redacted URL, redacted on first use (most callers never ask). */
  get request(): RequestInfo {
    this.#request ??= { method: this.#info.method, url: this.#info.url };
    return this.#request;
  }
}

/** Checks data against a schema as the validation mode says: throws (`strict`), logs (`warn`) or passes (`off`). */
function validateData<T>(
  settings: PipelineSettings,
  schema: StandardSchema<unknown, T> | undefined,
  data: unknown,
  info: RequestInfo,
  status = 200,
): T {
  if (!schema || settings.validation === 'off') return data as T;
  // Valid data (the hot path) straight from the schema; `check` builds the issues otherwise.
  const answer = schema['~standard'].validate(data);
  if (!(answer instanceof Promise) && answer.issues === undefined) return answer.value;
  const result = check(schema, data);
  if (result.ok) return result.value;
  // Keys of the server's body reach issue paths and messages: scrubbed like every server-supplied string.
  const redactor = (info as RedactingRequestInfo).redactor ?? settings.redactor;
  const issues = result.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'string' ? redactor.text(key) : key)),
    message: redactor.text(issue.message),
  }));
  const error = new ResponseValidationError(info, status, issues);
  if (settings.validation === 'strict') throw error;
  settings.logger?.warn?.(`viewlink: ${error.message}`);
  return data as T;
}

/** The API error a status and body map to (code, message and params read by the client's parser, redacted). */
function errorOf(
  settings: PipelineSettings,
  info: RequestInfo,
  status: number,
  headers: Headers,
  body: unknown,
): APIError {
  return httpError(info, status, headers, body, settings.parseError, settings.redactor);
}

/** Outcome of `transport.parseResult()`: the validated data, or the error the status (or the data) maps to. */
export type ParsedResult<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly error: APIError | ResponseValidationError };

/**
 * The parse step for a status and an already-read body, such as a batch sub-response: a 2xx
 * body validated against `schema`, any other status mapped to its API error. Never throws.
 */
export function parseResult<T>(
  settings: PipelineSettings,
  info: RequestInfo,
  status: number,
  headers: Headers,
  body: unknown,
  schema: StandardSchema<unknown, T> | undefined,
): ParsedResult<T> {
  if (status < 200 || status > 299) return { ok: false, error: errorOf(settings, info, status, headers, body) };
  try {
    return { ok: true, data: validateData(settings, schema, body, info, status) };
  } catch (error) {
    return { ok: false, error: error as ResponseValidationError };
  }
}

/**
 * Reads and validates the response of a request as `options.responseType` asks; throws the
 * mapped error for a non-2xx status. A 2xx body already read within its attempt (JSON, text) is
 * parsed without an await: the common case, answered synchronously. `began`: when the call began
 * (ms since epoch), for a retried status error's `; 3 attempts over 4.2 s`.
 */
export function parseResponse<T>(
  settings: PipelineSettings,
  sent: Sent,
  schema: StandardSchema<unknown, T> | undefined,
  options: CallOptions,
  info: RequestInfo,
  began: number,
): TransportResponse<T> | Promise<TransportResponse<T>> {
  const { response, text } = sent;
  if (!response.ok || text === undefined) return parseUnread(settings, sent, options, info, began);
  try {
    return new Received(response, info, dataOf(settings, schema, options, info, response, text));
  } catch (error) {
    throw toViewlinkError(error, info, settings.redactor, options);
  } finally {
    clearTimeout(sent.timer);
  }
}

/**
 * {@link parseResponse} of an error response, or of a body the send stage leaves unread (it reads
 * every other type within the attempt): `stream` (the body for the caller), `none`, `response`.
 */
async function parseUnread<T>(
  settings: PipelineSettings,
  sent: Sent,
  options: CallOptions,
  info: RequestInfo,
  began: number,
): Promise<TransportResponse<T>> {
  const { response, timer, text: read } = sent;
  const type = options.responseType;
  try {
    if (!response.ok)
      throw withAttempts(
        errorOf(
          settings,
          info,
          response.status,
          response.headers,
          read === undefined ? await readErrorBody(response, info) : errorBodyOf(read),
        ),
        sent.attempts ?? 1,
        Date.now() - began,
      );
    if (type === 'stream') {
      // React Native's fetch (whatwg-fetch over XMLHttpRequest) has no body stream: a typed error, not `body: undefined`.
      if (!BROWSER_BUILD && response.body === undefined)
        throw new ConfigurationError(
          `${options.callSite ?? `${info.method} ${info.url}`}: responseType 'stream' needs a fetch with body streams, and this one (React Native's) has none: use responseType 'response' and read the body with text()`,
        );
      return new Received(response, info, undefined as T, response.body);
    }
    return new Received(response, info, (type === 'response' ? response : undefined) as T);
  } catch (error) {
    const mapped = toViewlinkError(error, info, settings.redactor, options);
    // A refusal (4xx) is often expected and always the caller's to judge (a 404 probing for a
    // post, a refused refresh token the partner client heals): `warn`; the service failing, `error`.
    const refused = mapped instanceof APIError && response.status < 500;
    settings.logger?.[refused ? 'warn' : 'error']?.(
      `viewlink: ${mapped.message}`,
      failureFields(mapped, response.status),
    );
    throw mapped;
  } finally {
    // A stream's timer bounds the caller's body read; a failed one has nothing left to read.
    if (type !== 'stream' || !response.ok || response.body === undefined) clearTimeout(timer);
  }
}

/**
 * The structured fields of a failure line: the status, the error's `code`, the call the user made
 * (`callSite`), and the server's request id when it sent one (what a support ticket quotes), for
 * log queries without parsing text.
 */
export function failureFields(error: unknown, status?: number): Record<string, unknown> {
  const fields: Record<string, unknown> = status === undefined ? {} : { status };
  if (error instanceof ViewlinkError) {
    fields.code = error.code;
    const { callSite } = error as { callSite?: unknown };
    if (typeof callSite === 'string') fields.callSite = callSite;
  }
  if (error instanceof APIError && error.requestId !== undefined) fields.requestId = error.requestId;
  return fields;
}

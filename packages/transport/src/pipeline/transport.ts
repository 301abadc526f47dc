/**
 * The HTTP core of the partner, CMS and web clients: a {@link Transport} holds a client's
 * checked settings and runs each request through the pipeline (src/pipeline/: prepare ->
 * authorize -> send -> parse; docs/architecture.md draws it).
 */

import type { ErrorBodyParser } from '../errors/to-error.js';
import { ConfigurationError, type RequestInfo } from '../errors/tree.js';
import { createRedactor, type Redactor } from '../secrets/redact.js';
import type { StandardSchema } from '../validation/standard-schema.js';
import { refuseUnknownClientOptions } from '../validation/unknown-options.js';
import { Pipeline } from './internal/run.js';
import { type ParsedResult, parseResult } from './parse.js';
import { type ResolvedRetryPolicy, resolveRetryPolicy, retryProblem } from './retry-policy.js';
import type { RouteSender } from './route-client.js';
import { isTimeout, TIMEOUT_PROBLEM } from './timeout-option.js';
import type { PipelineSettings, TransportOptions, ValidationMode } from './types.js';

const VALIDATION_MODES = new Set<ValidationMode>(['strict', 'warn', 'off']);

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!isTimeout(value)) throw new ConfigurationError(`\`${name}\` ${TIMEOUT_PROBLEM}`);
  return value;
}

const defaultErrorParser: ErrorBodyParser = (body) => {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const inner =
    typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : record;
  return {
    code: typeof inner.code === 'string' ? inner.code : undefined,
    message: typeof inner.message === 'string' ? inner.message : undefined,
  };
};

function checkAuth(auth: unknown): void {
  if (auth === undefined) return;
  const strategy = auth as { credential?: unknown; apply?: unknown; renew?: unknown } | null;
  if (
    typeof strategy !== 'object' ||
    strategy === null ||
    typeof strategy.credential !== 'function' ||
    typeof strategy.apply !== 'function' ||
    (strategy.renew !== undefined && typeof strategy.renew !== 'function')
  )
    throw new ConfigurationError('`auth` must be a strategy with credential() and apply() (and optionally renew())');
}

/** The names of {@link TransportOptions} (the compiler keeps the list complete). */
const TRANSPORT_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  baseUrl: true,
  fetch: true,
  timeout: true,
  totalTimeout: true,
  retry: true,
  logger: true,
  validation: true,
  headers: true,
  auth: true,
  secrets: true,
  parseErrorBody: true,
  client: true,
  pathParam: true,
} satisfies { readonly [Name in keyof Required<TransportOptions>]: true });

/** The checked settings of a transport's pipeline. */
function settingsOf(options: TransportOptions): PipelineSettings {
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError('createTransport() needs an options object: { baseUrl }');
  refuseUnknownClientOptions(options, TRANSPORT_OPTION_NAMES, 'createTransport()');
  const { baseUrl } = options as { readonly baseUrl: unknown };
  if (!(baseUrl instanceof URL) && (typeof baseUrl !== 'string' || baseUrl === ''))
    throw new ConfigurationError('`baseUrl` must be a URL string');
  // Called on every request or error: a value of another kind would fail there, not here.
  for (const name of ['headers', 'secrets', 'parseErrorBody'] as const)
    if (options[name] !== undefined && typeof options[name] !== 'function')
      throw new ConfigurationError(`\`${name}\` must be a function`);
  const timeoutMs = positive('timeout', options.timeout, 30_000);
  const totalTimeoutMs = positive('totalTimeout', options.totalTimeout, 120_000);
  const validation = options.validation ?? 'strict';
  if (!VALIDATION_MODES.has(validation)) {
    throw new ConfigurationError("`validation` must be 'strict', 'warn' or 'off'");
  }
  const retryIssue = retryProblem(options.retry);
  if (retryIssue !== undefined) throw new ConfigurationError(retryIssue);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigurationError('`fetch` must be a function');
  }
  const logger = options.logger as Record<string, unknown> | null | undefined;
  if (
    logger !== undefined &&
    (typeof logger !== 'object' ||
      logger === null ||
      ['debug', 'info', 'warn', 'error'].some(
        (level) => logger[level] !== undefined && typeof logger[level] !== 'function',
      ))
  )
    throw new ConfigurationError(
      '`logger` must be an object whose debug, info, warn and error (each optional) are functions',
    );
  if (options.pathParam !== undefined && (typeof options.pathParam !== 'string' || options.pathParam === ''))
    throw new ConfigurationError('`pathParam` must be a non-empty string');
  checkAuth(options.auth);
  const retry: ResolvedRetryPolicy = resolveRetryPolicy(options.retry);
  return {
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs,
    totalTimeoutMs,
    retry,
    validation,
    logger: options.logger,
    headers: options.headers,
    auth: options.auth,
    redactor: createRedactor(options.secrets),
    parseError: options.parseErrorBody ?? defaultErrorParser,
    client: options.client ?? 'transport',
    pathParam: options.pathParam,
  };
}

/**
 * The HTTP core: a client's checked settings, running each request through the pipeline
 * (`send`, `request`: run.ts). Build one with {@link createTransport}.
 */
export class Transport extends Pipeline implements RouteSender {
  /** Redactor holding this client's secrets; clients use it for their own messages. */
  readonly redactor: Redactor;

  constructor(options: TransportOptions) {
    const settings = settingsOf(options);
    super(settings);
    this.redactor = settings.redactor;
  }

  /**
   * The parse step for a status and an already-read body (a batch sub-response): the validated
   * data of a 2xx, or the error any other status (or invalid data) maps to. Never throws.
   */
  parseResult<T>(
    info: RequestInfo,
    status: number,
    headers: Headers,
    body: unknown,
    schema?: StandardSchema<unknown, T>,
  ): ParsedResult<T> {
    return parseResult(this.settings, info, status, headers, body, schema);
  }
}

/** Creates a transport; throws {@link ConfigurationError} on unusable options. */
export function createTransport(options: TransportOptions): Transport {
  return new Transport(options);
}

/**
 * `instrumentViewlink`: subscribes to the Viewlink TracingChannels and turns each traced
 * operation (request, attempt, retry, token renewal, webhook verification, batch chunk) into an
 * OpenTelemetry span, with redacted attributes only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import {
  type Attributes,
  type Context,
  context as otelContext,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import {
  APIError,
  type AttemptTrace,
  type BatchChunkTrace,
  ConfigurationError,
  REDACTED,
  type RequestTrace,
  type RetryTrace,
  refuseUnknownClientOptions,
  type TokenRenewalTrace,
  tracingSupported,
  VIEWLINK_CHANNELS,
  ViewlinkError,
  type WebhookVerificationTrace,
} from '@viewlink/transport';

/** Options of {@link instrumentViewlink}. */
export interface ViewlinkInstrumentationOptions {
  /** Where spans go; defaults to the globally registered provider (`trace.getTracerProvider()`). */
  readonly tracerProvider?: TracerProvider | undefined;
}

/** A running instrumentation; {@link ViewlinkInstrumentation.disable} unsubscribes it. */
export interface ViewlinkInstrumentation {
  /** Whether it still turns events into spans. */
  readonly enabled: boolean;
  /** Stops listening. Operations already started still end their spans. */
  disable(): void;
}

/** The instrumentation scope name spans are reported under. */
export const INSTRUMENTATION_NAME = '@viewlink/otel';

/** How one channel's contexts become a span. */
interface SpanRecipe<Message extends object> {
  readonly channel: string;
  readonly kind: SpanKind;
  name(message: Message): string;
  /** Attributes known when the operation starts. */
  startAttributes(message: Message): Attributes;
  /** Attributes known when it settles (status, counts, ids). */
  endAttributes?(message: Message): Attributes;
  /**
   * The `error.type` of an operation that settled without throwing but failed by its answer
   * (an HTTP client span's 4xx/5xx), or undefined.
   */
  answerErrorType?(message: Message): string | undefined;
}

/** `GET /v1/users/{userId}`, the HTTP client span name of the semantic conventions (`{method} {url.template}`). */
function httpName(method: string, route: string | undefined): string {
  return route === undefined ? method : `${method} ${route}`;
}

/**
 * `server.address`, `server.port` and `url.full` from an already redacted URL. A redacted value
 * reads `REDACTED` there, the semantic conventions' value for `url.full` (`[REDACTED]` in errors
 * and logs: brackets are not URL characters).
 */
function parseUrlAttributes(url: string): Attributes {
  try {
    const parsed = new URL(url);
    const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
    const full = url.replaceAll(REDACTED, 'REDACTED');
    return { 'url.full': full, 'server.address': parsed.hostname, 'server.port': port };
  } catch {
    return {};
  }
}

// Once per request: its attempts reuse them (reading `url` redacts it, parsing costs too).
const urlAttributesOf = new WeakMap<RequestTrace, Attributes>();
function urlAttributes(request: RequestTrace): Attributes {
  let attributes = urlAttributesOf.get(request);
  if (attributes === undefined) {
    attributes = parseUrlAttributes(request.url);
    urlAttributesOf.set(request, attributes);
  }
  return attributes;
}

function defined(attributes: Record<string, string | number | boolean | undefined>): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) out[key] = value;
  return out;
}

const requestRecipe: SpanRecipe<RequestTrace> = {
  channel: VIEWLINK_CHANNELS.request,
  kind: SpanKind.INTERNAL,
  name: (m) => `${m.client} ${httpName(m.method, m.route)}`,
  startAttributes: (m) => {
    // Written out rather than filtered: this runs for every request.
    const attributes: Attributes = {
      ...urlAttributes(m),
      'viewlink.client': m.client,
      'http.request.method': m.method,
    };
    if (m.route !== undefined) attributes['url.template'] = m.route;
    return attributes;
  },
  endAttributes: (m) => {
    const attributes: Attributes = { 'viewlink.retry_count': m.retryCount };
    if (m.status !== undefined) attributes['http.response.status_code'] = m.status;
    if (m.requestId !== undefined) attributes['viewlink.request_id'] = m.requestId;
    return attributes;
  },
};

const attemptRecipe: SpanRecipe<AttemptTrace> = {
  channel: VIEWLINK_CHANNELS.attempt,
  kind: SpanKind.CLIENT,
  name: (m) => httpName(m.request.method, m.request.route),
  startAttributes: (m) => {
    const attributes: Attributes = { ...urlAttributes(m.request), 'http.request.method': m.request.method };
    if (m.request.route !== undefined) attributes['url.template'] = m.request.route;
    // The semantic conventions set it on retries only (the ordinal of the resend).
    if (m.attempt > 1) attributes['http.request.resend_count'] = m.attempt - 1;
    return attributes;
  },
  endAttributes: (m) => (m.status === undefined ? {} : { 'http.response.status_code': m.status }),
  // The semantic conventions' HTTP client span: a 4xx or 5xx answer is an error even when the
  // call goes on (a 503 retried, a 401 renewed), so error-rate views count the failed attempt.
  answerErrorType: (m) => (m.status !== undefined && m.status >= 400 ? String(m.status) : undefined),
};

const retryRecipe: SpanRecipe<RetryTrace> = {
  channel: VIEWLINK_CHANNELS.retry,
  kind: SpanKind.INTERNAL,
  name: () => 'viewlink.retry',
  startAttributes: (m) => ({
    'viewlink.retry.attempt': m.attempt,
    'viewlink.retry.reason': m.reason,
    'viewlink.retry.delay_ms': m.delayMs,
  }),
};

const tokenRenewalRecipe: SpanRecipe<TokenRenewalTrace> = {
  channel: VIEWLINK_CHANNELS.tokenRenewal,
  kind: SpanKind.INTERNAL,
  name: () => 'viewlink.token_renewal',
  startAttributes: (m) => ({ 'viewlink.client': m.client, 'viewlink.token_renewal.trigger': m.trigger }),
};

const webhookRecipe: SpanRecipe<WebhookVerificationTrace> = {
  channel: VIEWLINK_CHANNELS.webhookVerification,
  kind: SpanKind.INTERNAL,
  name: () => 'viewlink.webhook.verify',
  startAttributes: (m) => ({ 'viewlink.webhook.scheme': m.scheme }),
  endAttributes: (m) =>
    defined({
      'viewlink.webhook.event_type': m.eventType,
      'viewlink.webhook.failure_reason': reasonOf(m.error),
    }),
};

const batchChunkRecipe: SpanRecipe<BatchChunkTrace> = {
  channel: VIEWLINK_CHANNELS.batchChunk,
  kind: SpanKind.INTERNAL,
  name: () => 'viewlink.batch.chunk',
  startAttributes: (m) => ({
    'viewlink.batch.chunk_index': m.chunk,
    'viewlink.batch.chunk_count': m.chunks,
    'viewlink.batch.size': m.size,
  }),
};

/** The `reason` field of a Viewlink error (webhook and data-file errors have one): a fixed code, never data. */
function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof ViewlinkError)) return undefined;
  const reason = (error as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** `error.type`: the HTTP status for API errors, the error's name otherwise (the semantic conventions' choice). */
function errorType(error: unknown): string {
  if (error instanceof APIError) return String(error.status);
  if (error instanceof Error) return error.name;
  return '_OTHER';
}

/**
 * Records a failure. A Viewlink error's message is redacted by construction, so it is kept; any
 * other error (a custom fetch's, a network stack's) may quote a URL or header, so only its name is.
 */
function recordFailure(span: Span, error: unknown): void {
  const type = errorType(error);
  span.setAttribute('error.type', type);
  if (error instanceof ViewlinkError) {
    // No `code` here: the API reports it as exception.type instead of the class name.
    span.recordException({ name: error.name, message: error.message });
    span.setAttribute('viewlink.error.code', error.code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  } else {
    span.recordException({ name: type, message: type });
    span.setStatus({ code: SpanStatusCode.ERROR, message: type });
  }
}

const RECIPES = [requestRecipe, attemptRecipe, retryRecipe, tokenRenewalRecipe, webhookRecipe, batchChunkRecipe];

/**
 * Why no span could ever be made here: the clients publish through
 * `process.getBuiltinModule('node:diagnostics_channel')`, and this runtime lacks it while it still
 * lets this package import `node:diagnostics_channel` (measured on workerd: `nodejs_compat` with a
 * compatibility date before 2024-09-23 has no global `process`).
 */
const NO_TRACING =
  'instrumentViewlink(): the Viewlink clients cannot publish tracing events in this runtime, so no span would ever be made: ' +
  "they need `process.getBuiltinModule('node:diagnostics_channel')` (Node >= 22.3, Deno, Bun). On Cloudflare Workers, " +
  'set the `nodejs_compat` flag with a `compatibility_date` of 2024-09-23 or later (a global `process`). A bundle built for ' +
  "browsers (the `browser` export condition) leaves the clients' tracing out as well: build server code for its runtime.";

/**
 * The running instrumentation, kept on `globalThis` under a registered symbol: the channels are
 * global by name, so a second subscriber (this package loaded again, as CJS beside ESM, or called
 * again per request) would make every span twice.
 */
const RUNNING = Symbol.for('@viewlink/otel:running-instrumentation');
interface Running {
  readonly provider: TracerProvider;
  readonly instrumentation: ViewlinkInstrumentation;
}
const registry = globalThis as { [RUNNING]?: Running };

/** The names of {@link ViewlinkInstrumentationOptions} (the compiler keeps the list complete). */
const INSTRUMENTATION_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  tracerProvider: true,
} satisfies { readonly [Name in keyof Required<ViewlinkInstrumentationOptions>]: true });

/**
 * Starts turning Viewlink tracing events into spans. Spans nest: attempts and retries under
 * their request, requests under a batch chunk or a token renewal that made them, and the
 * outermost under the context active when the call started (the application's own span).
 * Call it once, after the OpenTelemetry SDK is registered; `disable()` stops it. A second call
 * while it runs returns the running instrumentation for the same provider (a set-up repeated per
 * request traces once, not once per call) and throws for another provider.
 * @throws ConfigurationError for an unknown option, a `tracerProvider` without `getTracer()`, a
 *   second call for another provider while one runs, or
 *   a runtime where the clients cannot publish, so no span would ever be made (no
 *   `process.getBuiltinModule`: Node before 22.3, or Cloudflare Workers whose compatibility
 *   settings give no global `process`, e.g. `nodejs_compat` with a date before 2024-09-23).
 */
export function instrumentViewlink(options: ViewlinkInstrumentationOptions = {}): ViewlinkInstrumentation {
  // A misspelt `tracerprovider` would trace to the global provider without a word.
  refuseUnknownClientOptions(options, INSTRUMENTATION_OPTION_NAMES, 'instrumentViewlink()');
  const provider = options.tracerProvider ?? trace.getTracerProvider();
  if (typeof (provider as { getTracer?: unknown } | null)?.getTracer !== 'function')
    throw new ConfigurationError('instrumentViewlink(): `tracerProvider` must be a TracerProvider (with getTracer())');
  // Subscribing would succeed and nothing would ever arrive: say so at start-up instead.
  if (!tracingSupported) throw new ConfigurationError(NO_TRACING);
  const running = registry[RUNNING];
  if (running?.instrumentation.enabled) {
    // Called again for the same provider (a lazy set-up on every request): the one already running.
    if (running.provider === provider) return running.instrumentation;
    throw new ConfigurationError(
      'instrumentViewlink(): already running with another tracer provider, so every Viewlink span would be made twice: ' +
        'call disable() on the instrumentation the first call returned, then instrument again',
    );
  }
  const tracer = provider.getTracer(INSTRUMENTATION_NAME);
  // The innermost Viewlink span's context, carried through the traced call's async work (the
  // start channel's bound store), so nested operations find their parent without a context manager.
  const current = new AsyncLocalStorage<Context>();
  const spans = new WeakMap<object, Span>();
  const unsubscribers: (() => void)[] = [];

  const finish = (message: object, recipe: SpanRecipe<object>) => {
    const span = spans.get(message);
    if (span === undefined) return;
    spans.delete(message);
    if (recipe.endAttributes) span.setAttributes(recipe.endAttributes(message));
    const answerError =
      (message as { error?: unknown }).error === undefined ? recipe.answerErrorType?.(message) : undefined;
    if (answerError !== undefined) {
      // No description: the conventions leave it out when the status code explains the error.
      span.setAttribute('error.type', answerError);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };

  for (const recipe of RECIPES as SpanRecipe<object>[]) {
    const channel = diagnostics.tracingChannel(recipe.channel);
    const begin = (message: object): Context => {
      const parent = current.getStore() ?? otelContext.active();
      const span = tracer.startSpan(
        recipe.name(message),
        { kind: recipe.kind, attributes: recipe.startAttributes(message) },
        parent,
      );
      spans.set(message, span);
      return trace.setSpan(parent, span);
    };
    const handlers = {
      start: () => {},
      end: (message: object) => {
        // A synchronous throw: no asyncEnd follows.
        if ((message as { error?: unknown }).error !== undefined) finish(message, recipe);
      },
      asyncStart: () => {},
      asyncEnd: (message: object) => finish(message, recipe),
      error: (message: object) => {
        const span = spans.get(message);
        if (span !== undefined) recordFailure(span, (message as { error?: unknown }).error);
      },
    };
    channel.start.bindStore(current, begin);
    channel.subscribe(handlers);
    unsubscribers.push(() => {
      channel.unsubscribe(handlers);
      channel.start.unbindStore(current);
    });
  }

  let enabled = true;
  const instrumentation: ViewlinkInstrumentation = {
    get enabled() {
      return enabled;
    },
    disable() {
      if (!enabled) return;
      enabled = false;
      for (const unsubscribe of unsubscribers) unsubscribe();
      if (registry[RUNNING]?.instrumentation === instrumentation) delete registry[RUNNING];
    },
  };
  registry[RUNNING] = { provider, instrumentation };
  return instrumentation;
}

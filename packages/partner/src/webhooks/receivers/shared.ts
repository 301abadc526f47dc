/**
 * What both receivers share: transport policy, verification, parsing, deduplication and
 * dispatch to the per-event callbacks, producing a status and a small JSON body.
 */
import { KNOWN_WEBHOOK_EVENT_TYPES, type KnownWebhookEventType } from '@viewlink/schemas';
import { ConfigurationError, refuseUnknownClientOptions, ViewlinkError } from '@viewlink/transport';
import { createMemoryEventStore, type WebhookEventState, type WebhookEventStore } from '../dedupe.js';
import { WebhookBodyError, WebhookConfigError, WebhookVerificationError } from '../errors.js';
import type { UnknownWebhookEvent, WebhookEvent, WebhookEventOf } from '../parse.js';
import { VERIFY_OPTION_NAMES, type VerifyWebhookOptions, type WebhookInput, webhookVerifier } from '../verify.js';

/** Per-event callbacks, keyed by event type; each gets the narrowed event. */
export type WebhookCallbacks = {
  readonly [K in KnownWebhookEventType]?: (event: WebhookEventOf<K>) => unknown;
};

/** Options of `createWebhookHandler` and `createNodeWebhookHandler`. */
export interface WebhookHandlerOptions extends VerifyWebhookOptions {
  /** Callbacks per known event type. The response is 2xx only after the callback resolves. */
  readonly on?: WebhookCallbacks;
  /** Called for event types this SDK does not know yet. Default: acknowledged and ignored. */
  readonly onUnknown?: (event: UnknownWebhookEvent) => unknown;
  /**
   * Remembers handled event ids so a redelivery is acknowledged without calling back again.
   * Default: an in-memory store (72 h, 10,000 ids). `false` turns deduplication off.
   */
  readonly store?: WebhookEventStore | false;
  /**
   * The receiver sits behind a TLS-terminating proxy that sets `X-Forwarded-Proto`: plain http
   * is accepted when every value of that header is `https`. Only set it if your proxy
   * overwrites the header; otherwise a client could claim https itself.
   */
  readonly trustProxy?: boolean;
  /**
   * Accept plain http (local development and tests only). The spec requires SSL; this is
   * never on by default, not even for loopback (behind a proxy every request looks local).
   */
  readonly allowInsecureHttp?: boolean;
  /**
   * Told about every refused or failed delivery (verification, body, callback errors), with the
   * status answered. Errors from this SDK never carry the secret; callback errors are yours.
   */
  readonly onError?: (error: unknown, context: { readonly status: number }) => void;
}

/** A framework-neutral answer. */
export interface Outcome {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}

/** Prepared receiver logic. */
export interface Receiver {
  readonly maxBodyBytes: number;
  /** Outcome for a request that must be refused before its body is read, or undefined. */
  precheck(method: string | undefined, tls: boolean, forwardedProto: string | undefined): Outcome | undefined;
  /** Verifies, parses, deduplicates and dispatches one request. */
  handle(input: WebhookInput | Request): Promise<Outcome>;
  /** Turns an error into an outcome (and reports it). */
  fail(error: unknown): Outcome;
}

function errorBody(code: string, message: string, reason?: string): Record<string, unknown> {
  return { error: reason === undefined ? { code, message } : { code, reason, message } };
}

/** The names of {@link WebhookHandlerOptions} beside the verifier's (the compiler keeps the list complete). */
const HANDLER_OPTION_NAMES = /* @__PURE__ */ [
  ...VERIFY_OPTION_NAMES,
  ...Object.keys({
    on: true,
    onUnknown: true,
    store: true,
    trustProxy: true,
    allowInsecureHttp: true,
    onError: true,
  } satisfies { readonly [Name in Exclude<keyof WebhookHandlerOptions, keyof VerifyWebhookOptions>]-?: true }),
];

/**
 * Builds the shared receiver of `what` (`createWebhookHandler()`); throws ConfigurationError at
 * start-up, never per request: also for an option name, or an `on` event type, it does not know
 * (a callback under a misspelt type would never be called).
 */
export function createReceiver(options: WebhookHandlerOptions, what: string): Receiver {
  const verifier = webhookVerifier(options, HANDLER_OPTION_NAMES, what);
  if (options.on !== undefined) {
    refuseUnknownClientOptions(options.on, KNOWN_WEBHOOK_EVENT_TYPES, what, 'on');
    for (const [type, callback] of Object.entries(options.on))
      if (callback !== undefined && typeof callback !== 'function')
        throw new ConfigurationError(`${what}: \`on.${type}\` must be a function`);
  }
  // A callback that is not a function would fail at the first event it is meant for, or (onError) never say a word.
  for (const name of ['onUnknown', 'onError'] as const)
    if (options[name] !== undefined && typeof options[name] !== 'function')
      throw new ConfigurationError(`${what}: \`${name}\` must be a function`);
  const given = options.store as Partial<Record<keyof WebhookEventStore, unknown>> | false | null | undefined;
  if (
    given !== undefined &&
    given !== false &&
    (typeof given !== 'object' ||
      given === null ||
      [given.begin, given.complete, given.release].some((m) => typeof m !== 'function'))
  )
    throw new ConfigurationError(
      `${what}: \`store\` must be false or have begin(id), complete(id) and release(id) methods`,
    );
  const store = options.store === false ? undefined : (options.store ?? createMemoryEventStore());
  const callbacks = (options.on ?? {}) as Record<string, ((event: WebhookEvent) => unknown) | undefined>;

  const report = (error: unknown, status: number): void => {
    try {
      options.onError?.(error, { status });
    } catch {
      // A failing logger must not change the answer.
    }
  };

  /** A store failure before the callback ran: 500, so the service redelivers; the store's own code when it has one. */
  const storeFailed = (error: unknown): Outcome => {
    report(error, 500);
    const code = error instanceof ViewlinkError ? error.code : 'event_store_failed';
    return {
      status: 500,
      body: errorBody(code, 'The webhook event store failed before the handler ran; the delivery should be retried'),
    };
  };

  const fail = (error: unknown): Outcome => {
    if (error instanceof WebhookVerificationError) {
      report(error, 401);
      return { status: 401, body: errorBody(error.code, error.message, error.reason) };
    }
    if (error instanceof WebhookBodyError) {
      report(error, error.status);
      return { status: error.status, body: errorBody(error.code, error.message, error.reason) };
    }
    report(error, 500);
    const code = error instanceof ViewlinkError ? error.code : 'handler_failed';
    return { status: 500, body: errorBody(code, 'The webhook handler failed; the delivery should be retried') };
  };

  const dispatch = async (event: WebhookEvent): Promise<void> => {
    if (event.type === 'unknown') await options.onUnknown?.(event);
    else await callbacks[event.type]?.(event);
  };

  return {
    maxBodyBytes: verifier.maxBodyBytes,
    precheck(method, tls, forwardedProto) {
      if (method?.toUpperCase() !== 'POST')
        return {
          status: 405,
          body: errorBody('method_not_allowed', 'Webhooks are delivered with POST'),
          headers: { allow: 'POST' },
        };
      const proxied =
        options.trustProxy === true &&
        forwardedProto !== undefined &&
        forwardedProto.split(',').every((p) => p.trim().toLowerCase() === 'https');
      if (!tls && !proxied && options.allowInsecureHttp !== true) {
        const error = new WebhookConfigError('insecure_transport');
        report(error, error.status);
        return { status: error.status, body: errorBody(error.code, error.message) };
      }
      return undefined;
    },
    async handle(input) {
      let event: WebhookEvent;
      try {
        // verify(), not verifySignature() + parse: it publishes the webhook-verification span, as verifyWebhook() does.
        event = await verifier.verify(input);
      } catch (error) {
        return fail(error);
      }
      const id = event.id;
      let state: WebhookEventState = 'new';
      try {
        if (store && id) state = await store.begin(id);
      } catch (error) {
        return storeFailed(error);
      }
      if (state === 'done') return { status: 200, body: { received: true, duplicate: true } };
      if (state === 'processing')
        return {
          status: 409,
          body: errorBody('in_progress', 'This event is being handled by another delivery; retry later'),
          headers: { 'retry-after': '5' },
        };
      try {
        await dispatch(event);
      } catch (error) {
        // Called inside async functions: a store may throw synchronously (its methods need not return promises).
        if (store && id) await (async () => store.release(id))().catch(() => undefined);
        return fail(error);
      }
      // The callback succeeded: a store failure now is reported, not turned into a retry.
      if (store && id) await (async () => store.complete(id))().catch((error: unknown) => report(error, 200));
      return { status: 200, body: { received: true } };
    },
    fail,
  };
}

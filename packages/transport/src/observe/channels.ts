/**
 * Tracing events of every Viewlink client, published on `node:diagnostics_channel`
 * TracingChannels where the runtime has them (Node >= 22.3, Bun, Deno, workerd).
 *
 * The module is loaded through `process.getBuiltinModule`, never a static import, so browsers and
 * bundlers see no Node built-in; where it is missing every channel is inert (in the browser build,
 * src/internal/browser-build.ts, by construction: no lookup, no native channel). With no subscriber a
 * traced call is the untouched call: call sites test {@link TraceChannel.active} before building
 * a context, so nobody pays for an object or a closure they do not read.
 *
 * Contexts carry no secret: no header, no token, no key, no body; URLs are redacted.
 */

import { BROWSER_BUILD } from '../internal/browser-build.js';

/** Names of the TracingChannels (subscribe to `tracing:<name>:start`, `:end`, `:asyncStart`, `:asyncEnd`, `:error`). */
export const VIEWLINK_CHANNELS = {
  /** One client call: from the first attempt to the parsed, validated response (or error). */
  request: 'viewlink:request',
  /** One HTTP attempt (one `fetch`) of a request; a retried request has several. */
  attempt: 'viewlink:attempt',
  /** The wait before a retry (backoff or Retry-After). */
  retry: 'viewlink:retry',
  /** A credential renewal: a partner token pair renewed, or the browser SDK's token renewal after a 401. */
  tokenRenewal: 'viewlink:token-renewal',
  /** One webhook signature check. */
  webhookVerification: 'viewlink:webhook-verification',
  /** One chunk of a CMS batch (one `/batch/v1` request). */
  batchChunk: 'viewlink:batch-chunk',
} as const;

/** Which client published an event. */
export type ViewlinkClientName = 'partner' | 'cms' | 'web' | 'transport';

/** Fields `TracingChannel.tracePromise` adds to a context when the traced call settles. */
export interface TraceOutcome {
  /** The resolved value (set on `asyncStart`/`asyncEnd` after success). */
  result?: unknown;
  /** The thrown or rejected error (set on `error`, `asyncStart`, `asyncEnd` after failure). */
  error?: unknown;
}

/** Context of {@link VIEWLINK_CHANNELS.request}. The transport fills `status`, `requestId` and `retryCount` as it learns them. */
export interface RequestTrace extends TraceOutcome {
  /** The client the call came from. */
  readonly client: ViewlinkClientName;
  /** HTTP method. */
  readonly method: string;
  /** Route template, e.g. `/v1/users/{userId}/watchlist`; `undefined` for a raw path. */
  readonly route: string | undefined;
  /** The URL with credentials, tokens and keys stripped. */
  readonly url: string;
  /** HTTP status of the latest attempt's response; undefined when that attempt got no answer. */
  status: number | undefined;
  /** The `x-request-id` of the latest attempt's response, when the server sent one. */
  requestId: string | undefined;
  /**
   * How many times the request was sent again (0 for a first-time success): its retries, and the
   * replay after a token renewal.
   */
  retryCount: number;
}

/** Context of {@link VIEWLINK_CHANNELS.attempt}. */
export interface AttemptTrace extends TraceOutcome {
  /** The request this attempt belongs to (the same object the request channel carried). */
  readonly request: RequestTrace;
  /** 1 for the first attempt, 2 for the next (a retry, or the replay after a token renewal), ... */
  readonly attempt: number;
  /** HTTP status, once the response arrived. */
  status: number | undefined;
}

/** Context of {@link VIEWLINK_CHANNELS.retry}. */
export interface RetryTrace extends TraceOutcome {
  /** The request being retried. */
  readonly request: RequestTrace;
  /** The attempt that follows the wait (2 for the first retry of a request sent once). */
  readonly attempt: number;
  /** Why: `timeout`, `network`, or `HTTP <status>`. */
  readonly reason: string;
  /** How long the wait is, in ms. */
  readonly delayMs: number;
}

/** Context of {@link VIEWLINK_CHANNELS.tokenRenewal}. Never holds a token: only who renewed and why. */
export interface TokenRenewalTrace extends TraceOutcome {
  /** The client that renewed. */
  readonly client: ViewlinkClientName;
  /**
   * What started the renewal: a 401 answer, a token near expiry, an explicit call, a refresh
   * token the server refused (`refused`: a new pair is issued with the API Key instead), or no
   * pair stored for the user yet (`missing`: the first pair is issued with the API Key).
   */
  readonly trigger: 'unauthorized' | 'expiring' | 'explicit' | 'refused' | 'missing';
}

/** Context of {@link VIEWLINK_CHANNELS.webhookVerification}. Never holds a secret, a signature or the body. */
export interface WebhookVerificationTrace extends TraceOutcome {
  /** The signature scheme checked, e.g. `hmac-sha256`. */
  readonly scheme: string;
  /** The event type, once the body was read; `undefined` when verification failed first. */
  eventType: string | undefined;
}

/** Context of {@link VIEWLINK_CHANNELS.batchChunk}. */
export interface BatchChunkTrace extends TraceOutcome {
  /** 0-based index of this chunk. */
  readonly chunk: number;
  /** How many chunks the batch was split into. */
  readonly chunks: number;
  /** How many operations this chunk carries. */
  readonly size: number;
}

/** The part of `node:diagnostics_channel`'s TracingChannel this module uses. */
interface NativeTracingChannel {
  readonly start: { readonly hasSubscribers: boolean };
  readonly end: { readonly hasSubscribers: boolean };
  readonly asyncStart: { readonly hasSubscribers: boolean };
  readonly asyncEnd: { readonly hasSubscribers: boolean };
  readonly error: { readonly hasSubscribers: boolean };
  tracePromise<T>(fn: () => Promise<T>, context: object): Promise<T>;
}

interface DiagnosticsChannelModule {
  tracingChannel(name: string): NativeTracingChannel;
}

/**
 * `node:diagnostics_channel` without a static import: `process.getBuiltinModule` exists on Node
 * >= 22.3, Bun, Deno and workerd (checked: compatibility date 2026-11-01); browsers have no `process`, and a bundler
 * sees no specifier to resolve. `undefined` where any step is missing.
 */
function loadDiagnosticsChannel(): DiagnosticsChannelModule | undefined {
  // The browser build (src/internal/browser-build.ts): no browser has the module; nothing to look for.
  if (BROWSER_BUILD) return undefined;
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const module = proc?.getBuiltinModule?.('node:diagnostics_channel') as DiagnosticsChannelModule | undefined;
    return typeof module?.tracingChannel === 'function' ? module : undefined;
  } catch {
    return undefined;
  }
}

/** One traceable operation. Build contexts only when {@link TraceChannel.active} is true. */
export class TraceChannel<Context extends object> {
  /** The channel name, e.g. `viewlink:request`. */
  readonly name: string;
  readonly #native: NativeTracingChannel | undefined;

  /** @internal */
  constructor(name: string, native: NativeTracingChannel | undefined) {
    this.name = name;
    this.#native = native;
  }

  /**
   * Whether anyone listens. A getter over the sub-channels' own flags, which every runtime's
   * `diagnostics_channel` keeps (TracingChannel's own `hasSubscribers` is newer).
   */
  get active(): boolean {
    const native = this.#native;
    return (
      !BROWSER_BUILD &&
      native !== undefined &&
      (native.start.hasSubscribers ||
        native.end.hasSubscribers ||
        native.asyncStart.hasSubscribers ||
        native.asyncEnd.hasSubscribers ||
        native.error.hasSubscribers)
    );
  }

  /**
   * Runs `fn` as a traced call: `start`/`end` around its synchronous part, `asyncStart`/`asyncEnd`
   * when it settles, `error` when it fails. Without subscribers it returns `fn()` untouched.
   */
  trace<T>(context: Context, fn: () => Promise<T>): Promise<T> {
    const native = this.#native;
    return !BROWSER_BUILD && native !== undefined && this.active ? native.tracePromise(fn, context) : fn();
  }
}

const diagnostics = /* @__PURE__ */ loadDiagnosticsChannel();
// Each channel below names its channel as a literal (the same text as VIEWLINK_CHANNELS): a
// property read is not pure to a bundler, so `channel(VIEWLINK_CHANNELS.x)` kept every channel,
// used or not, in a browser bundle. observe-channels.test.ts checks that the names agree.
function channel<Context extends object>(name: string): TraceChannel<Context> {
  return new TraceChannel<Context>(name, diagnostics?.tracingChannel(name));
}

/** Whether this runtime can publish tracing events at all (it has `node:diagnostics_channel`). */
export const tracingSupported: boolean = diagnostics !== undefined;

/** The channel of whole client calls. */
export const requestChannel: TraceChannel<RequestTrace> = /* @__PURE__ */ channel('viewlink:request');
/** The channel of single HTTP attempts. */
export const attemptChannel: TraceChannel<AttemptTrace> = /* @__PURE__ */ channel('viewlink:attempt');
/** The channel of retry waits. */
export const retryChannel: TraceChannel<RetryTrace> = /* @__PURE__ */ channel('viewlink:retry');
/** The channel of credential renewals. */
export const tokenRenewalChannel: TraceChannel<TokenRenewalTrace> = /* @__PURE__ */ channel('viewlink:token-renewal');
/** The channel of webhook signature checks. */
export const webhookVerificationChannel: TraceChannel<WebhookVerificationTrace> = /* @__PURE__ */ channel(
  'viewlink:webhook-verification',
);
/** The channel of CMS batch chunks. */
export const batchChunkChannel: TraceChannel<BatchChunkTrace> = /* @__PURE__ */ channel('viewlink:batch-chunk');

/** Whether any channel a request publishes on (request, attempt, retry) has a subscriber: the one check on the hot path. */
export function requestObserved(): boolean {
  return requestChannel.active || attemptChannel.active || retryChannel.active;
}

/**
 * `@viewlink/otel`: OpenTelemetry spans for the Viewlink clients. It subscribes to the
 * `diagnostics_channel` TracingChannels every Viewlink client publishes on (see
 * `VIEWLINK_CHANNELS` in `@viewlink/transport`) and turns each traced operation into a span
 * through `@opentelemetry/api`, so any OpenTelemetry SDK set up by the application exports them.
 *
 * ```ts
 * import { instrumentViewlink } from '@viewlink/otel';
 * const instrumentation = instrumentViewlink(); // after the OpenTelemetry SDK is started
 * ```
 *
 * Attributes hold methods, route templates, statuses, counts, request ids and redacted URLs:
 * never a header, a token, a key, a password, a webhook secret or a body.
 * @packageDocumentation
 */
export type {
  AttemptTrace,
  BatchChunkTrace,
  RequestTrace,
  RetryTrace,
  TokenRenewalTrace,
  TraceOutcome,
  ViewlinkClientName,
  WebhookVerificationTrace,
} from '@viewlink/transport';
/** The channel names, re-exported for subscribers of their own (`diagnostics_channel.tracingChannel(name)`). */
export { VIEWLINK_CHANNELS } from '@viewlink/transport';
export {
  INSTRUMENTATION_NAME,
  instrumentViewlink,
  type ViewlinkInstrumentation,
  type ViewlinkInstrumentationOptions,
} from './instrument.js';

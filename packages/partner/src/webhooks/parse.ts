/**
 * Parses a verified webhook body into a discriminated union: one of the four known events,
 * or `{ type: 'unknown', eventType, payload }` for a type this SDK does not know yet.
 */
import {
  KNOWN_WEBHOOK_EVENT_TYPES,
  type KnownWebhookEvent,
  type KnownWebhookEventType,
  WEBHOOK_EVENT_SCHEMAS,
} from '@viewlink/schemas';
import { check, formatPath, type StandardSchema } from '@viewlink/transport';
import { WebhookBodyError } from './errors.js';
import { DEFAULT_MAX_BODY_BYTES, toBytes } from './internal/body.js';

/** An event of a type this SDK does not know: kept whole, never thrown. */
export interface UnknownWebhookEvent {
  /** Always `'unknown'`: switch on `type` and this is the default branch. */
  readonly type: 'unknown';
  /** The `type` the service sent. */
  readonly eventType: string;
  /** The event id when the body had a string `id` (used for deduplication). */
  readonly id: string | undefined;
  /** The whole parsed body. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** A parsed webhook event: narrow it with `switch (event.type)`. */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;

/** The known event of a given type, e.g. `WebhookEventOf<'DeltaFilePosted'>`. */
export type WebhookEventOf<T extends KnownWebhookEventType> = Extract<KnownWebhookEvent, { type: T }>;

const KNOWN = new Set<string>(KNOWN_WEBHOOK_EVENT_TYPES);
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Parses a webhook body (already verified) into a {@link WebhookEvent}.
 * Extra fields are kept; a known type with missing or malformed fields is refused.
 * @throws WebhookBodyError `invalid_json` (not UTF-8 JSON), `invalid_event` (not an event
 *   object, or a known type whose fields do not match), `too_large`, `not_raw`.
 */
export function parseWebhookEvent(
  body: string | Uint8Array | ArrayBuffer,
  options: { readonly maxBodyBytes?: number } = {},
): WebhookEvent {
  const bytes = toBytes(body, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    // The parser's message quotes the body: not repeated here.
    throw new WebhookBodyError('invalid_json', 'The webhook body is not valid UTF-8 JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new WebhookBodyError('invalid_event', 'The webhook body is not a JSON object');
  const payload = value as Record<string, unknown>;
  const type = payload.type;
  if (typeof type !== 'string' || type === '')
    throw new WebhookBodyError('invalid_event', 'The webhook body has no string `type`', [
      { path: ['type'], message: 'expected a non-empty string' },
    ]);
  if (!KNOWN.has(type) || !Object.hasOwn(WEBHOOK_EVENT_SCHEMAS, type)) {
    return { type: 'unknown', eventType: type, id: typeof payload.id === 'string' ? payload.id : undefined, payload };
  }
  const schema = WEBHOOK_EVENT_SCHEMAS[type as KnownWebhookEventType] as StandardSchema<unknown, KnownWebhookEvent>;
  const result = check(schema, payload);
  if (!result.ok) {
    // Every field named, with what it must be (never its value): `user_id is required; ...`.
    const problems = result.issues.map((i) => (i.path.length === 0 ? i.message : `${formatPath(i.path)} ${i.message}`));
    throw new WebhookBodyError('invalid_event', `Invalid ${type} event: ${problems.join('; ')}`, result.issues);
  }
  return result.value;
}

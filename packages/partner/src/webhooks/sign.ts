/**
 * Signing helpers for partners' own tests: build a webhook exactly as the service would send
 * it, so a receiver can be tested end to end without the real service.
 */
import type { DataFileDescriptor, KnownWebhookEventType } from '@viewlink/schemas';
import { ConfigurationError } from '@viewlink/transport';
import { hmac, hmacKey, toHex, utf8 } from './internal/crypto.js';
import type { WebhookEventOf } from './parse.js';
import type { WebhookSignatureScheme } from './verify.js';

/** Options of {@link signWebhookForTest}. */
export interface SignWebhookOptions {
  /** The secret the receiver is configured with. */
  readonly secret: string;
  /** Scheme the receiver uses. Default `'secret'`. */
  readonly scheme?: WebhookSignatureScheme;
  /** `hmac-sha256`: the signed time, in milliseconds. Default `Date.now()`. */
  readonly timestamp?: number;
}

/** A signed webhook: send `body` as-is with `headers`. */
export interface SignedWebhook {
  /** The raw body (JSON text). */
  readonly body: string;
  /** `content-type` and `signature`. */
  readonly headers: { readonly 'content-type': string; readonly signature: string };
}

/**
 * Signs a payload the way the service does. Objects are serialized with `JSON.stringify`;
 * strings are sent as given (to test odd bodies).
 *
 * @example
 * ```ts
 * const { body, headers } = await signWebhookForTest({ id: 'evt_1', type: 'UserDataRefreshCompleted', user_id: 'u1', occurred_at: new Date().toISOString() }, { secret });
 * await fetch('http://127.0.0.1:3000/webhooks', { method: 'POST', body, headers });
 * ```
 */
export async function signWebhookForTest(payload: unknown, options: SignWebhookOptions): Promise<SignedWebhook> {
  // Without it the header would read "undefined" and the receiver's 401 would hide the cause.
  if (typeof options?.secret !== 'string' || options.secret === '')
    throw new ConfigurationError('`secret` is required: the webhook secret the receiver under test is configured with');
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  let signature = options.secret;
  if (options.scheme === 'hmac-sha256') {
    const t = Math.floor((options.timestamp ?? Date.now()) / 1000);
    signature = `t=${t},v1=${toHex(await hmac(await hmacKey(options.secret), utf8(`${t}.${body}`)))}`;
  }
  const headers = { 'content-type': 'application/json', signature };
  return { body, headers };
}

/**
 * A signed webhook as a Web `Request`, ready for a handler from `createWebhookHandler`.
 * `options.url` is where it is "sent": default `https://localhost/webhooks` (https, as
 * receivers require).
 */
export async function createTestWebhookRequest(
  payload: unknown,
  options: SignWebhookOptions & { readonly url?: string },
): Promise<Request> {
  const { body, headers } = await signWebhookForTest(payload, options);
  return new Request(options.url ?? 'https://localhost/webhooks', { method: 'POST', body, headers });
}

/**
 * The fields of a known event `createTestWebhookEvent()` takes: any of the event's (each may be
 * `undefined`, to leave it out of a malformed test event), and extra ones.
 */
export type TestWebhookEventFields<T extends KnownWebhookEventType> = {
  readonly [Name in keyof Omit<WebhookEventOf<T>, 'type'>]?: WebhookEventOf<T>[Name] | undefined;
} & Readonly<Record<string, unknown>>;

/** A test data file descriptor: an empty NDJSON file with a fresh id. */
function testFile(): DataFileDescriptor {
  return { id: `file_test_${crypto.randomUUID()}`, format: 'ndjson', compression: 'none', record_count: 0 };
}

/** What each known type needs beyond `id`, `user_id` and `occurred_at`, as test values. */
function requiredTestFields(type: string): Record<string, unknown> {
  switch (type) {
    case 'InitialFilePosted':
    case 'UserFilePosted':
      return { file: testFile(), sequence: 1 };
    case 'DeltaFilePosted':
      return { file: testFile(), sequence: 2, base_sequence: 1 };
    case 'LinkedAccountBroken':
    case 'LinkedAccountRepaired':
      return { linked_account_id: 'la_test', service: 'streamflix' };
    case 'LinkedAccountDisconnected':
      return { linked_account_id: 'la_test', service: 'streamflix', keep_data: true };
    default:
      return {};
  }
}

/**
 * Builds a well-formed event for tests: `id`, `user_id` (`user_test`) and `occurred_at` filled,
 * and for a known type every field it requires (a file event gets an empty NDJSON `file`,
 * `sequence` 1, a delta `sequence` 2 after `base_sequence` 1; a linked-account event
 * `linked_account_id` `la_test` and `service` `streamflix`, a disconnect `keep_data: true`).
 * `fields` override them; a field passed as `undefined` is left out (a malformed event for a 400 test).
 *
 * @example
 * ```ts
 * const event = createTestWebhookEvent('DeltaFilePosted', { sequence: 8, base_sequence: 7 });
 * const response = await POST(await createTestWebhookRequest(event, { secret: 'test-secret' }));
 * ```
 */
export function createTestWebhookEvent<T extends KnownWebhookEventType>(
  type: T,
  fields?: TestWebhookEventFields<T>,
): WebhookEventOf<T>;
/** An event of a type this SDK does not know (what `onUnknown` receives), with the fields given. */
export function createTestWebhookEvent<T extends string>(
  type: T extends KnownWebhookEventType ? never : T,
  fields?: Readonly<Record<string, unknown>>,
): { id: string; type: T; user_id: string; occurred_at: string } & Record<string, unknown>;
export function createTestWebhookEvent(type: string, fields: Readonly<Record<string, unknown>> = {}): object {
  return {
    id: `evt_test_${crypto.randomUUID()}`,
    type,
    user_id: 'user_test',
    occurred_at: new Date().toISOString(),
    ...requiredTestFields(type),
    ...fields,
  };
}

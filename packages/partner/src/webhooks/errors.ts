/**
 * Typed webhook errors. Messages are fixed texts: they never carry the signature header, a
 * secret or the body (which may hold personal data).
 */
import { ViewlinkError } from '@viewlink/transport';

/** Why a webhook's signature was refused. */
export type WebhookVerificationReason =
  /** No `Signature` header. */
  | 'missing_signature'
  /** The header matches none of the configured secrets. */
  | 'invalid_signature'
  /** The header is not in the configured scheme's format (hmac: `t=...,v1=...`), or too long. */
  | 'malformed_signature'
  /** hmac scheme: the signed timestamp is outside the tolerance (replay protection). */
  | 'timestamp_out_of_tolerance';

const VERIFICATION_MESSAGES: Record<WebhookVerificationReason, string> = {
  missing_signature: 'The webhook request has no Signature header',
  invalid_signature: 'The webhook Signature header matches none of the configured secrets',
  malformed_signature: 'The webhook Signature header is not in the expected format',
  timestamp_out_of_tolerance: 'The webhook signature timestamp is outside the allowed tolerance',
};

/** The request is not proven to come from the service: answer 401. */
export class WebhookVerificationError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/partner:WebhookVerificationError';
  override name = 'WebhookVerificationError';
  /** What exactly failed. */
  readonly reason: WebhookVerificationReason;
  /** HTTP status a receiver answers with (401). */
  readonly status = 401;

  /** @param message A fixed text more precise than the reason's default (never a header, secret or body). */
  constructor(reason: WebhookVerificationReason, message: string = VERIFICATION_MESSAGES[reason]) {
    super(message, 'webhook_verification_failed');
    this.reason = reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason, status: this.status };
  }
}

/** Why a webhook body was refused. */
export type WebhookBodyReason =
  /** The body was handed over already parsed (an object): the raw bytes are needed. */
  | 'not_raw'
  /** Larger than `maxBodyBytes`. */
  | 'too_large'
  /** Not UTF-8 JSON. */
  | 'invalid_json'
  /** JSON, but not an event object, or a known event type with missing or wrong fields. */
  | 'invalid_event';

const BODY_STATUS: Record<WebhookBodyReason, number> = {
  not_raw: 500,
  too_large: 413,
  invalid_json: 400,
  invalid_event: 400,
};

/** The body cannot be verified or parsed. `status` is what a receiver answers. */
export class WebhookBodyError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/partner:WebhookBodyError';
  override name = 'WebhookBodyError';
  /** What exactly failed. */
  readonly reason: WebhookBodyReason;
  /** HTTP status a receiver answers with: 400, 413, or 500 for `not_raw` (a server setup mistake). */
  readonly status: number;
  /** Field problems of an `invalid_event` (paths and expectations, never values). */
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];

  constructor(
    reason: WebhookBodyReason,
    message: string,
    issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] = [],
  ) {
    super(message, 'webhook_invalid_body');
    this.reason = reason;
    this.status = BODY_STATUS[reason];
    this.issues = issues;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      reason: this.reason,
      status: this.status,
      issues: this.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    };
  }
}

/** Why a receiver's own settings refused a delivery. */
export type WebhookConfigReason =
  /** Plain http reached a receiver that accepts only https (no `allowInsecureHttp`, no trusted proxy saying https). */
  'insecure_transport';

const CONFIG_MESSAGES: Record<WebhookConfigReason, string> = {
  insecure_transport:
    'This webhook receiver accepts only https, and the request came over plain http. ' +
    'In local development set `allowInsecureHttp: true`; behind a TLS-terminating proxy that sets ' +
    'X-Forwarded-Proto: https, set `trustProxy: true`.',
};

/**
 * The receiver's settings refuse the delivery: a setup matter on your side, not a bad sender.
 * Reported through `onError`; the receiver answers `status` (403) with the message.
 */
export class WebhookConfigError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/partner:WebhookConfigError';
  override name = 'WebhookConfigError';
  /** What exactly is refused. */
  readonly reason: WebhookConfigReason;
  /** HTTP status a receiver answers with (403). */
  readonly status = 403;

  constructor(reason: WebhookConfigReason) {
    super(CONFIG_MESSAGES[reason], reason);
    this.reason = reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason, status: this.status };
  }
}

/** Explanation given when a framework parsed the body before verification could see it. */
export const RAW_BODY_HELP =
  'Webhook verification needs the raw request body exactly as sent, but it was already parsed into an object. ' +
  "In Express mount express.raw({ type: 'application/json' }) on the webhook route (or register the route before express.json()); " +
  'in a fetch-style handler pass `await request.text()` or the Request itself.';

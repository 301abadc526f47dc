/**
 * Outgoing webhooks of the fake: after a refresh completes it POSTs a UserDataRefreshCompleted
 * event to the registered URL, with the configured secret itself in the `Signature` header
 * (spec, Authentication item 5), or an HMAC of the body under the opt-in `hmac-sha256` scheme.
 * Deliveries are recorded so tests can await and inspect them.
 */
import { PartnerWebhookEvent } from '@viewlink/schemas';
import { deliveryFailure } from './internal/delivery-failure.js';

/** How the fake's `Signature` header is formed: the secret itself, or an HMAC of the body. */
export type WebhookScheme = 'secret' | 'hmac-sha256';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, as partners' HMAC receivers verify it. */
async function hmacSignature(secret: string, body: string, nowMs: number): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${t}.${body}`)));
  return `t=${t},v1=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** How much of a refusing receiver's answer a delivery keeps: enough for its error envelope. */
const ANSWER_LIMIT = 500;

/** `text` with the secret, should the receiver quote it, replaced. */
function redacted(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[secret]') : text;
}

/** One attempted delivery. */
export interface WebhookDelivery {
  /** The event as sent. */
  readonly event: PartnerWebhookEvent;
  /** Target URL, or undefined when no URL was registered (the event is kept, not sent). */
  readonly url: string | undefined;
  /** Receiver's HTTP status, once answered. */
  status?: number;
  /**
   * The receiver's answer when its status was not 2xx, the first 500 characters (the webhook
   * secret replaced): why it refused, e.g. `{"error":{"code":"insecure_transport",...}}` from a
   * receiver on plain http without `allowInsecureHttp`, or `invalid_signature` under another secret.
   */
  answer?: string;
  /**
   * Why the receiver could not be reached: the error and its network cause, e.g.
   * `fetch failed: ECONNREFUSED 127.0.0.1:3000` (never the webhook secret).
   */
  error?: string;
}

/** Options of {@link WebhookOutbox}. */
interface WebhookOutboxOptions {
  readonly url?: string | undefined;
  readonly secret?: string | undefined;
  /** How the secret signs (`secret`: sent as is; `hmac-sha256`: `t=..,v1=..`). Default `secret`. */
  readonly scheme?: WebhookScheme | undefined;
  /** Delay between a refresh being accepted and its webhook, in ms (real time). */
  readonly delayMs?: number | undefined;
  /** fetch used to deliver (default: the global fetch at delivery time, so msw sees it). */
  readonly fetch?: typeof globalThis.fetch | undefined;
}

/** Queues and delivers the fake's webhooks. */
export class WebhookOutbox {
  /** Registered receiver URL. */
  url: string | undefined;
  /** Signature secret; sent as-is in the `Signature` header when set (or HMAC-signed, see `scheme`). */
  secret: string | undefined;
  /** How `secret` signs each delivery. */
  scheme: WebhookScheme;
  /** Every delivery so far, oldest first. */
  readonly deliveries: WebhookDelivery[] = [];
  readonly #pending = new Set<Promise<void>>();
  readonly #delayMs: number;
  readonly #fetch: typeof globalThis.fetch | undefined;
  #sequence = 0;

  constructor(options: WebhookOutboxOptions = {}) {
    this.url = options.url;
    this.secret = options.secret;
    this.scheme = options.scheme ?? 'secret';
    this.#delayMs = options.delayMs ?? 20;
    this.#fetch = options.fetch;
  }

  /** A new event id. */
  nextId(): string {
    this.#sequence += 1;
    return `evt_${this.#sequence}_${crypto.randomUUID().slice(0, 8)}`;
  }

  /** Runs `build` after the delay, then delivers the event it returns. */
  schedule(build: () => Record<string, unknown>): void {
    const task = new Promise<void>((resolve) => setTimeout(resolve, this.#delayMs)).then(async () => {
      await this.deliver(PartnerWebhookEvent.parse(build()));
    });
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
  }

  /** Sends one event now. */
  async deliver(event: PartnerWebhookEvent): Promise<WebhookDelivery> {
    const delivery: WebhookDelivery = { event, url: this.url };
    this.deliveries.push(delivery);
    if (!this.url) return delivery;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'viewlink-mock' };
    const body = JSON.stringify(event);
    // Real time, not the fake's clock: the receiver checks the timestamp against its own clock.
    if (this.secret)
      headers.signature =
        this.scheme === 'hmac-sha256' ? await hmacSignature(this.secret, body, Date.now()) : this.secret;
    try {
      const response = await (this.#fetch ?? globalThis.fetch)(this.url, { method: 'POST', headers, body });
      delivery.status = response.status;
      if (response.ok) await response.body?.cancel().catch(() => undefined);
      else delivery.answer = redacted((await response.text().catch(() => '')).slice(0, ANSWER_LIMIT), this.secret);
    } catch (error) {
      delivery.error = deliveryFailure(error, this.secret);
    }
    return delivery;
  }

  /** Resolves once every scheduled delivery has been attempted. */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}

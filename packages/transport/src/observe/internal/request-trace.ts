/**
 * The request context the pipeline publishes (observe/channels.ts), built only when someone
 * listens (`requestObserved()`, channels.ts). The URL is redacted on first read, by the subscriber: redaction costs more than a
 * loopback round trip, and a subscriber may never read it.
 */
import type { RequestTrace, ViewlinkClientName } from '../channels.js';

/**
 * A {@link RequestTrace} whose `url` is read from the request's redacting info, and whose
 * `retryCount` is read from the one count of its attempts.
 */
export class RequestTraceContext implements RequestTrace {
  status: number | undefined = undefined;
  requestId: string | undefined = undefined;
  /** Attempts sent so far, across the runs of its sends (a replay after a renewal continues the count). */
  #attempts = 0;
  readonly #info: { readonly url: string };

  constructor(
    readonly client: ViewlinkClientName,
    readonly method: string,
    readonly route: string | undefined,
    info: { readonly url: string },
  ) {
    this.#info = info;
  }

  get url(): string {
    return this.#info.url;
  }

  /** How many times the request was sent again: every attempt after the first. */
  get retryCount(): number {
    return Math.max(this.#attempts - 1, 0);
  }

  /** Attempts sent so far (the next one is `attempts + 1`). */
  get attempts(): number {
    return this.#attempts;
  }

  /** Counts an attempt about to be sent; its number, 1 for the first. */
  attemptSent(): number {
    return ++this.#attempts;
  }
}

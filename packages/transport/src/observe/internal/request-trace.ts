/**
 * The request context the pipeline publishes (observe/channels.ts), built only when someone
 * listens. The URL is redacted on first read, by the subscriber: redaction costs more than a
 * loopback round trip, and a subscriber may never read it.
 */
import {
  attemptChannel,
  type RequestTrace,
  requestChannel,
  retryChannel,
  type ViewlinkClientName,
} from '../channels.js';

/** Whether any channel a request publishes on has a subscriber: the one check on the hot path. */
export function requestObserved(): boolean {
  return requestChannel.active || attemptChannel.active || retryChannel.active;
}

/** A {@link RequestTrace} whose `url` is read from the request's redacting info. */
export class RequestTraceContext implements RequestTrace {
  status: number | undefined = undefined;
  requestId: string | undefined = undefined;
  retryCount = 0;
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
}

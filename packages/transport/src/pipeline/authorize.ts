/**
 * Authorize: puts a credential on each attempt and, when the server answers 401, renews it and
 * replays the request once, all within the call's deadline. The only place of the SDK where a
 * 401 leads to a renewal: the partner (user tokens), web (the app's token pair) and CMS (auth
 * hooks) clients plug in an {@link AuthStrategy} instead of writing this loop themselves.
 */

import { isThenable } from '../async/thenable.js';
import type { RequestInfo } from '../errors/tree.js';
import type { Sent } from './internal/fetch-attempts.js';
import type { AuthStrategy, HeaderRecord, Logger } from './types.js';

export type { AuthStrategy } from './types.js';

/** Sends one request with the credential's headers: the send stage, as the authorize stage sees it. */
export interface AuthorizedSend {
  /** Sends with `credentials` merged into the headers; resolves with the final response, ok or not. */
  send(credentials: HeaderRecord | undefined): Promise<Sent>;
  /** False when the body cannot be sent twice (a stream): a 401 is then final. */
  readonly replayable: boolean;
}

/** What the authorize stage needs from the call. */
export interface AuthorizeContext {
  /**
   * Bounds an asynchronous strategy step (a credential read, a renewal) by the call's deadline
   * and the caller's signal (pipeline/internal/deadline.ts), rejecting as a timeout or an abort.
   */
  bound<T>(work: Promise<T>): Promise<T>;
  /** Receives a debug line when a renewal starts. */
  readonly logger: Logger | undefined;
  /** Method and (redacted) URL of the request, for that line. */
  readonly info: RequestInfo;
}

/**
 * An error of the strategy itself (a token store that failed, a refused renewal): the call
 * rejects with `original` as it is, not as a connection failure.
 */
export class StrategyFailure {
  /** @param original what the strategy threw or rejected with. */
  constructor(
    /** What the strategy threw or rejected with. */
    readonly original: unknown,
  ) {}
}

const fail = (error: unknown): never => {
  throw new StrategyFailure(error);
};

/**
 * One strategy step, the credential (or, given `rejected`, its renewal): a synchronous answer as
 * it is (no await on the hot path), an asynchronous one bounded by the call. The strategy's own
 * errors are marked {@link StrategyFailure}.
 */
function step<C>(strategy: AuthStrategy<C>, context: AuthorizeContext, rejected?: [C]): C | Promise<C> {
  let value: C | PromiseLike<C>;
  try {
    value = rejected && strategy.renew ? strategy.renew(rejected[0]) : strategy.credential();
  } catch (error) {
    return fail(error);
  }
  return isThenable(value) ? context.bound(Promise.resolve(value).catch(fail)) : value;
}

/**
 * Sends with the strategy's credential; after a 401, renews once (bounded by the call's
 * deadline) and replays. A second 401 is returned as it is (the parse stage turns it into
 * `AuthenticationError`) and the strategy is told.
 */
export async function authorize<C>(
  strategy: AuthStrategy<C>,
  attempt: AuthorizedSend,
  context: AuthorizeContext,
): Promise<Sent> {
  const pending = step(strategy, context);
  // Await only a credential that is really async (each await is a turn of the microtask queue).
  let credential = isThenable(pending) ? await pending : pending;
  for (let replayed = false; ; replayed = true) {
    const headers: HeaderRecord = {};
    strategy.apply(credential, headers);
    const sent = await attempt.send(headers);
    if (sent.response.status !== 401) return sent;
    if (replayed || !strategy.renew || !attempt.replayable) {
      strategy.refused?.(credential);
      return sent;
    }
    // The refused response is not read: free its connection and timer before renewing.
    clearTimeout(sent.timer);
    void sent.response.body?.cancel().catch(() => undefined);
    context.logger?.debug?.(`viewlink: renewing the credential after 401 from ${context.info.url}`);
    credential = await step(strategy, context, [credential]);
  }
}

/**
 * Authorize: puts a credential on each attempt and, when the server answers 401, renews it and
 * replays the request once, all within the call's deadline. The only place of the SDK where a
 * 401 leads to a renewal: the partner (user tokens), web (the app's token pair) and CMS (auth
 * hooks) clients plug in an {@link AuthStrategy} instead of writing this loop themselves.
 */
import type { Sent } from './internal/send.js';
import type { AuthStrategy, HeaderRecord, RenewalSender } from './types.js';

export type { AuthStrategy, RenewalSender } from './types.js';

/**
 * The one thenable check of the SDK (a credential, a header source or a token store may answer
 * either way). Duck-typed, not `instanceof Promise`: a promise of another realm, a query builder
 * or a promise under a patched global (zone.js) is async too.
 */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null | undefined)?.then === 'function';
}

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
  /**
   * Handed to {@link AuthStrategy.renew}: sends the renewal request as a step of this call (its
   * deadline, no second pipeline). Absent where the caller has no pipeline to lend (web).
   */
  readonly renewal?: RenewalSender | undefined;
  /** Wraps a renewal (the pipeline publishes it on the token-renewal channel). */
  renewing?<T>(renew: () => PromiseLike<T>): PromiseLike<T>;
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
    const renew = rejected && strategy.renew;
    if (!renew) value = strategy.credential(context.renewal);
    else {
      const renewed = () => renew.call(strategy, rejected[0], context.renewal);
      value = context.renewing ? context.renewing(renewed) : renewed();
    }
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
    credential = await step(strategy, context, [credential]);
  }
}

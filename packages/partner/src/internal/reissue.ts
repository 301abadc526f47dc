/**
 * Healing a renewal that cannot complete: when the server refuses the stored pair's refresh
 * token (spent by a renewal whose answer was lost, or by a renewer that died after the server
 * accepted it; revoked; expired), the client issues a new pair for the user with the API Key
 * instead of failing every later read. The caller holds the user's renewal lease (or the
 * process lock without a coordinator), so one new pair is issued however many reads wait.
 */
import {
  ConnectionError,
  type Logger,
  type RenewalSender,
  TokenRenewalError,
  tokenRenewalChannel,
} from '@viewlink/transport';
import type { TokenPair } from '../core/token-pair.js';

/** What a heal needs from the tokens resource. */
export interface ReissueSource {
  /** Issues a pair for `userId`; with `sender`, as a step of the call that got the 401 (`Tokens.issueWithin`). */
  issueWithin(userId: string, sender: RenewalSender | undefined): Promise<TokenPair>;
  /** Renews `pair`; with `sender`, as a step of the call that got the 401 (`Tokens.renewWithin`). */
  renewWithin(pair: TokenPair, sender: RenewalSender | undefined): Promise<TokenPair>;
  /** The service refused `pair`'s access token (a 401): never hand it out again (`Tokens.refused`). */
  refused(pair: TokenPair): void;
}

/**
 * The connection failed before an answer (reset, refused): the server may have applied the
 * renewal, its refresh token then spent. Not a timeout: the caller gave up, and a slow server
 * must not get a second request for every caller that does.
 */
function answerLost(error: unknown): boolean {
  return error instanceof ConnectionError;
}

/**
 * Renews `pair`. With `heal`, a renewal whose answer was lost is asked once more (if the server
 * never saw it, that one succeeds; if it applied it, the refresh token is now refused), and a
 * refused refresh token (a `TokenRenewalError`) is left for {@link reissue}.
 */
export async function renewAskingAgain(
  source: ReissueSource,
  pair: TokenPair,
  heal: boolean,
  sender: RenewalSender | undefined,
): Promise<TokenPair> {
  try {
    return await source.renewWithin(pair, sender);
  } catch (error) {
    if (!heal || !answerLost(error)) throw error;
    return source.renewWithin(pair, sender);
  }
}

/** Whether a renewal failure is healed by issuing a new pair: the server refused the refresh token. */
export function healable(error: unknown): boolean {
  return error instanceof TokenRenewalError;
}

/**
 * Issues a new pair for the user of `refused`, traced on the token-renewal channel (trigger
 * `refused`) and logged as a warning: a renewal refused every time (a wrong `renewal` option)
 * would otherwise hide behind a new pair per expiry.
 */
export function reissue(
  source: ReissueSource,
  refused: TokenPair,
  cause: unknown,
  logger: Logger | undefined,
  sender?: RenewalSender,
): Promise<TokenPair> {
  // Safe fields only: the logger is the caller's, and the refusal's message may quote the token.
  const status = cause instanceof TokenRenewalError ? cause.status : undefined;
  logger?.warn?.('viewlink: the server refused the stored refresh token; issuing a new pair with the API Key', {
    userId: refused.userId,
    status,
    code: 'token_reissued',
  });
  return tokenRenewalChannel.trace({ client: 'partner', trigger: 'refused' }, () =>
    source.issueWithin(refused.userId, sender),
  );
}

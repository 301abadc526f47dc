/**
 * Renewal coordinated across instances through a store's {@link TokenRenewalCoordinator}: one
 * instance takes the user's lease and renews, the others wait for its pair in the store. With
 * refresh-token rotation this is what keeps two instances from spending the same refresh token.
 */
import { TokenRenewalError } from '@viewlink/transport';
import type { StoredTokenPair, TokenPair } from '../core/token-pair.js';
import type { RenewalFailureNotice, TokenRenewalCoordinator } from '../core/token-store.js';
import { healable } from './reissue.js';

/**
 * The `TokenRenewalError` (the transport's, one class for every client) of a user's pair that
 * could not be renewed (refresh token unknown, used or expired): issue a new pair with
 * `client.tokens.issue({ userId })` and re-initialize the app's SDK with it. `reissued`: the SDK
 * tried that itself (healing) and the issue failed, `cause`: so the message does not advise it.
 */
export function pairNotRenewed(userId: string, cause: unknown, reissued = false): TokenRenewalError {
  const status = (cause as { status?: unknown } | undefined)?.status;
  const http = typeof status === 'number' ? `HTTP ${status}` : undefined;
  return new TokenRenewalError(
    reissued
      ? `The token pair of user ${userId} could not be renewed: its refresh token was refused, and issuing a new pair in its place failed too (${http ?? (cause as Error | undefined)?.name ?? 'see cause'}): retry once the service answers (see cause)`
      : `The token pair of user ${userId} could not be renewed${http ? ` (${http})` : ''}: issue a new pair`,
    { cause, userId, status: typeof status === 'number' ? status : undefined },
  );
}

/** What the session lends to a shared renewal. */
interface SharedRenewalContext {
  readonly userId: string;
  /** The pair to renew (the store's, or the caller's when the store had none). */
  readonly base: TokenPair;
  readonly coordinator: TokenRenewalCoordinator;
  /** Sends the renewal request. */
  renew(pair: TokenPair): Promise<TokenPair>;
  /**
   * Issues a new pair when the server refused the refresh token (healing on); absent when
   * healing is off, and the refusal is every waiter's `TokenRenewalError`.
   */
  reissue?: ((refused: TokenPair, cause: unknown) => Promise<TokenPair>) | undefined;
  /** A stored record as a parsed pair (cached, its tokens registered for redaction). */
  pairOf(stored: StoredTokenPair | undefined): TokenPair | undefined;
  /** Registers a renewed pair (redaction, parse cache) before it is stored. */
  remember(pair: TokenPair): StoredTokenPair;
  expired(pair: TokenPair): boolean;
}

const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 50;
/** With notifications, polling only catches a lost one. */
const MAX_POLL_NOTIFIED_MS = 250;
const COMPLETE_ATTEMPTS = 4;
/** How long a renewed pair the store refused is retried in the background (once a second). */
const STORE_LATER_MS = 120_000;

/** Keeps trying to store a renewed pair while the store is down (same compare-and-set). */
function storeLater(
  coordinator: TokenRenewalCoordinator,
  userId: string,
  lease: string,
  previous: StoredTokenPair,
  record: StoredTokenPair,
): void {
  const until = Date.now() + STORE_LATER_MS;
  const attempt = () => {
    coordinator.complete(userId, lease, previous, record).catch(() => {
      if (Date.now() < until) setTimeout(attempt, 1_000).unref?.();
    });
  };
  setTimeout(attempt, 1_000).unref?.();
}

/** A failure reported by the instance that renewed (its own error is not shared: only safe fields). */
class RenewalFailedElsewhere extends Error {
  override name = 'RenewalFailedElsewhere';
  readonly code: string;
  readonly status: number | undefined;
  constructor(notice: RenewalFailureNotice) {
    super(`the instance that renewed this pair failed (${notice.code})`);
    this.code = notice.code;
    this.status = notice.status;
  }
}

/** Safe fields of a renewal error, for the other instances. */
function noticeOf(error: unknown): RenewalFailureNotice {
  const cause = error instanceof TokenRenewalError ? error.cause : error;
  const status = (cause as { status?: unknown } | undefined)?.status;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return {
    code: typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? code : 'renewal_failed',
    ...(typeof status === 'number' ? { status } : {}),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One renewal per expired pair across every instance sharing the store; each failure is a
 * {@link TokenRenewalError} (the renewer's own error is its `cause`), nothing stored.
 */
export async function renewShared(ctx: SharedRenewalContext): Promise<TokenPair> {
  const { userId, base, coordinator } = ctx;
  const previous = base.toStored();
  // Real time, not the client's clock: leases and waits are real delays even under a test clock.
  const deadline = Date.now() + coordinator.maxWaitMs;
  // Listening before the first read of the state: a notification between the two is not lost.
  const wake = wakeUp(coordinator, userId);
  try {
    for (;;) {
      const lease = await coordinator.acquire(userId, coordinator.leaseMs);
      if (lease !== undefined) return await renewHolding(ctx, lease, previous);
      let delay = FIRST_POLL_MS;
      for (;;) {
        if (Date.now() >= deadline)
          throw pairNotRenewed(
            userId,
            new RenewalFailedElsewhere({ code: `renewal_wait_exceeded_${coordinator.maxWaitMs}ms` }),
          );
        await wake.next(Math.min(delay, Math.max(1, deadline - Date.now())));
        delay = Math.min(delay * 1.5, wake.notified ? MAX_POLL_NOTIFIED_MS : MAX_POLL_MS);
        const state = await coordinator.state(userId, previous);
        const current = ctx.pairOf(state.pair);
        if (current && !current.equals(base)) return current;
        if (state.failure) throw pairNotRenewed(userId, new RenewalFailedElsewhere(state.failure));
        // The holder released it or died (its lease expired): try to take over.
        if (!state.leased) break;
      }
    }
  } finally {
    wake.close();
  }
}

/** Sleeps between two reads of the renewal state; a notification ends the sleep at once. */
function wakeUp(coordinator: TokenRenewalCoordinator, userId: string) {
  let pending = false;
  let interrupt: (() => void) | undefined;
  let stop: (() => void) | undefined;
  try {
    stop = coordinator.onChange?.(userId, () => {
      pending = true;
      interrupt?.();
    });
  } catch {
    // A store that cannot notify: polling only.
  }
  return {
    /** Whether notifications come (then polling is only the fallback, and slower). */
    notified: typeof stop === 'function',
    next(ms: number): Promise<void> {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          interrupt = undefined;
          pending = false;
          resolve();
        }
        interrupt = done;
      });
    },
    close(): void {
      interrupt = undefined;
      try {
        stop?.();
      } catch {
        // Nothing to stop.
      }
    },
  };
}

async function renewHolding(ctx: SharedRenewalContext, lease: string, previous: StoredTokenPair): Promise<TokenPair> {
  const { userId, base, coordinator } = ctx;
  // Another instance may have stored a renewed pair between our read and our lease, or just
  // failed to renew this very pair (then trying again would only be refused the same way).
  const state = await coordinator.state(userId, previous);
  const now = ctx.pairOf(state.pair);
  if (now && !now.equals(base) && !ctx.expired(now)) {
    await coordinator.release(userId, lease);
    return now;
  }
  if (state.failure) {
    await coordinator.release(userId, lease);
    throw pairNotRenewed(userId, new RenewalFailedElsewhere(state.failure));
  }
  let renewed: TokenPair;
  // Keep the lease while the request is in flight: only a dead holder's lease may expire.
  const heartbeat = setInterval(
    () => void coordinator.extend(userId, lease, coordinator.leaseMs).catch(() => undefined),
    Math.max(10, Math.floor(coordinator.leaseMs / 3)),
  );
  try {
    renewed = await ctx.renew(base);
  } catch (error) {
    // A holder presumed dead may have stored its renewal after all: use that pair.
    const stored = await coordinator.state(userId, previous).catch(() => undefined);
    const theirs = ctx.pairOf(stored?.pair);
    if (theirs && !theirs.equals(base)) {
      clearInterval(heartbeat);
      await coordinator.release(userId, lease).catch(() => undefined);
      return theirs;
    }
    let reissuing = false;
    try {
      // Refused for good and nobody stored a newer pair: issue one, still holding the lease.
      if (!ctx.reissue || !healable(error)) throw error;
      reissuing = true;
      renewed = await ctx.reissue(base, error);
    } catch (failure) {
      clearInterval(heartbeat);
      // Nothing stored; every waiter learns the same failure. Best effort: the lease expires anyway.
      await coordinator.fail(userId, lease, previous, noticeOf(failure)).catch(() => undefined);
      throw failure instanceof TokenRenewalError ? failure : pairNotRenewed(userId, failure, reissuing);
    }
  } finally {
    clearInterval(heartbeat);
  }
  const record = ctx.remember(renewed);
  // The refresh token is spent now: a store that blinks must not lose the only live pair.
  let stored = false;
  for (let attempt = 1; ; attempt++) {
    try {
      stored = await coordinator.complete(userId, lease, previous, record);
      break;
    } catch {
      if (attempt >= COMPLETE_ATTEMPTS) {
        // The store is down: this call uses the live pair, and storing it goes on in the background.
        storeLater(coordinator, userId, lease, previous, record);
        return renewed;
      }
      await sleep(100 * attempt);
    }
  }
  if (stored) return renewed;
  // The store moved on meanwhile (a pair adopted or issued, a sign-out): its pair wins if usable.
  const after = ctx.pairOf((await coordinator.state(userId, previous)).pair);
  return after && !ctx.expired(after) ? after : renewed;
}

/**
 * The access token's life: expiry ahead of time (with skew), on a 401, one renewal at a time,
 * waiting requests released by the next `initialize`. Token values live only in this closure.
 */
import { NotInitializedError, TokenRenewalError, TokenRenewalTimeoutError } from '../core/errors.js';
import { type Deferred, deferred } from './deferred.js';

/** Why the token needs renewal. */
export type ExpiryReason = 'expiring' | 'expired' | 'unauthorized';

/** Settings of {@link createSession}. */
export interface SessionSettings {
  skewMs: number;
  renewalTimeoutMs: number;
  /** Called once per renewal cycle; returns the handlers' promises. */
  onExpired(reason: ExpiryReason): Array<unknown>;
}

/** The token session. */
export interface Session {
  /** Installs a new pair (from `initialize`) and releases waiting requests. */
  set(accessToken: string, expiresInSeconds: number): void;
  /** The token to send now, waiting for a renewal when the current one is unusable. */
  token(): Promise<string>;
  /** Starts a renewal cycle unless one runs; `failed` is the token a 401 answered. */
  expire(reason: ExpiryReason, failed?: string): void;
  /** The current token, for scrubbing messages. */
  peek(): string | undefined;
  /** Stops timers. */
  dispose(): void;
}

/** Creates a token session. */
export function createSession(settings: () => SessionSettings): Session {
  let access: string | undefined;
  let expiresAt = 0;
  let invalid = false;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let renewal: { wait: Deferred<void>; timer: ReturnType<typeof setTimeout> } | undefined;

  const endRenewal = (error?: unknown) => {
    if (!renewal) return;
    clearTimeout(renewal.timer);
    if (error) renewal.wait.reject(error);
    else renewal.wait.resolve();
    renewal = undefined;
  };

  const session: Session = {
    set(token, expiresIn) {
      const { skewMs } = settings();
      access = token;
      invalid = false;
      const lifetime = expiresIn * 1000;
      expiresAt = Date.now() + lifetime;
      clearTimeout(expiryTimer);
      // Never more than half the lifetime ahead, so short-lived pairs do not renew in a loop.
      // Timers overflow past 2^31-1 ms (about 24.8 days) and would fire at once.
      const delay = Math.min(lifetime - Math.min(skewMs, lifetime / 2), 2 ** 31 - 1);
      expiryTimer = setTimeout(() => session.expire('expiring'), delay);
      endRenewal();
    },
    async token() {
      for (;;) {
        if (access === undefined && !renewal) throw new NotInitializedError();
        if (access !== undefined && !invalid && Date.now() < expiresAt) return access;
        if (!renewal) session.expire('expired');
        await renewal?.wait.promise;
      }
    },
    expire(reason, failed) {
      if (failed !== undefined && failed !== access) return; // already replaced: just replay
      if (reason !== 'expiring') invalid = true;
      if (renewal) return;
      const { renewalTimeoutMs } = settings();
      const wait = deferred<void>();
      renewal = {
        wait,
        timer: setTimeout(() => endRenewal(new TokenRenewalTimeoutError(renewalTimeoutMs)), renewalTimeoutMs),
      };
      for (const result of settings().onExpired(reason)) {
        if (result instanceof Promise)
          result.catch((cause) => {
            if (renewal?.wait === wait)
              endRenewal(new TokenRenewalError('The token-expired handler failed', undefined, cause));
          });
      }
    },
    peek: () => access,
    dispose() {
      clearTimeout(expiryTimer);
      endRenewal(new TokenRenewalError('The SDK was disposed'));
    },
  };
  return session;
}

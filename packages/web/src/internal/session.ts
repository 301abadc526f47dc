/**
 * The access token's life: expiry ahead of time (with skew), on a 401, one renewal at a time,
 * waiting requests released by the next `initialize`. Token values live only in this closure.
 * Tabs of one origin holding the same token renew it once between them (./tabs.ts).
 */

import { scrubSecrets } from '@viewlink/transport/engine';
import {
  NotInitializedError,
  TokenExpiredHandlerMissingError,
  TokenRenewalError,
  TokenRenewalTimeoutError,
} from '../core/errors.js';
import { type Deferred, deferred } from './deferred.js';
import { joinTabs, type TabMessage, type Tabs } from './tabs.js';

/** Why the token needs renewal. */
export type ExpiryReason = 'expiring' | 'expired' | 'unauthorized';

/** Settings of {@link createSession}. */
interface SessionSettings {
  skewMs: number;
  renewalTimeoutMs: number;
  /** True when an `onTokenExpired` handler is registered: without one no renewal can ever come. */
  canRenew: boolean;
  /** Called once per renewal cycle; settles when every handler did, rejects when one failed. */
  onExpired(reason: ExpiryReason): Promise<unknown>;
}

/** The token session. */
export interface Session {
  /** Installs a new pair (from `initialize`), releases waiting requests and tells the other tabs. */
  set(accessToken: string, expiresInSeconds: number): void;
  /** The token to send now, waiting for a renewal when the current one is unusable. */
  token(): Promise<string>;
  /**
   * The one renewal entry point: starts a renewal cycle unless one runs; `failed` is the token a
   * 401 answered. Across tabs, only the tab holding the lock runs the handlers.
   */
  expire(reason: ExpiryReason, failed?: string): void;
  /** The current token, for scrubbing messages. */
  peek(): string | undefined;
  /** Stops timers, fails waiting requests and forgets the token (the user signed out). */
  dispose(): void;
}

/** Creates a token session. */
export function createSession(settings: () => SessionSettings): Session {
  let access: string | undefined;
  let expiresAt = 0;
  let invalid = false;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let renewal: { wait: Deferred<void>; timer: ReturnType<typeof setTimeout> } | undefined;
  let tabs: Tabs | undefined;
  // The latest replacement this session knows, to answer a tab that asks for it, and the
  // release of the lock this tab holds for the token it replaced while it can answer.
  let replaced: TabMessage | undefined;
  let release: (() => void) | undefined;

  const endRenewal = (error?: unknown) => {
    if (!renewal) return;
    clearTimeout(renewal.timer);
    if (error) renewal.wait.reject(error);
    else renewal.wait.resolve();
    renewal = undefined;
  };

  const install = (token: string, expiresIn: number) => {
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
    // The expiry timer alone must not keep a Node (or Deno, Bun) process alive: a server render
    // or a script that initialized and finished exits by itself. Browsers return a number.
    (expiryTimer as { unref?: () => void }).unref?.();
    endRenewal();
  };

  // A new replacement: the lock this tab holds for the previous one goes (no one else can ask it).
  const remember = (message: TabMessage) => {
    release?.();
    replaced = message;
    return message;
  };

  const receive = (message: TabMessage) => {
    const [old, token, at = 0] = message;
    if (!token) {
      if (replaced?.[0] === old) tabs?.post(replaced);
    } else if (old === access) {
      install(token, (at - Date.now()) / 1000);
      remember(message);
    }
  };

  const session: Session = {
    set(token, expiresIn) {
      // Only a pair that ends this tab's renewal succeeds the old token in the other tabs: one
      // given at another moment may be another user's (signed in after dispose()).
      const old = renewal && access;
      install(token, expiresIn);
      tabs ??= joinTabs(receive);
      // Sent before this tab's renewal task goes on to hold the lock.
      if (old && old !== token) tabs?.post(remember([old, token, expiresAt]));
    },
    async token() {
      for (;;) {
        if (access === undefined && !renewal) throw new NotInitializedError();
        if (access !== undefined && !invalid && Date.now() < expiresAt) return access;
        if (!renewal) {
          // No handler registered: fail now instead of waiting out tokenRenewalTimeoutMs.
          if (!settings().canRenew) throw new TokenExpiredHandlerMissingError();
          session.expire('expired');
        }
        await renewal?.wait.promise;
      }
    },
    expire(reason, failed) {
      if (failed !== undefined && failed !== access) return; // already replaced: just replay
      if (reason !== 'expiring') invalid = true;
      if (renewal) return;
      const { renewalTimeoutMs, canRenew } = settings();
      if (!canRenew) return;
      const wait = deferred<void>();
      renewal = {
        wait,
        timer: setTimeout(() => endRenewal(new TokenRenewalTimeoutError(renewalTimeoutMs)), renewalTimeoutMs),
      };
      const current = () => renewal?.wait === wait;
      const run = () => {
        settings()
          .onExpired(reason)
          .catch((cause) => {
            // The app's own words say what failed (`The token route answered 401`), scrubbed of
            // the token being renewed as the SDK's other messages are; `cause` keeps the error.
            const said = scrubSecrets(String(cause?.message ?? cause), [access]);
            if (current()) endRenewal(new TokenRenewalError(`The onTokenExpired handler failed: ${said}`, { cause }));
          });
      };
      if (!tabs) return run();
      const old = access as string;
      // A tab that renewed this token already still holds its lock, and answers this question.
      tabs.post([old]);
      tabs.lock(old, async () => {
        // Nothing to do once another tab's pair arrived; a winner that failed released the lock,
        // and the next waiting tab tries itself.
        if (!current()) return;
        run();
        await wait.promise;
        // Renewed: hold the lock while this tab can answer for `old`, so no tab renews it again.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
    },
    peek: () => access,
    dispose() {
      clearTimeout(expiryTimer);
      endRenewal(new TokenRenewalError('The SDK was disposed'));
      // Nothing of this user's tokens survives: no replay, no answer or renewal taken for them.
      access = replaced = undefined;
      release?.();
    },
  };
  return session;
}

/**
 * Token renewal shared by the tabs of one origin: one tab renews a token (a Web Lock per token),
 * and the access token it obtained reaches the others (a BroadcastChannel). Without Web Locks,
 * or outside a page (Node has both APIs but no tabs), each SDK instance renews alone.
 * Design and reasons: docs/decisions/web.md.
 */

/**
 * What travels between tabs. `[old, token, at]`: the access token `old` was replaced by `token`,
 * which expires at `at` (epoch ms). `[old]`: who knows what replaced `old`? Never the refresh
 * token: the browser has no use for it.
 */
export type TabMessage = readonly [old: string, token?: string, at?: number];

/** The tabs of this origin, as one session sees them. */
export interface Tabs {
  /** Sends a message to the other tabs (and other SDK instances) of this origin. */
  post(message: TabMessage): void;
  /** Runs `task` once it holds the renewal lock of `token`; the lock is released when the task settles. */
  lock(token: string, task: () => Promise<void>): void;
}

const NAME = 'viewlink-token-renewal';

/** Joins the origin's renewal channel, or returns undefined where tabs cannot coordinate. */
export function joinTabs(receive: (message: TabMessage) => void): Tabs | undefined {
  // Every browser with Web Locks has BroadcastChannel.
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks || typeof document !== 'object') return;
  const channel = new BroadcastChannel(NAME);
  channel.onmessage = (event) => receive(event.data);
  return {
    post: (message) => channel.postMessage(message),
    lock(token, task) {
      // Named by a 32-bit hash of the token (FNV-1a's multiplier): the name carries no secret.
      let hash = 0;
      for (const char of token) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
      locks.request(NAME + hash, task).catch(() => {});
    },
  };
}

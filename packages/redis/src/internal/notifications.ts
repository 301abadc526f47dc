/**
 * Renewal notifications over Redis pub/sub: the scripts that store a pair (a renewal, a `set`,
 * a `delete`), leave a failure notice or release a lease PUBLISH the user's id on
 * `<prefix>renewal`, and a waiting instance wakes at once instead of at its next poll. One
 * subscriber connection per client (a duplicate of it, opened with the first store and closed when
 * the client ends); polling stays as the fallback for a lost message, a subscriber still
 * connecting, or a client that cannot duplicate itself. Classic pub/sub is broadcast to every node
 * of a Redis Cluster, so it works there too.
 *
 * On a single-node client (not a cluster) the notifier also knows whether it is *live*: the
 * subscriber is connected and a probe this process published came back through it, repeated every
 * few seconds. While live, no change published since can be missed, so a process-local copy of
 * the stored pairs (local-pairs.ts) may answer reads; any sign of trouble (a subscriber error,
 * close or reconnect, a probe not back in time) ends it and tells the watchers at once.
 */
import { isNodeRedisCluster, type RedisClientLike } from '../client.js';

type Listener = () => void;

/** The part of an event emitter the notifier uses (ioredis and node-redis clients are emitters). */
interface Emitter {
  on(event: string, listener: (...args: never[]) => void): unknown;
  once?(event: string, listener: () => void): unknown;
}

/** ioredis (`Redis`, `Cluster`): `duplicate()`, then `subscribe(channel)` and `'message'` events. */
interface IoredisSubscriber extends Emitter {
  subscribe(channel: string): Promise<unknown>;
  connect(): Promise<unknown>;
  disconnect(): void;
}

/**
 * The options of a single-node ioredis client (its defaults filled in where none was given), also
 * taken by `duplicate(overrides)`.
 */
interface IoredisOptions {
  retryStrategy?: ((times: number) => number | void | null) | null | undefined;
}

/** node-redis: `duplicate()`, `connect()`, then `subscribe(channel, listener)`. */
interface NodeRedisSubscriber extends Emitter {
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  destroy?(): void;
  disconnect?(): Promise<unknown>;
}

interface Duplicable extends Emitter {
  duplicate(overrides?: IoredisOptions): IoredisSubscriber | NodeRedisSubscriber;
  readonly options?: IoredisOptions;
  /** ioredis's connection status (`'ready'`, `'disconnecting'`, `'end'`, ...). */
  readonly status?: string;
}

/** Told of every notification and of each moment some may have been missed. */
interface NotificationWatcher {
  /** A notification for the user whose encoded id ({@link notificationOf}) is `message`. */
  changed(message: string): void;
  /** Notifications may have been missed (the subscriber dropped, a probe did not come back). */
  lost(): void;
}

/** Wakes the waiters of a user when another instance ends its renewal. */
export interface RenewalNotifier {
  /** Calls `listener` on each notification for `userId`; returns a function that stops it. */
  on(userId: string, listener: Listener): () => void;
  /**
   * Whether every notification published from now on reaches this process: the subscriber is
   * subscribed and a probe published after its last (re)connect came back. Never on a cluster
   * client (its subscriber may move between nodes without telling) or a client being closed.
   */
  readonly live: boolean;
  /** Adds a watcher of every notification and of each loss (the local pair copies). */
  watch(watcher: NotificationWatcher): void;
}

/** Publishes a message on the notification channel (through the store's command connection). */
type Publish = (message: string) => Promise<unknown>;

/** A probe must come back within this long, or the notifier is not live. */
const PROBE_TIMEOUT_MS = 2_000;
/** While live, a probe this often: a silently dead subscriber ends liveness within about 7 s. */
const HEARTBEAT_MS = 5_000;
/** While not live, a new probe this often. */
const RETRY_MS = 1_000;
/** An ioredis Cluster still 'disconnecting' this long after it began is shutting down for good. */
const CLUSTER_SHUTDOWN_MS = 500;
/** Probes start with `#`, which an encoded user id never holds. */
const PROBE_PREFIX = '#probe:';
/** Subscriber events that mean notifications may be missed until the next probe comes back. */
const TROUBLE = ['error', 'close', 'end', 'reconnecting'] as const;

/** The message a script publishes for a user (the encoded id: no separator can be forged). */
export function notificationOf(userId: string): string {
  return encodeURIComponent(userId);
}

const notifiers = new WeakMap<object, Map<string, RenewalNotifier>>();

function isDuplicable(client: RedisClientLike): client is RedisClientLike & Duplicable {
  const c = client as Partial<Duplicable>;
  return typeof c.duplicate === 'function' && typeof c.on === 'function';
}

/**
 * The notifier of a client and channel, shared by every store on that client; undefined when the
 * client cannot open a subscriber (a command function): waiters then poll.
 */
export function renewalNotifier(
  client: RedisClientLike,
  channel: string,
  publish: Publish,
): RenewalNotifier | undefined {
  if (!isDuplicable(client)) return undefined;
  let byChannel = notifiers.get(client);
  if (!byChannel) {
    byChannel = new Map();
    notifiers.set(client, byChannel);
  }
  let notifier = byChannel.get(channel);
  if (!notifier) {
    notifier = open(client, channel, publish);
    byChannel.set(channel, notifier);
  }
  return notifier;
}

/** A cluster client: its subscriber may move between nodes unseen, so it is never live. */
function isCluster(client: object): boolean {
  return (client as { isCluster?: unknown }).isCluster === true || isNodeRedisCluster(client);
}

function open(client: Duplicable, channel: string, publish: Publish): RenewalNotifier {
  const listeners = new Map<string, Set<Listener>>();
  const watchers: NotificationWatcher[] = [];
  const trackable = !isCluster(client);
  let live = false;
  let subscribed = false;
  /** The subscriber's connection is up: a probe sent while it is down could not come back. */
  let connected = false;
  let closed = false;
  /** The probe awaited: only one that left after the last loss makes the notifier live. */
  let probe: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (ms: number, run: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref?.();
  };
  // Probes only for a watcher (a store keeping local copies): without one, liveness is unused.
  const sendProbe = () => {
    // Not while the subscriber is down: the probe would wait in the client's offline queue, and
    // ioredis's quit() with a queued command keeps reconnecting instead of closing (shutdown
    // during an outage). The subscriber's 'ready' sends the next one.
    if (closed || !trackable || !subscribed || !connected || watchers.length === 0) return;
    const sent = `${PROBE_PREFIX}${crypto.randomUUID()}`;
    probe = sent;
    publish(sent).catch(() => undefined);
    later(PROBE_TIMEOUT_MS, () => {
      if (probe !== sent) return;
      lose();
      later(RETRY_MS, sendProbe);
    });
  };
  const lose = () => {
    live = false;
    probe = undefined;
    for (const watcher of watchers) watcher.lost();
  };
  const trouble = () => {
    lose();
    if (!closed) later(RETRY_MS, sendProbe);
  };
  const deliver = (message: unknown) => {
    const text = String(message);
    if (text.startsWith(PROBE_PREFIX)) {
      if (text === probe && !closed) {
        probe = undefined;
        live = true;
        later(HEARTBEAT_MS, sendProbe);
      }
      return;
    }
    for (const watcher of watchers) watcher.changed(text);
    const set = listeners.get(text);
    if (set) for (const listener of [...set]) listener();
  };
  const onSubscribed = () => {
    subscribed = true;
    sendProbe();
  };
  let stop: () => void = () => undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    closed = true;
    clearTimeout(timer);
    clearTimeout(reconnectTimer);
    lose();
    stop();
  };
  // The subscriber lives as long as the client: it ends when the client is closed.
  client.once?.('end', close);
  const ioredis = typeof (client as { call?: unknown }).call === 'function';
  // A node-redis cluster's close() or destroy() ends with 'disconnect', never 'end': without this,
  // its subscriber (a cluster of its own) kept the process alive after the app closed its cluster.
  if (!ioredis && isNodeRedisCluster(client)) client.once?.('disconnect', close);
  // An ioredis Cluster's quit() while it reconnects (every node down, e.g. since the process
  // started) leaves it 'disconnecting' for good, with no 'end': its subscriber, reconnecting by
  // itself, kept the process alive. Still 'disconnecting' a moment later means that shutdown (a
  // reconnecting disconnect(true) goes on to 'close' at once).
  if (ioredis && isCluster(client)) {
    let shutdownCheck: ReturnType<typeof setTimeout> | undefined;
    client.on('disconnecting', () => {
      clearTimeout(shutdownCheck);
      shutdownCheck = setTimeout(() => {
        if (client.status === 'disconnecting') close();
      }, CLUSTER_SHUTDOWN_MS);
      shutdownCheck.unref?.();
    });
  }
  try {
    // A single-node ioredis subscriber reconnects on this notifier's unref'd timer, not on
    // ioredis's own: its quit() while reconnecting (Redis down at shutdown) emits no 'end', so a
    // subscriber retrying by itself would keep the process alive until Redis came back. The
    // client's own retryStrategy sets the pace: ioredis puts its default in `options` when none
    // was given, so none is copied here; not a function (`null`: the client never reconnects),
    // and the subscriber does not either, as ioredis would not. A cluster's duplicate() takes
    // other arguments: it keeps its own.
    const retryStrategy = (times: number): null => {
      const options = client.options;
      const delay = typeof options?.retryStrategy === 'function' ? options.retryStrategy(times) : undefined;
      if (!closed && typeof delay === 'number') {
        clearTimeout(reconnectTimer);
        reconnectTimer = setTimeout(() => {
          if (!closed) (sub as IoredisSubscriber).connect().catch(() => undefined);
        }, delay);
        reconnectTimer.unref?.();
      }
      return null;
    };
    const sub = ioredis && !isCluster(client) ? client.duplicate({ retryStrategy }) : client.duplicate();
    // A subscriber's connection errors are not the caller's: waiters poll while it reconnects.
    sub.on('error', () => undefined);
    for (const event of TROUBLE) sub.on(event, trouble);
    for (const event of ['close', 'end', 'reconnecting'] as const)
      sub.on(event, () => {
        connected = false;
      });
    // Back after a reconnect (the client subscribes again itself): probe once that is through.
    // Not subscribed yet (ioredis with `enableOfflineQueue: false` refuses a SUBSCRIBE sent
    // before its connection is ready): subscribe now.
    let subscribe: () => void = () => undefined;
    sub.on('ready', () => {
      connected = true;
      if (subscribed) later(10, sendProbe);
      else subscribe();
    });
    // ioredis (`call`, as the stores tell clients apart) connects by itself; node-redis on connect().
    if (!ioredis) {
      const nodeSub = sub as NodeRedisSubscriber;
      const end = () => {
        if (typeof nodeSub.destroy === 'function') nodeSub.destroy();
        else void nodeSub.disconnect?.()?.catch(() => undefined);
      };
      nodeSub
        .connect()
        .then(() => {
          stop = end;
          return closed ? end() : nodeSub.subscribe(channel, deliver).then(onSubscribed);
        })
        .catch(() => undefined);
    } else {
      const ioSub = sub as IoredisSubscriber;
      stop = () => ioSub.disconnect();
      ioSub.on('message', (ch: string, message: string) => {
        if (ch === channel) deliver(message);
      });
      let subscribing = false;
      subscribe = () => {
        if (subscribed || subscribing || closed) return;
        subscribing = true;
        ioSub.subscribe(channel).then(
          () => {
            subscribing = false;
            onSubscribed();
          },
          () => {
            // Refused while connecting: the next 'ready' subscribes.
            subscribing = false;
          },
        );
      };
      subscribe();
    }
  } catch {
    // No subscriber: waiters poll.
  }
  return {
    get live() {
      return live;
    },
    watch(watcher) {
      watchers.push(watcher);
      if (watchers.length === 1) sendProbe();
    },
    on(userId, listener) {
      const key = notificationOf(userId);
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },
  };
}

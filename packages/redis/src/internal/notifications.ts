/**
 * Renewal notifications over Redis pub/sub: the scripts that store a renewed pair, leave a failure
 * notice or release a lease PUBLISH the user's id on `<prefix>renewal`, and a waiting instance
 * wakes at once instead of at its next poll. One subscriber connection per client (a duplicate of
 * it, opened with the first store and closed when the client ends); polling stays as the fallback
 * for a lost message, a subscriber still connecting, or a client that cannot duplicate itself.
 * Classic pub/sub is broadcast to every node of a Redis Cluster, so it works there too.
 */
import type { RedisClientLike } from '../client.js';

type Listener = () => void;

/** The part of an event emitter the notifier uses (ioredis and node-redis clients are emitters). */
interface Emitter {
  on(event: string, listener: (...args: never[]) => void): unknown;
  once?(event: string, listener: () => void): unknown;
}

/** ioredis (`Redis`, `Cluster`): `duplicate()`, then `subscribe(channel)` and `'message'` events. */
interface IoredisSubscriber extends Emitter {
  subscribe(channel: string): Promise<unknown>;
  disconnect(): void;
}

/** node-redis: `duplicate()`, `connect()`, then `subscribe(channel, listener)`. */
interface NodeRedisSubscriber extends Emitter {
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  destroy?(): void;
  disconnect?(): Promise<unknown>;
}

interface Duplicable extends Emitter {
  duplicate(): IoredisSubscriber | NodeRedisSubscriber;
}

/** Wakes the waiters of a user when another instance ends its renewal. */
interface RenewalNotifier {
  /** Calls `listener` on each notification for `userId`; returns a function that stops it. */
  on(userId: string, listener: Listener): () => void;
}

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
export function renewalNotifier(client: RedisClientLike, channel: string): RenewalNotifier | undefined {
  if (!isDuplicable(client)) return undefined;
  let byChannel = notifiers.get(client);
  if (!byChannel) {
    byChannel = new Map();
    notifiers.set(client, byChannel);
  }
  let notifier = byChannel.get(channel);
  if (!notifier) {
    notifier = open(client, channel);
    byChannel.set(channel, notifier);
  }
  return notifier;
}

function open(client: Duplicable, channel: string): RenewalNotifier {
  const listeners = new Map<string, Set<Listener>>();
  const deliver = (message: unknown) => {
    const set = listeners.get(String(message));
    if (set) for (const listener of [...set]) listener();
  };
  let closed = false;
  let stop: () => void = () => undefined;
  const close = () => {
    closed = true;
    stop();
  };
  // The subscriber lives as long as the client: it ends when the client is closed.
  client.once?.('end', close);
  try {
    const sub = client.duplicate();
    // A subscriber's connection errors are not the caller's: waiters poll while it reconnects.
    sub.on('error', () => undefined);
    // ioredis (`call`, as the stores tell clients apart) connects by itself; node-redis on connect().
    if (typeof (client as { call?: unknown }).call !== 'function') {
      const nodeSub = sub as NodeRedisSubscriber;
      const end = () => {
        if (typeof nodeSub.destroy === 'function') nodeSub.destroy();
        else void nodeSub.disconnect?.()?.catch(() => undefined);
      };
      nodeSub
        .connect()
        .then(() => {
          stop = end;
          return closed ? end() : nodeSub.subscribe(channel, deliver);
        })
        .catch(() => undefined);
    } else {
      const ioSub = sub as IoredisSubscriber;
      stop = () => ioSub.disconnect();
      ioSub.on('message', (ch: string, message: string) => {
        if (ch === channel) deliver(message);
      });
      ioSub.subscribe(channel).catch(() => undefined);
    }
  } catch {
    // No subscriber: waiters poll.
  }
  return {
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

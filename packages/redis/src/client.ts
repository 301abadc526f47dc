/**
 * The few Redis calls the stores make, over any client: ioredis (`call`), node-redis
 * (`sendCommand`), or a function (a cluster client, a test double). Scripts run with EVALSHA,
 * falling back to EVAL once when the server does not know them yet (after a restart).
 */
import { ConfigurationError } from '@viewlink/partner';
import { configAtCallSite, refuseUnknownClientOptions } from '@viewlink/transport';
import { SharedStoreError } from './errors.js';

/** ioredis (`new Redis()`, `new Redis.Cluster()`): `call(command, ...args)`. */
export interface IoredisLike {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
  /**
   * ioredis's connection state. While it is reconnecting (Redis is down), a command fails at once
   * instead of waiting in ioredis's offline queue for the next attempt (up to 2 s each).
   */
  readonly status?: string;
}

/**
 * node-redis (`createClient()`): `sendCommand([command, ...args])`. It must have an `'error'`
 * listener (`client.on('error', ...)`): without one, a dropped connection exits the process, so
 * the stores refuse it.
 */
export interface NodeRedisLike {
  sendCommand(args: string[]): Promise<unknown>;
  /** The event emitter's count, used to refuse a client with no `'error'` listener. */
  listenerCount?(event: string): number;
  /**
   * node-redis's connection state. Open but not ready after it was ready once (Redis is down, it
   * is reconnecting): a command fails at once instead of waiting in node-redis's offline queue.
   */
  readonly isReady?: boolean;
  /** Whether `connect()` was called and the client not closed since. */
  readonly isOpen?: boolean;
}

/**
 * node-redis's cluster (`createCluster()`): `sendCommand(firstKey, isReadonly, args)`, routed to
 * the master of the key's slot. Told apart from a single client by its `nodeClient` method. Like a
 * single client, it must have an `'error'` listener.
 */
export interface NodeRedisClusterLike {
  sendCommand(firstKey: string | undefined, isReadonly: boolean | undefined, args: string[]): Promise<unknown>;
  /** node-redis's cluster method (the client of one node): marks a cluster. */
  nodeClient(...args: never[]): unknown;
  /** The event emitter's count, used to refuse a cluster with no `'error'` listener. */
  listenerCount?(event: string): number;
}

/** Whether `client` is a node-redis cluster ({@link NodeRedisClusterLike}): it has `nodeClient`. */
export function isNodeRedisCluster(client: unknown): client is NodeRedisClusterLike {
  return typeof (client as Partial<NodeRedisClusterLike> | undefined)?.nodeClient === 'function';
}

/**
 * Sends one command (`['SET', key, value, 'PX', '1000']`); `firstKey` is the key it touches, for
 * clients that route by key.
 */
export type RedisCommandFunction = (args: string[], firstKey: string) => Promise<unknown>;

/** Any Redis client the stores accept. */
export type RedisClientLike = IoredisLike | NodeRedisLike | NodeRedisClusterLike | RedisCommandFunction;

/** Options shared by the Redis stores. */
export interface RedisConnectionOptions {
  /** Prefix of every key. Default `viewlink:`. Must not contain `{` or `}` (cluster hash tags). */
  readonly prefix?: string | undefined;
  /**
   * A command not answered within this many ms fails with {@link SharedStoreError}, so reads fail
   * fast while Redis is down instead of waiting in the client's offline queue. Default 2,000.
   */
  readonly commandTimeoutMs?: number | undefined;
}

/** A resolved connection: sends commands and scripts, wraps failures. */
export interface Connection {
  readonly prefix: string;
  command(operation: string, args: (string | number)[]): Promise<unknown>;
  script(operation: string, script: Script, keys: string[], args: (string | number)[]): Promise<unknown>;
  /**
   * The script sent whole (EVAL) in one command: for a clean-up that must run right after a
   * command Redis has not answered yet (EVALSHA's NOSCRIPT fallback would come too late).
   */
  scriptNow(operation: string, script: Script, keys: string[], args: (string | number)[]): Promise<unknown>;
}

/** A Lua script and its SHA1 (computed once, with Web Crypto: no Node built-in needed). */
interface Script {
  readonly source: string;
  sha(): Promise<string>;
}

/** Declares a Lua script. */
export function lua(source: string): Script {
  let sha: Promise<string> | undefined;
  return {
    source,
    sha: () => {
      sha ??= crypto.subtle
        .digest('SHA-1', new TextEncoder().encode(source))
        .then((digest) => Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join(''));
      return sha;
    },
  };
}

/** node-redis clients seen ready: not ready again later means reconnecting, not a first connect. */
const seenReady = new WeakSet<object>();

/** The cause of a command refused while the client is reconnecting (no secret: the state only). */
class RedisDown extends Error {
  constructor(status: string | undefined) {
    super(`the Redis client is not connected (status: ${status})`);
    this.name = 'RedisDown';
  }
}

/**
 * ioredis lost Redis and has not got it back: between attempts (`reconnecting`), in an attempt
 * after a failed one, or closed for good. Not the first connect, where commands wait to be sent.
 */
function ioredisDown(io: IoredisLike): boolean {
  const status = io.status;
  if (status === 'reconnecting' || status === 'close' || status === 'end') return true;
  // ioredis's failed attempts since it was last ready (not in its public types).
  const retryAttempts = (io as { retryAttempts?: unknown }).retryAttempts;
  return status === 'connecting' && typeof retryAttempts === 'number' && retryAttempts > 0;
}

function runnerOf(client: RedisClientLike): RedisCommandFunction {
  if (typeof client === 'function') return client;
  if (client && typeof (client as IoredisLike).call === 'function') {
    const io = client as IoredisLike;
    return (args) =>
      ioredisDown(io) ? Promise.reject(new RedisDown(io.status)) : io.call(args[0] as string, ...args.slice(1));
  }
  if (client && typeof (client as NodeRedisLike).sendCommand === 'function') {
    const node = client as NodeRedisLike | NodeRedisClusterLike;
    // node-redis emits 'error' when Redis drops; with no listener, Node exits the process.
    if (typeof node.listenerCount === 'function' && node.listenerCount('error') === 0)
      throw new ConfigurationError(
        "The node-redis client has no 'error' listener: when Redis drops, node-redis emits 'error' and the process exits. Attach one first: client.on('error', (error) => log(error))",
      );
    // A cluster's sendCommand takes the key to route by first (given a single client's arguments,
    // it failed at the first command with a TypeError from inside node-redis).
    if (isNodeRedisCluster(node)) return (args, firstKey) => node.sendCommand(firstKey, false, args);
    return nodeRunner(node as NodeRedisLike);
  }
  throw new ConfigurationError(
    'The Redis client must be an ioredis client or cluster (call), a node-redis client or cluster (sendCommand), or a function (args, firstKey) => Promise',
  );
}

/** A single node-redis client's runner: fails at once while it reconnects. */
function nodeRunner(node: NodeRedisLike): RedisCommandFunction {
  if (node.isReady === true) seenReady.add(node);
  return (args) => {
    // Reconnecting (it was ready before): fail now rather than wait in node-redis's offline queue.
    if (node.isReady === true) seenReady.add(node);
    else if (node.isOpen === true && seenReady.has(node)) return Promise.reject(new RedisDown('reconnecting'));
    return node.sendCommand(args);
  };
}

/** The names of {@link RedisConnectionOptions}, which every store takes beside its own. */
export const CONNECTION_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  prefix: true,
  commandTimeoutMs: true,
} satisfies { readonly [Name in keyof Required<RedisConnectionOptions>]: true });

/** The client and connection options of `what` checked, each refusal led by `what`. */
function checkedConnection(
  client: RedisClientLike,
  options: RedisConnectionOptions,
  known: readonly string[],
  what: string,
) {
  try {
    refuseUnknownClientOptions(options, known, what);
    const send = runnerOf(client);
    const prefix = options.prefix ?? 'viewlink:';
    if (typeof prefix !== 'string' || /[{}]/.test(prefix))
      throw new ConfigurationError('`prefix` must be a string without `{` or `}` (they would break cluster hash tags)');
    const timeoutMs = options.commandTimeoutMs ?? 2_000;
    if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs))
      throw new ConfigurationError('`commandTimeoutMs` must be a positive number of ms');
    return { send, prefix, timeoutMs };
  } catch (error) {
    throw configAtCallSite(error, what);
  }
}

/**
 * The client's error without what it carries besides: ioredis puts the failed command on its
 * errors (`command.args`: a stored pair's tokens, the password of a refused AUTH), which
 * `console.error` and loggers print. Kept: name, message, code (`ECONNREFUSED`) and stack.
 */
function safeCause(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const safe = new Error(error.message);
  safe.name = error.name;
  if (error.stack !== undefined) safe.stack = error.stack;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(safe, { code });
  return safe;
}

/**
 * Wraps a client into a {@link Connection}. `known`: every option name the store (`what`,
 * `new RedisTokenStore()`) takes; another one is refused (ioredis's `keyPrefix` for `prefix`
 * would share the default prefix with every other app on the server).
 */
export function connect(
  client: RedisClientLike,
  options: RedisConnectionOptions,
  known: readonly string[],
  what: string,
): Connection {
  const { send, prefix, timeoutMs } = checkedConnection(client, options, known, what);

  const raw = (operation: string, args: (string | number)[], firstKey: string): Promise<unknown> => {
    const strings = args.map(String);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SharedStoreError(operation, undefined, `no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    let sent: Promise<unknown>;
    try {
      sent = Promise.resolve(send(strings, firstKey));
    } catch (error) {
      sent = Promise.reject(error);
    }
    // A late answer or failure of a command we gave up on is dropped, not left unhandled.
    sent.catch(() => undefined);
    return Promise.race([sent, timeout]).finally(() => clearTimeout(timer));
  };
  const wrap = (operation: string) => (error: unknown) => {
    throw error instanceof SharedStoreError ? error : new SharedStoreError(operation, safeCause(error));
  };

  return {
    prefix,
    command: (operation, args) => raw(operation, args, String(args[1] ?? '')).catch(wrap(operation)),
    script: async (operation, script, keys, args) => {
      const tail = [keys.length, ...keys, ...args];
      const first = keys[0] ?? '';
      try {
        return await raw(operation, ['EVALSHA', await script.sha(), ...tail], first);
      } catch (error) {
        if (!/NOSCRIPT/i.test(String((error as Error | undefined)?.message ?? error))) return wrap(operation)(error);
        return raw(operation, ['EVAL', script.source, ...tail], first).catch(wrap(operation));
      }
    },
    scriptNow: (operation, script, keys, args) =>
      raw(operation, ['EVAL', script.source, keys.length, ...keys, ...args], keys[0] ?? '').catch(wrap(operation)),
  };
}

/**
 * The hash-tagged part of a user's keys: `{u:<id>}`, so every key of one user lands in the same
 * Redis Cluster slot (the Lua scripts touch several of them). The id is percent-encoded, so
 * braces, colons or spaces in it can neither break the tag nor collide with another user's keys.
 */
export function userTag(prefix: string, userId: string): string {
  return `${prefix}{u:${encodeURIComponent(userId)}}`;
}

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
}

/**
 * Sends one command (`['SET', key, value, 'PX', '1000']`); `firstKey` is the key it touches, for
 * cluster clients that route by key (node-redis cluster: `(args, key) => cluster.sendCommand(key, false, args)`).
 */
export type RedisCommandFunction = (args: string[], firstKey: string) => Promise<unknown>;

/** Any Redis client the stores accept. */
export type RedisClientLike = IoredisLike | NodeRedisLike | RedisCommandFunction;

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

function runnerOf(client: RedisClientLike): RedisCommandFunction {
  if (typeof client === 'function') return client;
  if (client && typeof (client as IoredisLike).call === 'function') {
    const io = client as IoredisLike;
    return (args) => io.call(args[0] as string, ...args.slice(1));
  }
  if (client && typeof (client as NodeRedisLike).sendCommand === 'function') {
    const node = client as NodeRedisLike;
    // node-redis emits 'error' when Redis drops; with no listener, Node exits the process.
    if (typeof node.listenerCount === 'function' && node.listenerCount('error') === 0)
      throw new ConfigurationError(
        "The node-redis client has no 'error' listener: when Redis drops, node-redis emits 'error' and the process exits. Attach one first: client.on('error', (error) => log(error))",
      );
    return (args) => node.sendCommand(args);
  }
  throw new ConfigurationError(
    'The Redis client must be an ioredis client (call), a node-redis client (sendCommand), or a function (args, firstKey) => Promise',
  );
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
    throw error instanceof SharedStoreError ? error : new SharedStoreError(operation, error);
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

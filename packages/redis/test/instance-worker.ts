/**
 * One backend instance for the multi-process tests and the benchmark: a child process with its
 * own PartnerClient and its own Redis connection, driven over IPC by the parent.
 *
 * Messages in: `{ type: 'reads', id, userId, reads }` (that many concurrent watchlist reads),
 * `{ type: 'loop', id, userId, batch }` (batches of reads until `{ type: 'stop-loop' }`, tallying outcomes),
 * `{ type: 'exit' }`. Messages out: `{ type: 'ready' }`, `{ type: 'renewing' }` (the renewal
 * request is about to leave; with HANG_ON_RENEW=1 it never does, so the parent can kill us
 * holding the lease), `{ type: 'renewed' }` (with HANG_AFTER_RENEW=1: the server accepted the
 * renewal and its answer arrived; the instance then never uses it, so the parent can kill us
 * after the refresh token was spent), `{ type: 'done', id, ... }`.
 */
import { PartnerClient } from '@viewlink/partner';
import { Redis } from 'ioredis';
import { RedisTokenStore } from '../src/index.js';

const send = (message: unknown) => process.send?.(message);
const env = process.env;
const redis = new Redis(Number(env.REDIS_PORT), '127.0.0.1', {
  // Fail fast while Redis is down (typed SharedStoreError), reconnect in the background.
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  retryStrategy: () => 50,
});
redis.on('error', () => undefined);
const hangOnRenew = env.HANG_ON_RENEW === '1';
const hangAfterRenew = env.HANG_AFTER_RENEW === '1';
const tokensUsed = new Set<string>();

// A backend's HTTP connection pool: at most this many requests in flight per process (250
// sockets per process would overflow the fake's listen backlog and measure that instead).
// MAX_IN_FLIGHT to change it (the benchmark lets every read of a round out at once, as its
// one-process comparison does).
const MAX_IN_FLIGHT = Number(env.MAX_IN_FLIGHT ?? 32);
let inFlight = 0;
const queue: Array<() => void> = [];
async function pooled<T>(run: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => queue.push(resolve));
  inFlight++;
  try {
    return await run();
  } finally {
    inFlight--;
    queue.shift()?.();
  }
}

/** When the first read of the current command left (the renewal it waited for was over), ms. */
let firstReadSentAt: number | undefined;
/** Pairs this process issued with the API Key (POST /v1/auth/token) since the last command. */
let issuedCount = 0;

const fetchSpy: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.endsWith('/v1/auth/token')) issuedCount++;
  if (url.endsWith('/v1/auth/token/refresh')) {
    if (env.DEBUG_WORKER) console.error(`[worker ${process.pid}] renewing`);
    send({ type: 'renewing' });
    if (hangOnRenew) return new Promise<Response>(() => undefined);
    if (hangAfterRenew) {
      const accepted = await fetch(input, init);
      await accepted.arrayBuffer();
      send({ type: 'renewed', status: accepted.status });
      return new Promise<Response>(() => undefined);
    }
  }
  if (url.includes('/v1/user/')) {
    // The transport sends a plain record: read it as such (a Headers copy per read would be the
    // harness's cost in the benchmark's measured reads, which the one-process setup does not pay).
    const headers = init?.headers;
    const auth =
      headers instanceof Headers || Array.isArray(headers)
        ? new Headers(headers).get('authorization')
        : (headers as Record<string, string> | undefined)?.authorization;
    if (auth) tokensUsed.add(auth.slice('Bearer '.length));
    firstReadSentAt ??= performance.now();
  }
  return pooled(() => fetch(input, init));
};

function newClient(): PartnerClient {
  return new PartnerClient({
    apiKey: String(env.API_KEY),
    baseUrl: String(env.BASE_URL),
    fetch: fetchSpy,
    retry: false,
    // Generous: on a loaded 2-core machine a read may queue for seconds; a timeout would
    // measure the machine, not the coordination.
    timeout: 60_000,
    totalTimeout: 120_000,
    tokenStore: new RedisTokenStore(redis, {
      leaseMs: Number(env.LEASE_MS ?? 10_000),
      commandTimeoutMs: 5_000,
    }),
  });
}

type Message =
  | { type: 'reads'; id: number; userId: string; reads: number }
  | { type: 'loop'; id: number; userId: string; batch: number }
  | { type: 'stop-loop' }
  | { type: 'exit' };

let looping = false;

process.on('message', async (message: Message) => {
  if (message.type === 'exit') {
    redis.disconnect();
    process.exit(0);
  }
  if (message.type === 'stop-loop') {
    looping = false;
    return;
  }
  tokensUsed.clear();
  issuedCount = 0;
  firstReadSentAt = undefined;
  // A fresh client per command: nothing carried over in process memory between rounds.
  const client = newClient();
  if (message.type === 'reads') {
    const started = performance.now();
    const latencies: number[] = [];
    const outcomes = await Promise.allSettled(
      Array.from({ length: message.reads }, async () => {
        const t0 = performance.now();
        await client.user(message.userId).watchlist();
        latencies.push(performance.now() - t0);
      }),
    );
    const errors = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [`${(o.reason as Error)?.name}: ${(o.reason as Error)?.message}`.slice(0, 160)] : [],
    );
    send({
      type: 'done',
      id: message.id,
      ok: outcomes.length - errors.length,
      issued: issuedCount,
      errors,
      tokensUsed: [...tokensUsed],
      ms: performance.now() - started,
      waitedMs: (firstReadSentAt ?? started) - started,
      latencies,
    });
    return;
  }
  const tally: Record<string, number> = {};
  const timeline: Array<{ at: number; ok: number; failed: number }> = [];
  looping = true;
  while (looping) {
    const outcomes = await Promise.allSettled(
      Array.from({ length: message.batch }, () => client.user(message.userId).watchlist()),
    );
    let ok = 0;
    for (const o of outcomes) {
      const name = o.status === 'fulfilled' ? 'ok' : ((o.reason as Error)?.name ?? 'unknown');
      tally[name] = (tally[name] ?? 0) + 1;
      if (o.status === 'fulfilled') ok++;
    }
    timeline.push({ at: Date.now(), ok, failed: outcomes.length - ok });
    await new Promise((r) => setTimeout(r, 20));
  }
  send({ type: 'done', id: message.id, tally, timeline, tokensUsed: [...tokensUsed] });
});

// Without an offline queue, a command sent before the connection is up fails: wait for it.
if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
send({ type: 'ready' });

/** Forks backend instances (instance-worker.ts) and talks to them; shared by the tests and the benchmark. */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MockService } from '@viewlink/mock';
import type { Redis } from 'ioredis';
import { RedisTokenStore } from '../src/index.js';

const worker = fileURLToPath(new URL('./instance-worker.ts', import.meta.url));
const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** A forked instance. */
export interface Instance {
  readonly child: ChildProcess;
  /** Sends a command and resolves with its `done` answer. */
  run<T = Record<string, unknown>>(command: Record<string, unknown>): Promise<T>;
  /** Resolves when the instance is about to send a renewal request. */
  renewing(): Promise<void>;
  /** Resolves when the server accepted the instance's renewal (HANG_AFTER_RENEW=1). */
  renewed(): Promise<void>;
  kill(): void;
}

let sequence = 0;

/** Forks `count` instances (tsx resolves `@viewlink/*` to the sources through tsconfig paths). */
export async function forkInstances(count: number, env: Record<string, string>): Promise<Instance[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(worker, [], {
        cwd: repo,
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const waiting = new Map<number, (value: unknown) => void>();
      const renewingListeners: Array<() => void> = [];
      const renewedListeners: Array<() => void> = [];
      const exited = new Promise<never>((_, reject) =>
        child.once('exit', (code, signal) => reject(new Error(`instance exited (${code ?? signal})`))),
      );
      exited.catch(() => undefined);
      child.on('message', (message: { type: string; id?: number }) => {
        if (message.type === 'done' && message.id !== undefined) waiting.get(message.id)?.(message);
        if (message.type === 'renewing') for (const listener of renewingListeners.splice(0)) listener();
        if (message.type === 'renewed') for (const listener of renewedListeners.splice(0)) listener();
      });
      await Promise.race([
        new Promise<void>((resolve) =>
          child.on('message', (m: { type: string }) => {
            if (m.type === 'ready') resolve();
          }),
        ),
        exited,
      ]);
      return {
        child,
        run: <T>(command: Record<string, unknown>) => {
          const id = ++sequence;
          const answer = new Promise<T>((resolve) => waiting.set(id, resolve as (value: unknown) => void));
          child.send({ ...command, id });
          return Promise.race([answer, exited]);
        },
        renewing: () => new Promise<void>((resolve) => renewingListeners.push(resolve)),
        renewed: () => new Promise<void>((resolve) => renewedListeners.push(resolve)),
        kill: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        },
      } satisfies Instance;
    }),
  );
}

/** Asks every instance to exit, killing those that do not within a second. */
export async function stopInstances(instances: readonly Instance[]): Promise<void> {
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise<void>((resolve) => {
          const { child } = instance;
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            instance.kill();
            resolve();
          }, 1_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.send({ type: 'exit' });
        }),
    ),
  );
}

/** A token pair as the Partner API issues it. */
export interface IssuedPair {
  readonly access_token: string;
  readonly refresh_token: string;
}

/** Issues a pair for `userId` with the API Key (`POST /v1/auth/token`), as a partner backend does. */
export async function issuePair(baseUrl: string, apiKey: string, userId: string): Promise<IssuedPair> {
  const response = await fetch(`${baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId }),
  });
  return (await response.json()) as IssuedPair;
}

/** The stored record of `pair`, expiring `expiresInMs` from now (negative: already expired). */
export function storedPair(userId: string, pair: IssuedPair, expiresInMs: number) {
  return {
    user_id: userId,
    access_token: pair.access_token,
    refresh_token: pair.refresh_token,
    expires_at: Date.now() + expiresInMs,
  };
}

/** Issues a pair at the Partner fake and stores it in Redis already expired (both sides). */
export async function seedExpiredPair(
  at: { readonly baseUrl: string; readonly apiKey: string; readonly mock: MockService; readonly redis: Redis },
  userId: string,
): Promise<IssuedPair> {
  const issued = await issuePair(at.baseUrl, at.apiKey, userId);
  at.mock.partner.tokens.expire(userId);
  await new RedisTokenStore(at.redis).set(userId, storedPair(userId, issued, -1_000));
  return issued;
}

/**
 * The leak scan of the hostile-server suites: the renderings of an error the issue names, a
 * fast count of every secret (raw, URL-encoded, base64) in them, a logger that records every
 * line with its fields, and a pooled fetch for a thousand concurrent users on loopback.
 */
import { inspect } from 'node:util';
import type { Logger } from '../../src/index.js';

/** Every form a secret may be echoed in. */
export function forms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), btoa(secret)];
}

/**
 * Occurrences of each secret (any form) in the texts, summed. Forms are grouped by their first
 * characters (tokens share a prefix such as `vl_at_`), so a clean haystack of megabytes is
 * scanned once per prefix, not once per secret.
 */
export function countLeaks(
  texts: readonly string[],
  secrets: readonly string[],
): { count: number; examples: string[] } {
  const groups = new Map<string, string[]>();
  for (const secret of secrets) {
    for (const form of forms(secret)) {
      const prefix = form.slice(0, 6);
      groups.set(prefix, [...(groups.get(prefix) ?? []), form]);
    }
  }
  let count = 0;
  const examples: string[] = [];
  const haystack = texts.join('\n');
  for (const [prefix, group] of groups) {
    for (let at = haystack.indexOf(prefix); at >= 0; at = haystack.indexOf(prefix, at + 1)) {
      for (const form of group) {
        if (!haystack.startsWith(form, at)) continue;
        count++;
        if (examples.length < 3) examples.push(haystack.slice(Math.max(0, at - 80), at + form.length + 20));
      }
    }
  }
  return { count, examples };
}

/** The renderings the issue names, for an error and its chain of causes. */
export function renderingsOf(error: unknown): string[] {
  const e = error as Error;
  return [
    String(error),
    e?.message ?? '',
    e?.stack ?? '',
    JSON.stringify(error) ?? '',
    inspect(error, { depth: 10 }),
    inspect(error, { depth: 10, showHidden: true }),
  ];
}

export function recordingLogger(lines: string[]): Required<Logger> {
  const log = (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${message} ${JSON.stringify(fields ?? {})} ${inspect(fields, { depth: 10 })}`);
  return { debug: log, info: log, warn: log, error: log };
}

/**
 * The global fetch with at most `limit` requests on the wire, like a backend's connection pool:
 * a thousand simultaneous sockets overflow the loopback server's accept backlog (resets). The
 * SDK still runs every user's call at once (sessions, renewals, redaction).
 */
export function pooledFetch(limit: number): typeof fetch {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (input, init) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fetch(input, init);
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/**
 * A fetch answered in-process by a mock service's handle (no sockets): the leak scans run a
 * thousand users' errors in seconds; the hostile-network suites cover the wire.
 */
export function inProcessFetch(handle: (request: Request) => Promise<Response>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    init?.signal?.throwIfAborted();
    return handle(request);
  };
}

/** Which requests are retried, how often and how long to wait: one policy for every client. */

/** Retry settings of a client or a request. */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 2. */
  readonly limit?: number;
  /** First backoff in ms; doubles each retry, full jitter applied. Default 300. */
  readonly baseDelayMs?: number;
  /** Upper bound of one backoff in ms. Default 8,000. */
  readonly maxDelayMs?: number;
  /** Longest Retry-After honoured, in ms; longer waits are capped. Default 60,000. */
  readonly maxRetryAfterMs?: number;
}

/** Statuses worth another attempt: request timeout, rate limit, server errors. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504] as const;
/** Statuses whose Retry-After header sets the wait. */
const RETRY_AFTER_STATUSES = [413, 429, 503] as const;
/** Methods that are safe to send twice. POST and PATCH never are. */
export const IDEMPOTENT_METHODS = /* @__PURE__ */ new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Resolved retry settings with every default filled in. */
export type ResolvedRetryPolicy = Required<RetryPolicy>;

/** Fills in defaults and checks the numbers. */
export function resolveRetryPolicy(policy: RetryPolicy | number | false | undefined): ResolvedRetryPolicy {
  const given: RetryPolicy =
    policy === false ? { limit: 0 } : typeof policy === 'number' ? { limit: policy } : (policy ?? {});
  return {
    limit: given.limit ?? 2,
    baseDelayMs: given.baseDelayMs ?? 300,
    maxDelayMs: given.maxDelayMs ?? 8_000,
    maxRetryAfterMs: given.maxRetryAfterMs ?? 60_000,
  };
}

/**
 * What is wrong with a retry option, or `undefined` when it is usable: `false`, an integer
 * count from 0 to 10, or a policy object whose delays are non-negative numbers.
 */
export function retryProblem(policy: unknown): string | undefined {
  if (policy === undefined || policy === false) return undefined;
  if (typeof policy !== 'number' && (typeof policy !== 'object' || policy === null))
    return `\`retry\` must be a retry count, a policy object or false, got ${policy === null ? 'null' : typeof policy}`;
  const { limit, baseDelayMs, maxDelayMs, maxRetryAfterMs } = resolveRetryPolicy(policy as RetryPolicy | number);
  if (!Number.isInteger(limit) || limit < 0 || limit > 10) return '`retry.limit` must be an integer from 0 to 10';
  for (const [name, ms] of [
    ['baseDelayMs', baseDelayMs],
    ['maxDelayMs', maxDelayMs],
    ['maxRetryAfterMs', maxRetryAfterMs],
  ] as const) {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
      return `\`retry.${name}\` must be a non-negative number of milliseconds`;
  }
  return undefined;
}

/** Parses Retry-After (seconds or HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value?.trim()) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** {@link RETRY_STATUSES} and {@link RETRY_AFTER_STATUSES} as sets, for the send loops. */
const retryStatus = /* @__PURE__ */ new Set<number>(RETRY_STATUSES);
const retryAfterStatus = /* @__PURE__ */ new Set<number>(RETRY_AFTER_STATUSES);

/**
 * The wait before retry `attempt` (1-based) after an answer with `status`: its Retry-After where
 * the status carries one (capped by the policy), else the backoff; `undefined` when the status is
 * not worth another attempt. The send stage's rule (internal/send.ts).
 */
export function waitAfterStatus(
  attempt: number,
  policy: ResolvedRetryPolicy,
  status: number,
  headers: Headers,
): number | undefined {
  if (!retryStatus.has(status)) return undefined;
  const asked = retryAfterStatus.has(status) ? parseRetryAfter(headers.get('retry-after')) : undefined;
  return asked === undefined ? backoffMs(attempt, policy) : Math.min(asked, policy.maxRetryAfterMs);
}

/** True for a status {@link waitAfterStatus} would retry. */
export function isRetryStatus(status: number): boolean {
  return retryStatus.has(status);
}

/** Backoff before retry `attempt` (1-based): full jitter over an exponential ceiling. */
export function backoffMs(attempt: number, policy: ResolvedRetryPolicy, random = Math.random): number {
  return random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

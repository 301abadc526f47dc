/**
 * A lighter composition of the engine for a browser client that needs retries but not the full
 * parts (a browser CMS client, say): the light parts of `LightRun` (engine.ts) plus one part, a send
 * stage that retries idempotent requests after a network fault, a timeout or a retryable status
 * (408, 429, 5xx), with backoff and jitter or the server's Retry-After, all within the run's one
 * deadline. No tracing, redaction tables, logger or body limits: those are the transport's.
 */
import { ConfigurationError, ConnectionError, TimeoutError } from '../errors/tree.js';
import { LightRun } from './engine.js';
import {
  backoffMs,
  IDEMPOTENT_METHODS,
  type RetryPolicy,
  resolveRetryPolicy,
  retryProblem,
  waitAfterStatus,
} from './retry-policy.js';
import type { EngineSettings, HeaderRecord, Sent } from './types.js';

/** What a {@link RetryingRun} reads: the engine's settings plus a retry policy. */
export interface RetryingSettings extends EngineSettings {
  /** Retries of idempotent requests: a policy, a retry count (0 to 10), or `false`; default 2 retries. */
  readonly retry?: RetryPolicy | number | false | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The engine with the light parts and retries: `new RetryingRun(settings, prepareRouteKey(key,
 * input, schema)).stages()`. Each attempt is the light send stage (`LightRun.send`); a 401 is not
 * retried here but renewed and replayed by the authorize stage, each replay with its own retries.
 */
export class RetryingRun<T> extends LightRun<T, RetryingSettings> {
  /** The send stage: the light attempt, again while the policy and the deadline allow. */
  override async send(credentials: HeaderRecord | undefined): Promise<Sent> {
    // An unusable policy is a typed error before anything is sent.
    const problem = retryProblem(this.settings.retry);
    if (problem !== undefined) throw new ConfigurationError(problem);
    const policy = resolveRetryPolicy(this.settings.retry);
    const retryable = IDEMPOTENT_METHODS.has(this.request.method);
    for (let attempt = 1; ; attempt++) {
      const canRetry = retryable && attempt <= policy.limit;
      let sent: Sent;
      try {
        sent = await super.send(credentials);
      } catch (error) {
        const transient = error instanceof ConnectionError || error instanceof TimeoutError;
        const wait = backoffMs(attempt, policy);
        if (!canRetry || !transient || wait >= this.deadline - Date.now()) throw error;
        await sleep(wait);
        continue;
      }
      const { status, headers } = sent.response;
      const wait = canRetry ? waitAfterStatus(attempt, policy, status, headers) : undefined;
      // Not retryable, or not worth a wait the deadline cannot hold: this answer is final.
      if (wait === undefined || wait >= this.deadline - Date.now()) return sent;
      clearTimeout(sent.timer);
      await sleep(wait);
    }
  }
}

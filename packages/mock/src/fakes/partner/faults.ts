/** Fault injection for tests and demos: the next N requests to a route fail in a chosen way. */
import { json } from '../../core/router.js';
import { partnerError } from './errors.js';

/** One injected fault (`POST /__mock/faults`). */
export interface FakeFault {
  /** Route key such as `GET /v1/user/watchlist`, or `*` for every API route. */
  readonly route: string;
  /** How many requests it hits. Default 1. */
  times?: number | undefined;
  /** Answer with this status and the error body. */
  readonly status?: number | undefined;
  /** Retry-After seconds sent with the status. */
  readonly retry_after?: number | undefined;
  /** Fail the connection (a network error for the client). */
  readonly reset?: boolean | undefined;
  /** Answer 200 with JSON cut in the middle. */
  readonly truncate?: boolean | undefined;
  /** Answer 200 with a body that breaks the response schema. */
  readonly drift?: boolean | undefined;
  /** Wait this long before answering (real time). */
  readonly delay_ms?: number | undefined;
}

/** The pending faults of one fake. */
export class FaultQueue {
  readonly #faults: FakeFault[] = [];

  /** Adds a fault. */
  add(fault: FakeFault): void {
    this.#faults.push({ ...fault, times: fault.times ?? 1 });
  }

  /** Removes every fault. */
  clear(): void {
    this.#faults.length = 0;
  }

  /** Pending faults. */
  list(): readonly FakeFault[] {
    return this.#faults;
  }

  /** The response for the next faulted request to `routeKey`, if a fault applies. */
  async take(routeKey: string): Promise<Response | undefined> {
    const index = this.#faults.findIndex((f) => f.route === routeKey || f.route === '*');
    const fault = this.#faults[index];
    if (!fault) return undefined;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.#faults.splice(index, 1);
    if (fault.delay_ms) await new Promise((resolve) => setTimeout(resolve, fault.delay_ms));
    if (fault.reset) return Response.error();
    if (fault.truncate)
      return new Response('{"categories":[{"kind":"saved","titles":[{"id":"ttl_1",', {
        headers: { 'content-type': 'application/json' },
      });
    if (fault.drift) return json({ categories: 'not-a-list', items: 42, accounts: null, feeds: {}, ratings: 7 });
    if (fault.status)
      return partnerError(
        fault.status,
        fault.status === 429 ? 'rate_limited' : 'injected_fault',
        `Injected fault ${fault.status}`,
        fault.retry_after === undefined ? undefined : { 'retry-after': String(fault.retry_after) },
      );
    // A delay-only fault lets the request through afterwards.
    return undefined;
  }
}

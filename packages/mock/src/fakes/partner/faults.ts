/** Fault injection for tests and demos: the next N requests to a route fail in a chosen way. */
import { partnerRoutes } from '@viewlink/schemas';
import { ValidationError } from '@viewlink/transport';
import * as z from 'zod/mini';
import { toRouteIssues } from '../../core/route-issues.js';
import { json } from '../../core/router.js';
import { partnerError } from './errors.js';

/** A fault's fields, as `POST /__mock/faults` and `faults.add()` both take them. */
export const FaultFields = z.strictObject({
  route: z.string().check(z.minLength(1)),
  times: z.optional(z.int().check(z.minimum(1))),
  status: z.optional(z.int().check(z.minimum(400), z.maximum(599))),
  retry_after: z.optional(z.int().check(z.minimum(0))),
  reset: z.optional(z.boolean()),
  truncate: z.optional(z.boolean()),
  drift: z.optional(z.boolean()),
  delay_ms: z.optional(z.int().check(z.minimum(0), z.maximum(60_000))),
});

/** Why a well-formed fault would never fire (aimed at no route, or doing nothing), or undefined. */
export function uselessFault(
  fault: z.infer<typeof FaultFields>,
): { readonly code: string; readonly field?: string; readonly message: string } | undefined {
  if (fault.route !== '*' && !Object.hasOwn(partnerRoutes, fault.route))
    return {
      code: 'unknown_fault_route',
      field: 'route',
      message: `${JSON.stringify(fault.route)} is not a Partner API route; use "*" or one of: ${Object.keys(partnerRoutes).join(', ')}`,
    };
  if (!fault.status && !fault.reset && !fault.truncate && !fault.drift && !fault.delay_ms)
    return {
      code: 'empty_fault',
      message: 'The fault does nothing: give status, reset, truncate, drift or delay_ms',
    };
  return undefined;
}

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

  /**
   * Adds a fault.
   * @throws ValidationError (of `@viewlink/transport`) for a fault that could never fire or is
   *   malformed, as `POST /__mock/faults` refuses it: `faults.add(): route "GET /v1/watchlist" is
   *   not a Partner API route; use "*" or one of: ...`. A typo never passes for a working set-up.
   */
  add(fault: FakeFault): void {
    const checked = FaultFields.safeParse(fault);
    if (!checked.success) throw new ValidationError('faults.add()', toRouteIssues(checked.error.issues, fault));
    const useless = uselessFault(checked.data);
    if (useless)
      throw new ValidationError('faults.add()', [
        { path: useless.field === undefined ? [] : [useless.field], message: useless.message },
      ]);
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

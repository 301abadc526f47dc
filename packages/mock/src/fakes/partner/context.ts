/** What every route implementation of the Partner fake shares. */
import type { partnerRoutes } from '@viewlink/schemas';
import type { Implementations } from '../../core/router.js';
import type { FaultQueue } from './faults.js';
import type { LinkFaultQueue } from './link-faults.js';
import type { FakeClock } from './state/clock.js';
import type { FakeService } from './state/services.js';
import type { IssuedPair, TokenLedger } from './state/tokens.js';
import type { FakeUser, UserDirectory } from './state/users.js';
import type { WebhookOutbox } from './webhooks.js';

/** Counters tests read to prove what was (or was not) sent. */
export interface FakeStats {
  /** Requests per route key (`GET /v1/user/watchlist`), failed ones included. */
  readonly requests: Map<string, number>;
  /** Refreshes accepted by POST /v1/user/refresh. */
  refreshes: number;
}

/** Shared state of one Partner fake. */
export interface FakeContext {
  readonly clock: FakeClock;
  readonly users: UserDirectory;
  readonly tokens: TokenLedger;
  readonly webhooks: WebhookOutbox;
  readonly faults: FaultQueue;
  /** Link faults the test extension reads (`/__mock/link-faults`). */
  readonly linkFaults: LinkFaultQueue;
  /** The service catalog (`GET /v1/services`). */
  readonly services: FakeService[];
  readonly stats: FakeStats;
  /** Puts the whole fake back as it was created (`POST /__mock/reset`). */
  reset(): Promise<void>;
  /** The user whose access token authenticated this request (set by the auth check). */
  userOf(request: Request): FakeUser;
  /** Remembers which pair authenticated a request. */
  authenticate(request: Request, pair: IssuedPair): void;
  /** Posts a data file and delivers its webhook (set once the file store exists). */
  postFile(
    userId: string,
    kind: 'initial' | 'delta' | 'user',
    options?: { readonly records?: number | undefined; readonly reason?: string | undefined },
  ): Promise<unknown>;
}

/** Implementations of some Partner routes, built from the context. */
export type PartnerImplementations = Implementations<typeof partnerRoutes>;

/** Shared test setup: a Partner fake behind msw on 127.0.0.1, a movable clock, a client factory. */
import { createPartnerFake, type PartnerFake, type PartnerFakeOptions, toMswHandlers } from '@viewlink/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { PartnerClient, type PartnerClientOptions } from '../src/index.js';

/** Base URL of the msw-served fake. */
export const BASE = 'http://127.0.0.1:4020';
/** A recognisable API key: tests grep for it in every rendering of errors and logs. */
export const API_KEY = 'vl_live_APIKEY_SECRET_9f8e7d';

/** A clock both the fake and the client read, moved by tests. */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

/** What {@link usePartnerFake} returns. */
export interface FakeSetup {
  readonly fake: () => PartnerFake;
  readonly clock: TestClock;
  readonly server: ReturnType<typeof setupServer>;
  /** A client on the fake with the shared clock (retries fast, for fault tests). */
  client(options?: Partial<PartnerClientOptions>): PartnerClient;
}

/** Starts an msw server with a fresh fake per test (state never leaks between tests). */
export function usePartnerFake(options: PartnerFakeOptions = {}): FakeSetup {
  let t = Date.UTC(2026, 10, 20, 9, 0, 0);
  const clock: TestClock = {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
  let fake: PartnerFake;
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  const install = () => {
    fake = createPartnerFake({ apiKeys: [API_KEY], now: clock.now, refreshDelayMs: 1, ...options });
    server.resetHandlers(...toMswHandlers(BASE, fake));
  };
  install();
  afterEach(install);
  afterAll(() => server.close());
  return {
    fake: () => fake,
    clock,
    server,
    client: (overrides = {}) =>
      new PartnerClient({
        apiKey: API_KEY,
        baseUrl: BASE,
        now: clock.now,
        retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 5 },
        ...overrides,
      }),
  };
}

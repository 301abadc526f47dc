import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Base URL of every msw-served test API. */
export const BASE = 'http://127.0.0.1:4999/api';

/** An msw server that fails tests on unhandled requests. */
export function useMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

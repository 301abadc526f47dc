import * as schemas from '@viewlink/schemas';
import type { PreparedRequest, RouteSender, TransportResponse } from '@viewlink/transport';
import { describe, expect, it, vi } from 'vitest';
import { partnerRouteClient } from '../src/internal/call.js';

vi.mock('@viewlink/schemas', async (importOriginal) => {
  const original = await importOriginal<typeof schemas>();
  return { ...original, compiledValidator: vi.fn(original.compiledValidator) };
});

/** Sends nothing: records the response schema each prepared request hands to the transport. */
function recordingTransport(): { transport: RouteSender; schemas: unknown[] } {
  const seen: unknown[] = [];
  const transport: RouteSender = {
    send: async <T>(request: PreparedRequest<T>): Promise<TransportResponse<T>> => {
      seen.push(request.schema);
      const answered = { method: request.method, url: request.path };
      return { data: undefined as T, status: 200, headers: new Headers(), requestId: undefined, request: answered };
    },
  };
  return { transport, schemas: seen };
}

describe('partnerRouteClient', () => {
  it("resolves a route's compiled response validator once, on its first call", async () => {
    const compiledValidator = vi.mocked(schemas.compiledValidator);
    const { transport, schemas: sent } = recordingTransport();
    const routes = partnerRouteClient(transport);
    const accounts = schemas.partnerRoutes['GET /v1/user/accounts'].response;
    const watchlist = schemas.partnerRoutes['GET /v1/user/watchlist'].response;
    const before = compiledValidator.mock.calls.length;
    await routes.call('GET /v1/user/accounts');
    await routes.call('GET /v1/user/accounts');
    await routes.call('GET /v1/user/watchlist');
    await routes.call('GET /v1/user/watchlist');
    expect(compiledValidator.mock.calls.slice(before)).toEqual([[accounts], [watchlist]]);
    const [accountsCompiled, watchlistCompiled] = compiledValidator.mock.results
      .slice(before)
      .map((result) => result.value);
    expect(sent).toEqual([accountsCompiled, accountsCompiled, watchlistCompiled, watchlistCompiled]);
    expect(sent[0]).toBe(accountsCompiled);
    expect(sent[2]).toBe(watchlistCompiled);
    expect(accountsCompiled).not.toBe(watchlistCompiled);
  });
});

import * as schemas from '@viewlink/schemas';
import type { RequestOptions, Transport } from '@viewlink/transport';
import { describe, expect, it, vi } from 'vitest';
import { prepare } from '../src/internal/call.js';

vi.mock('@viewlink/schemas', async (importOriginal) => {
  const original = await importOriginal<typeof schemas>();
  return { ...original, compiledValidator: vi.fn(original.compiledValidator) };
});

/** Sends nothing: records the response schema each call hands to the transport. */
function recordingTransport(): { transport: Transport; schemas: unknown[] } {
  const seen: unknown[] = [];
  const transport = {
    request: async (options: RequestOptions) => {
      seen.push(options.schema);
      return { data: { accounts: [] }, status: 200, headers: new Headers() };
    },
  } as unknown as Transport;
  return { transport, schemas: seen };
}

describe('prepare', () => {
  it("resolves a route's compiled response validator once, on its first call", async () => {
    const compiledValidator = vi.mocked(schemas.compiledValidator);
    const { transport, schemas: sent } = recordingTransport();
    const accounts = schemas.partnerRoutes['GET /v1/user/accounts'].response;
    const watchlist = schemas.partnerRoutes['GET /v1/user/watchlist'].response;
    const before = compiledValidator.mock.calls.length;
    await prepare('GET /v1/user/accounts').send(transport);
    await prepare('GET /v1/user/accounts').send(transport);
    await prepare('GET /v1/user/watchlist').send(transport);
    await prepare('GET /v1/user/watchlist').send(transport);
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

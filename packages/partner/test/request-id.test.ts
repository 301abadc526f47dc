// error.requestId can be tried locally: viewlink-mock sends an x-request-id on every answer, and
// the client's errors carry it (issue 23).
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerClient } from '../src/index.js';

const service = createMockService({ partner: { apiKeys: ['vl_test_api_key'] } });
let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  server = await serve({ handle: service.handle });
});
afterAll(() => server.close());

describe('error.requestId against viewlink-mock', () => {
  it('is the x-request-id the mock sent with the refusal', async () => {
    const client = new PartnerClient({ apiKey: 'vl_wrong_key', baseUrl: server.url, retry: { limit: 0 } });
    const error = await client
      .user('user-123')
      .tokenPair()
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toMatchObject({ status: 401, requestId: expect.stringMatching(/^mock-[0-9a-f-]{36}$/) });
  });
});

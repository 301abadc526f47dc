import { describe, expect, it } from 'vitest';
import { createPartnerFake } from '../src/index.js';

describe('Partner fake: CORS for the browser SDK', () => {
  it('allows the headers @viewlink/web sends from another origin (Authorization, the SDK Key header)', async () => {
    const fake = createPartnerFake();
    const preflight = await fake.handle(
      new Request('http://127.0.0.1:4010/v1/user/watchlist', {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:5173',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization, x-viewlink-sdk-key',
        },
      }),
    );
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-viewlink-sdk-key']));
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

import { describe, expect, it } from 'vitest';
import { partnerRoutes, StreamingServiceId, TokenIssueRequest, TokenPair } from '../src/partner/index.js';

describe('partner schemas', () => {
  it('accepts an unknown streaming service id', () => {
    expect(StreamingServiceId.safeParse('brand-new-service').success).toBe(true);
  });
  it('lets unknown fields pass on a token pair response', () => {
    const out = TokenPair.parse({ access_token: 'a', refresh_token: 'r', expires_in: 3600, extra: 1 });
    expect(out).toMatchObject({ extra: 1 });
  });
  it('rejects unknown fields on caller input', () => {
    expect(TokenIssueRequest.safeParse({ user_id: 'u', extra: 1 }).success).toBe(false);
  });
  it('has unique operationIds and keys that match method + path', () => {
    const defs = Object.entries(partnerRoutes);
    expect(new Set(defs.map(([, d]) => d.operationId)).size).toBe(defs.length);
    for (const [key, d] of defs) expect(key).toBe(`${d.method} ${d.path}`);
  });
});

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

import { PartnerTitle, PartnerWebhookEvent, WatchHistoryEntry } from '../src/partner/index.js';

describe('partner data objects', () => {
  const title = { id: 't1', service: 'x', name: 'N', watch_now_url: 'https://example.com/t1' };
  it('parses a title without episode id or progress', () => {
    expect(PartnerTitle.safeParse(title).success).toBe(true);
  });
  it('rejects completion percentage above 100 with a path', () => {
    const r = WatchHistoryEntry.safeParse({ title, completion_percentage: 101, watched_at: '2026-01-01T00:00:00Z' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['completion_percentage']);
  });
  it('parses an unknown webhook type as a generic event', () => {
    expect(PartnerWebhookEvent.parse({ type: 'SomethingNew', x: 1 })).toMatchObject({ type: 'SomethingNew' });
  });
});

describe('WatchHistoryPage: the documented order', () => {
  it("describes its items as the SDK's iterator, the fake and the spec deliver them: oldest first", async () => {
    const { globalRegistry } = await import('zod/v4/core');
    const { WatchHistoryPage } = await import('../src/partner/index.js');
    // The description is the OpenAPI text and the generated type's JSDoc (the editor hover); it
    // said "most recently watched first" while every page is chronological (spec: "chronological record").
    const description = globalRegistry.get(WatchHistoryPage.shape.items)?.description ?? '';
    expect(description).toMatch(/oldest first/);
    expect(description).not.toMatch(/most recent/);
  });
});

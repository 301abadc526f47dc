import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PartnerTitle, RecommendationQuery, WatchHistoryEntry, WatchNowUrl } from '../src/partner/index.js';

describe('WatchNowUrl', () => {
  it('accepts absolute http(s) URLs only', () => {
    for (const ok of ['https://watch.example.com/a/b?x=1#t', 'http://127.0.0.1:8080/x', 'HTTPS://EXAMPLE.COM'])
      expect(WatchNowUrl.safeParse(ok).success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'https://', 'https://a b', 'ftp://x.y'])
      expect(WatchNowUrl.safeParse(bad).success).toBe(false);
  });

  it('decides as the case-insensitive rule it spells out, on any string', () => {
    const rule = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
    // Prefixes in every case, then characters the rule cares about (separators, Unicode spaces).
    const prefix = fc.constantFrom('http://', 'https://', 'HTTP://', 'hTtPs://', 'https:/', 'httpss://', 'ſtp://', '');
    const tail = fc.string({
      unit: fc.constantFrom('a', 'Z', '/', '?', '#', ':', ' ', '\t', '\u00a0', '\u2028', '\ufeff', '\u3000', 'é', '𝒳'),
    });
    fc.assert(
      fc.property(prefix, tail, (p, t) => WatchNowUrl.safeParse(p + t).success === rule.test(p + t)),
      { numRuns: 20_000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => WatchNowUrl.safeParse(s).success === rule.test(s)));
  });

  it('exports a JSON Schema pattern that accepts what zod accepts (no regex flags there)', () => {
    const { pattern } = z.toJSONSchema(WatchNowUrl) as { pattern: string };
    for (const url of ['HTTPS://EXAMPLE.COM/x', 'Http://a.b', 'https://watch.example.com/t?x=1'])
      expect(new RegExp(pattern).test(url), url).toBe(WatchNowUrl.safeParse(url).success);
  });
});

describe('PartnerTitle and WatchHistoryEntry', () => {
  it('let unknown keys pass and report issues with paths', () => {
    const title = { id: 't', service: 'svc', name: 'N', watch_now_url: 'https://x.example/t', new_field: 1 };
    expect(PartnerTitle.parse(title)).toEqual(title);
    const r = WatchHistoryEntry.safeParse({
      title: { ...title, service: 'Bad Id' },
      completion_percentage: 5,
      watched_at: 'x',
    });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['title.service', 'watched_at']);
  });
});

describe('RecommendationQuery', () => {
  it('takes an optional service slug and nothing else', () => {
    expect(RecommendationQuery.safeParse({}).success).toBe(true);
    expect(RecommendationQuery.safeParse({ service: 'brand-new' }).success).toBe(true);
    expect(RecommendationQuery.safeParse({ service: 'Brand New' }).success).toBe(false);
    expect(RecommendationQuery.safeParse({ services: 'x' }).success).toBe(false);
  });
});

// The npm page (README.md) names as the browser SDK's reads only methods `SDK` has: it once listed
// history, ratings and recommendations, which only the partner backend's client reads.
import { readFileSync } from 'node:fs';
import { SDK } from '@viewlink/web';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('@viewlink/web README', () => {
  it('lists as reads only methods of SDK', () => {
    // The intro's "Then the reads: ..." up to the semicolon (what follows is the backend's part).
    const intro = readme.split('\n## ')[0]?.replace(/\s+/g, ' ') ?? '';
    const reads = /Then the (?:same )?reads[^:]*: (.+?)(?:;|\. )/.exec(intro)?.[1];
    expect(reads, 'the intro says which reads the browser SDK has').toBeDefined();
    const items = (reads ?? '').split(/,| and /).map((item) => item.trim());
    const named = items.map((item) => /^`SDK\.(\w+)\(\)`/.exec(item)?.[1]);
    expect(items.filter((_, i) => named[i] === undefined)).toEqual([]);
    expect(
      named.filter((name) => typeof (SDK as unknown as Record<string, unknown>)[name ?? ''] !== 'function'),
    ).toEqual([]);
  });
});

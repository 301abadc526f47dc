/**
 * Issue 22: a `user.watchlist()` read, followed from the method to `fetch` and back, crosses at
 * most 10 files of the client and its pipeline (@viewlink/partner, @viewlink/transport), and
 * docs/architecture.md lists exactly those files. Measured, not assumed: V8's precise coverage
 * (call counts) is reset after warm-up reads, then one read runs against the Partner fake (msw);
 * each source file with a function that ran is a file the read entered. Module bodies and
 * type-only imports run nothing then, so they do not count. The route table's response
 * validator (@viewlink/schemas) is what the client plugs in: reported beside, not counted.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePartnerFake } from './fixtures.js';

const setup = usePartnerFake();
const session = new Session();
const packages = fileURLToPath(new URL('../../', import.meta.url));
const WALKED = /^(partner|transport)\/src\//;
const PLUGGED_IN = /^schemas\/src\//;

beforeAll(async () => {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});
afterAll(async () => {
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
});

/** Source files under packages/<name>/src (as `partner/src/user.ts`) with a named function that ran since the last take. */
async function filesEntered(): Promise<string[]> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    const path = script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url;
    if (!path.startsWith(packages) || !path.includes('/src/')) continue;
    // A module's top-level function has no name: it ran at import, not during the read.
    if (script.functions.some((fn) => fn.functionName !== '' && (fn.ranges[0]?.count ?? 0) > 0))
      files.add(path.slice(packages.length).split('?')[0] ?? '');
  }
  return [...files].sort();
}

/** The numbered walk under "A read, file by file" in docs/architecture.md. */
function documentedWalk(): string[] {
  const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
  const section = doc.split('## A read, file by file')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^\d+\. `([a-z-]+\/src\/[^`]+)`/gm)].map((m) => m[1] ?? '');
}

describe('the user.watchlist() read path', () => {
  it('enters at most 10 files of partner and transport, the ones docs/architecture.md lists', async () => {
    const user = setup.client().user('demo-user');
    // Warm-up: the pair issued and stored, the route compiled, the validator built.
    await user.watchlist();
    await user.watchlist();
    await filesEntered();
    const watchlist = await user.watchlist();
    const entered = await filesEntered();
    expect(watchlist.categories.length).toBeGreaterThan(0);
    const walked = entered.filter((file) => WALKED.test(file));
    expect(walked.length, `entered: ${walked.join(', ')}`).toBeLessThanOrEqual(10);
    // Nothing else of the SDK runs: the mock (msw's side) and the plug-ins aside.
    expect(entered.filter((file) => !WALKED.test(file) && !PLUGGED_IN.test(file) && !file.startsWith('mock/'))).toEqual(
      [],
    );
    expect([...documentedWalk()].sort()).toEqual(walked);
  });
});

// The React guide's Next.js page (examples/docs/react/next/page.tsx) as `next build` meets it:
// the build loads each page module to collect its data without the server's secrets, so the module
// must load without VIEWLINK_API_KEY; and a page of one user's data must never be prerendered.
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('docs/getting-started/react.md: the Next.js page', () => {
  it('loads without the server secrets (as next build loads it) and is rendered per request', async () => {
    vi.stubEnv('VIEWLINK_API_KEY', undefined);
    vi.stubEnv('VIEWLINK_BASE_URL', undefined);
    vi.stubEnv('VIEWLINK_SDK_KEY', undefined);
    // By a path tsc does not follow: the sample is checked with a Next.js app's settings
    // (examples/docs/tsconfig.json), not this workspace's NodeNext ones.
    const sample = '../../../examples/docs/react/next/page.tsx';
    const page: { default?: unknown; dynamic?: unknown } = await import(/* @vite-ignore */ sample);
    expect(typeof page.default).toBe('function');
    expect(page.dynamic).toBe('force-dynamic');
  });
});

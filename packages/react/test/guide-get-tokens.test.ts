// @vitest-environment happy-dom
// The React guide's getTokens() (examples/docs/react/next/link-panel.tsx) against a token route that
// refuses (401: the user's session ended): the TokenRenewalError's cause names the route's status,
// not "Unexpected end of JSON input" from parsing the empty body of the refusal.
import type { TokenRequest } from '@viewlink/react';
import { createSdk, type TokenPair, TokenRenewalError } from '@viewlink/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientFor } from '../src/client.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('docs/getting-started/react.md: getTokens()', () => {
  it('a refused token route fails with its status', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 401 }));
    // By a path tsc does not follow: the sample is checked with a Next.js app's settings.
    const sample = '../../../examples/docs/react/next/link-panel.tsx';
    const { getTokens } = (await import(/* @vite-ignore */ sample)) as {
      getTokens: (request: TokenRequest) => Promise<TokenPair>;
    };
    const client = clientFor(createSdk());
    client.configure({ sdkKey: 'vl_sdk_guide', getTokens, options: { baseUrl: 'https://api.example.test' } });
    const error = await client.ready().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TokenRenewalError);
    expect(((error as Error).cause as Error).message).toBe('The token route answered 401');
    expect((error as Error).message).toBe('getTokens() of <ViewlinkProvider> failed: The token route answered 401');
  });
});

// @vitest-environment happy-dom
// connect() loads its link flow (src/core/link.ts) on first use with import(). When that module
// cannot load (offline, a deploy removed the chunk), connect ends with a typed ConnectError.
import { ConnectError, createSdk } from '@viewlink/web';
import { describe, expect, it, vi } from 'vitest';
import { BASE, json, leaks, pair, SDK_KEY, stubFetch } from './helpers.js';

vi.mock('../src/core/link.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/link-x.js');
});

describe('connect when the linking code does not load', () => {
  it('rejects with ConnectError reason not-loaded, before any extension message, without secrets', async () => {
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
      configurable: true,
    });
    const connectCalls: string[] = [];
    (globalThis as { chrome?: unknown }).chrome = {
      runtime: {
        connect(id: string) {
          connectCalls.push(id);
          throw new Error('not reached');
        },
      },
    };
    const { fetch } = stubFetch(() => json({ accounts: [] }));
    const sdk = createSdk({ baseUrl: BASE, fetch, extensionId: 'abcdefghijklmnopabcdefghijklmnop' });
    sdk.initialize(SDK_KEY, pair());
    sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
    const error = await sdk.connect({ service: 'streamflix' }).catch((e: unknown) => e);
    delete (globalThis as { chrome?: unknown }).chrome;
    expect(error).toBeInstanceOf(ConnectError);
    expect(error).toMatchObject({ reason: 'not-loaded', code: 'connect_failed', linkSessionId: undefined });
    expect((error as Error).message).toMatch(/^Account linking failed \(not-loaded\): the linking code did not load/);
    expect(leaks(error)).toEqual([]);
    expect(connectCalls).toEqual([]);
  });
});

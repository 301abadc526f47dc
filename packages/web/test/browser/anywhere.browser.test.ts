/**
 * Issue 20, item 1 in real Chromium: a read without an `onTokenExpired` handler fails at once
 * with the typed error, and `connect` before `initialize` reports `NotInitializedError` first
 * (the page has the extension, so every later check would pass).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from './fixture.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx?.close();
});

describe('@viewlink/web safe anywhere, in Chromium', () => {
  it('a refused token with no onTokenExpired handler fails at once, naming the handler', async () => {
    const page = await fx.context.newPage();
    await page.goto(`${fx.url}/app/harness.html`);
    const outcome = await page.evaluate(async () => {
      const { createSdk } = window.Viewlink;
      const sdk = createSdk({ baseUrl: location.origin });
      sdk.initialize('vl_sdk_test_key', {
        access_token: 'vl_at_unknown_to_the_service',
        refresh_token: 'vl_rt_x',
        token_type: 'Bearer',
        expires_in: 3600,
      });
      const started = performance.now();
      const error = await sdk.watchlist().then(
        () => new Error('resolved'),
        (e: Error) => e,
      );
      sdk.dispose();
      return {
        name: error.name,
        code: (error as { code?: string }).code,
        message: error.message,
        ms: performance.now() - started,
      };
    });
    expect(outcome).toMatchObject({ name: 'TokenExpiredHandlerMissingError', code: 'token_expired_no_handler' });
    expect(outcome.message).toContain('SDK.onTokenExpired(handler)');
    expect(outcome.ms).toBeLessThan(5_000); // not the 30 s renewal timeout
    await page.close();
  });
  it('connect before initialize: NotInitializedError, before consent', async () => {
    const page = await fx.context.newPage();
    await page.goto(`${fx.url}/app/harness.html`);
    const name = await page.evaluate(() =>
      window.Viewlink.createSdk({ baseUrl: location.origin })
        .connect({ service: 'streamflix' })
        .then(
          () => 'resolved',
          (e: Error) => e.name,
        ),
    );
    expect(name).toBe('NotInitializedError');
    await page.close();
  });
});

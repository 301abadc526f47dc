// The Chromium page of the runtime matrix, bundled by esbuild from the INSTALLED @viewlink/web
// and @viewlink/cms. The web facade talks to the mock server on another origin (CORS, as a
// partner's page talks to the API); the CMS client talks to the page's own origin (as code in
// a site's own pages does). The orchestrator calls window.runPageScenario and reads the result.
import * as cms from '@viewlink/cms';
import * as web from '@viewlink/web';
import { assert, cmsChecks, createChecks, identityChecks } from '../scenario.mjs';

window.runPageScenario = async ({ partnerUrl }) => {
  const { check, result } = createChecks('chromium');
  const siteUrl = location.origin;
  const thrown = {};
  let session;
  await check('web: SDK.initialize with the pair the backend issued', async () => {
    session = await (await fetch('/runtimes/session', { method: 'POST' })).json();
    web.SDK.initialize(session.sdk_key, session.tokens, { baseUrl: partnerUrl });
  });
  await check('web: reads the watchlist from the API on another origin', async () => {
    const watchlist = await web.SDK.watchlist();
    assert(Array.isArray(watchlist.categories) && watchlist.categories.length > 0, 'watchlist has categories');
  });
  await check('web: an API Key or a bad pair is refused before any request', async () => {
    const sdk = web.createSdk();
    let refused;
    try {
      sdk.initialize('vl_test_api_key', session.tokens, { baseUrl: partnerUrl });
    } catch (error) {
      refused = error;
    }
    assert(
      refused?.name === 'ApiKeyNotAllowedError',
      `ApiKeyNotAllowedError, got ${refused?.name}: ${refused?.message}`,
    );
    try {
      sdk.initialize(session.sdk_key, { ...session.tokens, access_token: 42 }, { baseUrl: partnerUrl });
    } catch (error) {
      thrown.web = error;
    }
    assert(
      thrown.web?.name === 'ValidationError',
      `ValidationError for a bad pair, got ${thrown.web?.name}: ${thrown.web?.message}`,
    );
    assert(!String(thrown.web).includes(session.tokens.access_token), 'the error names no token');
  });
  await cmsChecks(cms, siteUrl, check, thrown);
  await identityChecks({ web, cms }, thrown, check);
  return { ...result(), version: navigator.userAgent };
};

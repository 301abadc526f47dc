// What a React Native app does with @viewlink/web, run on Hermes by run.mjs: initialize, reads,
// refresh, disconnect, consent, token renewal, typed errors, and connect()'s refusal; with
// @viewlink/cms (a blog read without credentials; an editor's application password and uploads);
// and @viewlink/transport's `stream` refusal. FIXTURE (token pairs, the CMS posts, the resolution
// mode) is put in by run.mjs; the globals come from react-native-globals.js.
import { QueryClient } from '@tanstack/query-core';
import * as cms from '@viewlink/cms';
import * as react from '@viewlink/react';
import { accountsQuery, viewlinkKeys, watchlistQuery } from '@viewlink/react/query';
import { Transport } from '@viewlink/transport';
import * as web from '@viewlink/web';

const checks = [];
const check = async (name, body) => {
  try {
    await body();
    checks.push(`ok   ${name}`);
  } catch (error) {
    // Where it was thrown too (the first frames): a TypeError inside a package says little alone.
    const frames = String(error?.stack ?? '')
      .split('\n')
      .slice(1, 4)
      .join('\n');
    checks.push(`FAIL ${name}: ${error?.name}: ${error?.message}${frames ? `\n${frames}` : ''}`);
  }
};
const assert = (condition, message) => {
  if (!condition) throw new Error(`assertion failed: ${message}`);
};
const rejection = async (promise) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but it resolved');
};

const BASE = 'http://127.0.0.1:4010';
const SDK_KEY = 'vl_sdk_hermes_app';

async function main() {
  await check('the engine lacks what the SDK must not need', () => {
    // (React Native 0.88's own AbortSignal brings AbortSignal.timeout; the SDK does not use it.)
    for (const name of [
      'TextDecoder',
      'ReadableStream',
      'structuredClone',
      'crypto',
      'document',
      'BroadcastChannel',
      'MessageChannel',
    ])
      assert(typeof globalThis[name] === 'undefined', `${name} is absent`);
    // React Native's fetch (whatwg-fetch over XMLHttpRequest): a Response has no body stream.
    assert(new Response('x').body === undefined, 'a Response without a body stream');
    // React Native's URL: accepts anything, so the SDK must not rely on it to refuse a bad address.
    assert(new URL('not a url').href === 'not a url', "React Native's URL is in use");
  });

  const sdk = web.createSdk({ baseUrl: BASE });
  await check('initialize under React Native URL', () => {
    sdk.initialize(SDK_KEY, FIXTURE.pair);
    assert(sdk.initialized, 'initialized');
  });

  await check("initialize under an older React Native's URL, whose getters throw", () => {
    const current = globalThis.URL;
    // React Native before its URL getters were written: only href; the rest threw.
    function OlderUrl(url) {
      this._url = url;
    }
    for (const name of ['protocol', 'hostname', 'host', 'port', 'username', 'password', 'search', 'hash', 'origin'])
      Object.defineProperty(OlderUrl.prototype, name, {
        get() {
          throw new Error(`URL.${name} is not implemented`);
        },
      });
    Object.defineProperty(OlderUrl.prototype, 'href', {
      get() {
        return this._url;
      },
    });
    globalThis.URL = OlderUrl;
    try {
      const older = web.createSdk({ baseUrl: BASE });
      older.initialize(SDK_KEY, FIXTURE.pair);
      assert(older.initialized, 'initialized');
      older.dispose();
    } finally {
      globalThis.URL = current;
    }
  });

  await check('a bad baseUrl is a typed ConfigurationError', () => {
    let error;
    try {
      web.createSdk().initialize(SDK_KEY, FIXTURE.pair, { baseUrl: 'not a url' });
    } catch (caught) {
      error = caught;
    }
    assert(web.isViewlinkError(error, web.ConfigurationError), `ConfigurationError, got ${error}`);
    assert(error instanceof web.ConfigurationError, 'instanceof (same copy)');
    assert(/baseUrl must be https:/.test(error.message), error.message);
  });

  await check('watchlist() through React Native fetch', async () => {
    const watchlist = await sdk.watchlist();
    assert(Array.isArray(watchlist.categories) && watchlist.categories.length > 0, 'categories');
    const sent = __sent[__sent.length - 1];
    assert(sent.method === 'GET' && sent.path === '/v1/user/watchlist', `${sent.method} ${sent.path}`);
    assert(sent.headers.authorization === `Bearer ${FIXTURE.pair.access_token}`, 'the access token');
    assert(sent.headers['x-viewlink-sdk-key'] === SDK_KEY, 'the SDK Key');
  });

  await check('accounts() flags the broken account', async () => {
    const broken = [];
    const off = sdk.on('broken', (account) => broken.push(account.service));
    const accounts = await sdk.accounts();
    off();
    assert(accounts.length === FIXTURE.accounts, `${FIXTURE.accounts} accounts, got ${accounts.length}`);
    assert(broken.join() === FIXTURE.broken.join(), `broken: ${broken.join()}`);
  });

  await check("a throwing 'broken' listener: accounts() still answers, the error is reported on its own", async () => {
    const before = __uncaught.length;
    const listening = web.createSdk({ baseUrl: BASE });
    listening.initialize(SDK_KEY, FIXTURE.pair);
    listening.on('broken', () => {
      throw new Error('the app listener failed');
    });
    try {
      const accounts = await listening.accounts();
      assert(accounts.length === FIXTURE.accounts, 'the accounts');
    } finally {
      listening.dispose();
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert(__uncaught.length > before && __uncaught[before].message === 'the app listener failed', 'reported');
  });

  await check('refresh() without navigator.userActivation (the app binds it to a press)', async () => {
    const answer = await sdk.refresh();
    assert(typeof answer.refresh_id === 'string', 'a refresh_id');
    assert(__sent[__sent.length - 1].body === '{}', 'an empty JSON body');
  });

  await check('disconnect() without navigator.userActivation (the app binds it to a press)', async () => {
    const { service, path } = FIXTURE.disconnect;
    const answer = await sdk.disconnect({ service, keepData: true });
    assert(answer.account?.service === service, `the account of ${service}`);
    const sent = __sent[__sent.length - 1];
    assert(sent.method === 'POST' && sent.path === path, `${sent.method} ${sent.path}`);
    assert(sent.body === '{"keep_data":true}', `keep_data sent: ${sent.body}`);
  });

  await check('consent: record, get, withdraw', () => {
    const record = sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
    assert(record.video_privacy && record.terms_and_privacy && Date.parse(record.accepted_at) > 0, 'a record');
    assert(sdk.consent.get() === record, 'kept');
    sdk.consent.withdraw();
    assert(sdk.consent.get() === undefined, 'withdrawn');
    let error;
    try {
      sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: false });
    } catch (caught) {
      error = caught;
    }
    assert(web.isViewlinkError(error, web.ConsentRequiredError), 'ConsentRequiredError');
    assert(error.missing.join() === 'terms_and_privacy', 'names the missing consent');
  });

  await check('connect() rejects: linking needs desktop Chrome or Edge', async () => {
    sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
    const before = __sent.length;
    const error = await rejection(sdk.connect({ service: 'streamflix' }));
    assert(web.isViewlinkError(error, web.UnsupportedEnvironmentError), `UnsupportedEnvironmentError, got ${error}`);
    assert(error.reason === 'app', `reason app, got ${error.reason}`);
    assert(/desktop Chrome or Edge/.test(error.message) && /React Native app/.test(error.message), error.message);
    assert(!/open this page/.test(error.message), 'no page to open in an app');
    assert(__sent.length === before, 'nothing sent');
    const support = web.checkLinkingSupport();
    assert(!support.supported && support.error.reason === 'app', 'checkLinkingSupport says so too');
  });

  await check('a refused token: onTokenExpired renews it, the read is replayed', async () => {
    const renewing = web.createSdk({ baseUrl: BASE });
    const reasons = [];
    renewing.onTokenExpired((event) => {
      reasons.push(event.reason);
      // The app asks its backend for a new pair: an answer that takes a while.
      return new Promise((resolve) => setTimeout(resolve, 250)).then(() => renewing.initialize(SDK_KEY, FIXTURE.pair));
    });
    renewing.initialize(SDK_KEY, FIXTURE.revoked);
    const started = __virtualNow();
    const watchlist = await renewing.watchlist();
    assert(watchlist.categories.length > 0, 'the replayed read');
    assert(reasons.join() === 'unauthorized', `reasons: ${reasons.join()}`);
    assert(__virtualNow() - started >= 250, 'the handler timer waited its delay');
    renewing.dispose();
  });

  await check('services() reads the service list', async () => {
    const services = await sdk.services();
    assert(Array.isArray(services) && services.length > 0, 'services');
    assert(
      services.every((entry) => typeof entry.linkable === 'boolean'),
      'linkable, told for this device',
    );
    assert(
      services.every((entry) => !entry.linkable),
      'nothing linkable in an app',
    );
  });

  await check('reads at once on a refused token: one renewal, each read replayed', async () => {
    const renewing = web.createSdk({ baseUrl: BASE });
    const reasons = [];
    renewing.onTokenExpired((event) => {
      reasons.push(event.reason);
      return new Promise((resolve) => setTimeout(resolve, 100)).then(() => renewing.initialize(SDK_KEY, FIXTURE.pair));
    });
    renewing.initialize(SDK_KEY, FIXTURE.revoked);
    const before = __sent.length;
    const [watchlist, accounts, services] = await Promise.all([
      renewing.watchlist(),
      renewing.accounts(),
      renewing.services(),
    ]);
    assert(watchlist.categories.length > 0 && accounts.length === FIXTURE.accounts, 'the replayed reads');
    assert(services.length > 0, 'the service list (public: answered with the refused token too)');
    assert(reasons.join() === 'unauthorized', `one renewal, reasons: ${reasons.join()}`);
    const sent = __sent
      .slice(before)
      .map((request) => `${request.path} ${request.headers.authorization}`)
      .sort();
    const { access_token: renewed } = FIXTURE.pair;
    const refused = FIXTURE.revoked.access_token;
    const expected = [
      `/v1/services Bearer ${refused}`,
      `/v1/user/accounts Bearer ${refused}`,
      `/v1/user/accounts Bearer ${renewed}`,
      `/v1/user/watchlist Bearer ${refused}`,
      `/v1/user/watchlist Bearer ${renewed}`,
    ].sort();
    assert(sent.join() === expected.join(), `each read sent once per token: ${sent.join(', ')}`);
    renewing.dispose();
  });

  await check(
    'back from the background: a token that expired while timers were paused is renewed before the read',
    async () => {
      // React Native pauses timers in the background: the `expiring` timer never fired, the clock moved on.
      const resumed = web.createSdk({ baseUrl: BASE });
      const reasons = [];
      resumed.onTokenExpired((event) => {
        reasons.push(event.reason);
        resumed.initialize(SDK_KEY, FIXTURE.pair);
      });
      resumed.initialize(SDK_KEY, { ...FIXTURE.pair, access_token: 'vl_at_expired_in_the_background' });
      const realNow = Date.now;
      const hoursLater = realNow() + 2 * 3600 * 1000;
      Date.now = () => hoursLater;
      try {
        const before = __sent.length;
        const watchlist = await resumed.watchlist();
        assert(watchlist.categories.length > 0, 'the read');
        assert(reasons.join() === 'expired', `reasons: ${reasons.join()}`);
        const sent = __sent.slice(before).map((request) => request.headers.authorization);
        assert(
          sent.join() === `Bearer ${FIXTURE.pair.access_token}`,
          `sent with the renewed token only: ${sent.join()}`,
        );
      } finally {
        Date.now = realNow;
        resumed.dispose();
      }
    },
  );

  await check('a refused token without a handler: TokenExpiredHandlerMissingError at once', async () => {
    const alone = web.createSdk({ baseUrl: BASE });
    alone.initialize(SDK_KEY, FIXTURE.revoked);
    const error = await rejection(alone.accounts());
    assert(web.isViewlinkError(error, web.TokenExpiredHandlerMissingError), `got ${error?.name}`);
    assert(!error.message.includes(FIXTURE.revoked.access_token), 'no token in the message');
    alone.dispose();
  });

  await check("offline: React Native fetch's 'Network request failed' is a typed ConnectionError", async () => {
    const offline = web.createSdk({ baseUrl: BASE });
    // No recorded answer for this token: the XMLHttpRequest errors, as when the phone is offline.
    offline.initialize(SDK_KEY, { ...FIXTURE.pair, access_token: 'vl_at_offline' });
    const error = await rejection(offline.watchlist());
    assert(web.isViewlinkError(error, web.ConnectionError), `ConnectionError, got ${error?.name}`);
    assert(error instanceof web.ViewlinkError && error.code === 'connection_error', error.code);
    assert(/Network request failed/.test(error.message) && !error.message.includes('vl_at_offline'), error.message);
    offline.dispose();
  });

  await check('a server that never answers: requestTimeoutMs ends the read with a typed TimeoutError', async () => {
    const stalled = web.createSdk({ baseUrl: BASE, requestTimeoutMs: 5_000 });
    stalled.initialize(SDK_KEY, { ...FIXTURE.pair, access_token: 'vl_at_never_answered' });
    const started = __virtualNow();
    const error = await rejection(stalled.watchlist());
    assert(
      web.isViewlinkError(error, web.TimeoutError) && error.code === 'timeout',
      `TimeoutError, got ${error?.name}`,
    );
    assert(__virtualNow() - started === 5_000, `after requestTimeoutMs, got ${__virtualNow() - started} ms`);
    assert(!error.message.includes('vl_at_never_answered'), error.message);
    stalled.dispose();
  });

  await check('a read before initialize: NotInitializedError', async () => {
    const error = await rejection(web.createSdk({ baseUrl: BASE }).watchlist());
    assert(web.isViewlinkError(error, web.NotInitializedError), `got ${error?.name}`);
    assert(error.code === 'not_initialized', error.code);
  });

  await check('@viewlink/react and /query load; TanStack Query reads through the query options', async () => {
    // The hooks need a renderer this run has not; the module loads (nothing touches the DOM at
    // import) and the query options read through the app's own QueryClient.
    assert(typeof react.useRefresh === 'function' && typeof react.ViewlinkProvider === 'function', 'hooks');
    assert(react.ViewlinkError === web.ViewlinkError, 'one copy of @viewlink/web under @viewlink/react');
    const reader = web.createSdk({ baseUrl: BASE });
    reader.initialize(SDK_KEY, FIXTURE.pair);
    const queryClient = new QueryClient();
    const viewlink = { ready: async () => reader };
    const watchlist = await queryClient.fetchQuery(watchlistQuery(viewlink));
    assert(watchlist.categories.length > 0, 'the watchlist');
    assert((await queryClient.fetchQuery(accountsQuery(viewlink))).length === FIXTURE.accounts, 'the accounts');
    assert(queryClient.getQueryData(viewlinkKeys.watchlist) === watchlist, 'cached under its key');
    queryClient.clear();
    reader.dispose();
  });

  await check('secrets: the SDK Key and tokens are in no message and no JSON.stringify(sdk)', async () => {
    const secret = web.createSdk({ baseUrl: BASE });
    secret.initialize(SDK_KEY, FIXTURE.revoked);
    const texts = [JSON.stringify(secret), String(secret)];
    const error = await rejection(secret.watchlist());
    texts.push(error.message, JSON.stringify(error), String(error.stack));
    for (const text of texts)
      for (const value of [SDK_KEY, FIXTURE.revoked.access_token, FIXTURE.revoked.refresh_token])
        assert(!text.includes(value), `a secret in ${text.slice(0, 80)}`);
    secret.dispose();
  });

  // @viewlink/cms: the full transport run (retries, body limit, response validation with zod).
  const cmsOptions = { baseUrl: BASE, restRoot: `${BASE}/wp-json` };
  const posts = new cms.PostsClient(cmsOptions);
  await check('cms: PostsClient lists posts (a chunked answer: no content-length, no body stream)', async () => {
    const page = await posts.list();
    const sent = __sent[__sent.length - 1];
    assert(sent.path.startsWith('/wp-json/cms/v2/posts') && sent.headers.authorization === undefined, sent.path);
    assert(page.items.length === FIXTURE.cms.listed && page.total === FIXTURE.cms.listed, `${page.items.length} posts`);
    assert(
      page.items.some((post) => post.title.rendered === FIXTURE.cms.utf8Title),
      'the non-ASCII title, decoded',
    );
  });

  await check('cms: a post by slug with _embed; non-ASCII UTF-8 text intact', async () => {
    const page = await posts.list({ slug: ['gruesse'], _embed: true });
    const [post] = page.items;
    assert(page.items.length === 1 && post.slug === 'gruesse', 'the post by its slug');
    assert(post.title.rendered === FIXTURE.cms.utf8Title, `title: ${post.title.rendered}`);
    assert(post.content.rendered.includes('Ça marche — ünïcödé ✓ 🎬'), `content: ${post.content.rendered}`);
    const [author] = post._embedded?.author ?? [];
    assert(typeof author?.name === 'string', '_embedded.author');
  });

  await check('cms: a missing post is a typed NotFoundError (instanceof, same copy)', async () => {
    const error = await rejection(posts.get(999_999));
    assert(error instanceof cms.NotFoundError && error instanceof cms.APIError, `NotFoundError, got ${error?.name}`);
    assert(cms.isViewlinkError(error, cms.NotFoundError), 'isViewlinkError');
    assert(error.status === 404 && error.code === 'rest_post_invalid_id', `${error.status} ${error.code}`);
  });

  await check('cms: two identical reads at once share one request, each gets its own copy', async () => {
    const before = __sent.length;
    const [first, second] = await Promise.all([posts.list(), posts.list()]);
    assert(__sent.length === before + 1, `one request, got ${__sent.length - before}`);
    assert(first.items.length === FIXTURE.cms.listed && second.items.length === FIXTURE.cms.listed, 'both answered');
    assert(first.items[0] !== second.items[0], 'copies, not the same objects');
    assert(JSON.stringify(first.items) === JSON.stringify(second.items), 'equal copies');
  });

  await check('cms: for await walks every page (the Link header read with React Native URL)', async () => {
    const slugs = [];
    for await (const post of posts.list({ per_page: 1 })) slugs.push(post.slug);
    assert(slugs.length === FIXTURE.cms.listed && new Set(slugs).size === slugs.length, `slugs: ${slugs.join()}`);
  });

  await check('cms: pages() walks page at a time, all() loads the rest by number', async () => {
    const seen = [];
    for await (const page of posts.list({ per_page: 1 }).pages()) seen.push(page.items[0].slug);
    assert(seen.length === FIXTURE.cms.listed && new Set(seen).size === seen.length, `pages: ${seen.join()}`);
    const progress = [];
    const all = await posts
      .list({ per_page: 1 })
      .all({ concurrency: 2, onProgress: (p) => progress.push(p.pagesLoaded) });
    assert(all.map((post) => post.slug).join() === seen.join(), `all(): ${all.map((post) => post.slug).join()}`);
    assert(progress[progress.length - 1] === FIXTURE.cms.listed, `progress: ${progress.join()}`);
  });

  // An editor's application password: HTTP Basic (TextEncoder and btoa, which Hermes before React Native 0.74 lacks).
  const { editor } = FIXTURE.cms;
  await check('cms: an application password is sent as its Basic header; menu items answer a user', async () => {
    const signedIn = new cms.CmsClient({ ...cmsOptions, auth: editor.auth });
    const items = await signedIn.menuItems.list();
    assert(Array.isArray(items.items), 'the menu items');
    const sent = __sent[__sent.length - 1];
    assert(sent.headers.authorization === editor.header, `the Basic header: ${sent.headers.authorization}`);
  });

  await check('cms: media.upload of bytes (Uint8Array) through React Native fetch', async () => {
    const signedIn = new cms.CmsClient({ ...cmsOptions, auth: editor.auth });
    const media = await signedIn.media.upload(new Uint8Array(editor.poster), { filename: 'poster.png' });
    assert(media.id === editor.uploadedId, `the new attachment, got ${media.id}`);
    const sent = __sent[__sent.length - 1];
    assert(sent.method === 'POST' && sent.path === '/wp-json/cms/v2/media', `${sent.method} ${sent.path}`);
    assert(sent.headers['content-type'] === 'image/png', sent.headers['content-type']);
    assert(sent.headers['content-disposition'] === 'attachment; filename="poster.png"', 'the file name');
    assert(Array.from(sent.body).join() === editor.poster.join(), `the bytes: ${sent.body}`);
  });

  await check('cms: media.upload with a non-ASCII file name: an ASCII filename and its UTF-8 filename*', async () => {
    // React Native's HTTP stacks refuse a header byte past 0x7F; its navigator has no userAgent.
    const signedIn = new cms.CmsClient({ ...cmsOptions, auth: editor.auth });
    await signedIn.media.upload(new Uint8Array(editor.poster), { filename: 'Grüße.png' });
    const sent = __sent[__sent.length - 1].headers['content-disposition'];
    assert(sent === `attachment; filename="Gr__e.png"; filename*=UTF-8''Gr%C3%BC%C3%9Fe.png`, sent);
  });

  await check('cms: media.upload of something not a file is a ValidationError, nothing sent', async () => {
    const signedIn = new cms.CmsClient({ ...cmsOptions, auth: editor.auth });
    const before = __sent.length;
    const error = await rejection(signedIn.media.upload('not a file', { filename: 'a.png' }));
    assert(error instanceof cms.ValidationError, `ValidationError, got ${error?.name}: ${error?.message}`);
    assert(/file/.test(error.message), error.message);
    assert(__sent.length === before, 'nothing sent');
  });

  await check("transport: responseType 'stream' is a typed error without body streams; 'response' reads", async () => {
    const transport = new Transport({ baseUrl: `${BASE}/wp-json`, retry: false });
    const { path, text } = FIXTURE.cms.streamed;
    const error = await rejection(transport.request({ method: 'GET', path, responseType: 'stream' }));
    assert(error instanceof cms.ConfigurationError, `ConfigurationError, got ${error?.name}: ${error?.message}`);
    assert(/responseType 'response'/.test(error.message), error.message);
    const raw = await transport.request({ method: 'GET', path, responseType: 'response' });
    assert((await raw.data.text()) === text, 'the body, read with text()');
  });

  await check('cms: CmsClient reads posts too', async () => {
    const page = await new cms.CmsClient(cmsOptions).posts.list({ per_page: 1 });
    assert(page.items.length === 1 && page.totalPages === FIXTURE.cms.listed, `${page.totalPages} pages`);
  });

  await check(
    'cms: CmsClient loads its other route groups on first use: pages, media; menu items need a user',
    async () => {
      const client = new cms.CmsClient(cmsOptions);
      const pages = await client.pages.list();
      assert(pages.items.length === 1 && pages.items[0].title.rendered === 'Über uns', 'the page');
      const media = await client.media.list();
      assert(Array.isArray(media.items), 'the media list');
      const error = await rejection(client.menuItems.list());
      assert(
        error instanceof cms.AuthenticationError && error.status === 401,
        `AuthenticationError, got ${error?.name}`,
      );
      assert(/pass `auth:/.test(error.message), error.message);
    },
  );

  await check('cms: an announced body over the 64 MiB limit is a ResponseValidationError', async () => {
    const error = await rejection(posts.get(2));
    assert(error instanceof cms.ResponseValidationError, `ResponseValidationError, got ${error?.name}`);
    assert(/larger than the 67108864-byte limit/.test(error.message), error.message);
  });

  await check('cms: a server that never answers: timeout ends the read with a typed TimeoutError', async () => {
    const stalled = new cms.PostsClient({
      ...cmsOptions,
      restRoot: `${BASE}/stalled/wp-json`,
      timeout: 5_000,
      retry: false,
    });
    const started = __virtualNow();
    const error = await rejection(stalled.list());
    assert(error instanceof cms.TimeoutError && error.code === 'timeout', `TimeoutError, got ${error?.name}`);
    assert(__virtualNow() - started === 5_000, `after timeout, got ${__virtualNow() - started} ms`);
  });

  await check('cms: bad input is a ValidationError before anything is sent', async () => {
    const before = __sent.length;
    const error = await rejection(posts.get(-1));
    assert(error instanceof cms.ValidationError, `ValidationError, got ${error?.name}`);
    assert(__sent.length === before, 'nothing sent');
  });

  if (FIXTURE.twoCopies) {
    // The ESM build imported, the CJS build required (as an app whose dependencies mix both
    // gets them): two copies of the error classes.
    await check(
      'two copies: instanceof misses (Hermes ignores Symbol.hasInstance), isViewlinkError holds',
      async () => {
        const other = require('viewlink-web-cjs');
        assert(other.ViewlinkError !== web.ViewlinkError, 'two copies of the error tree');
        const error = await rejection(other.createSdk({ baseUrl: BASE }).watchlist());
        assert(
          !(error instanceof web.NotInitializedError),
          'prototype-only instanceof (if this fails, Hermes now honours Symbol.hasInstance: update the docs)',
        );
        assert(web.isViewlinkError(error, web.NotInitializedError), 'isViewlinkError across copies');
        assert(web.isViewlinkError(error) && !web.isViewlinkError(error, web.ConfigurationError), 'brands, not names');
      },
    );
  }

  sdk.dispose();
}

main().then(
  () => {
    __stopTimers();
    for (const line of checks) print(line);
    const failed = checks.filter((line) => line.startsWith('FAIL')).length;
    print(`hermes: ${checks.length - failed} passed, ${failed} failed`);
  },
  (error) => {
    __stopTimers();
    print(`hermes: scenario crashed: ${error?.stack ?? error}`);
  },
);

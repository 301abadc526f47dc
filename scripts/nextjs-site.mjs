#!/usr/bin/env node
// The Next.js guide's site (examples/nextjs-site, docs/getting-started/nextjs.md) against a real
// WordPress: creates two posts and a draft, runs `next build` and `next start` on 127.0.0.1, and
// checks the list with its pagination, a post page, on-demand revalidation and the draft preview
// through the Draft Mode route in headless Chromium. Also the React guide's App Router page against
// viewlink-mock: /watchlist read on the server with the API Key and hydrated into the client's
// TanStack cache, an expired token renewed through the renew route, the browser bundle free of
// the API Key and of @viewlink/partner, no console errors (hydration included). Needs the built packages (`pnpm run build`).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium, FLAGS } from './chromium/launch.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const site = `${root}examples/nextjs-site`;
const next = `${site}/node_modules/.bin/next`;
const mockCli = `${root}packages/mock/dist/cli.js`;
// The key the mock service accepts; only `next start` gets it (docs/partner.md: the build runs
// without the server's secrets, so the partner client is made on first use, lib/viewlink.ts).
const API_KEY = 'vl_test_api_key';
// Code only @viewlink/partner has: none of it may reach the browser bundle.
const PARTNER_MARKERS = ['renewTokenPair', 'toSdkTokens', 'createNodeWebhookHandler'];
const stateDir = process.env.WP_STATE_DIR ?? `${root}.wp`;
const started = Date.now();

function fail(message) {
  throw new Error(`[nextjs-site] ${message}`);
}

function check(condition, message) {
  if (!condition) fail(message);
}

function readEnv() {
  try {
    return JSON.parse(readFileSync(`${stateDir}/env.json`, 'utf8'));
  } catch {
    return undefined;
  }
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).status < 500;
  } catch {
    return false;
  }
}

function wordpressScript(name) {
  execFileSync('bash', [`${root}scripts/wordpress/${name}.sh`], { stdio: ['ignore', 'ignore', 'inherit'] });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A REST call as the WordPress administrator; its password never reaches a message. */
function restClient(wp) {
  const auth = `Basic ${Buffer.from(`${wp.admin.username}:${wp.admin.applicationPassword}`).toString('base64')}`;
  return async (method, path, body) => {
    const response = await fetch(`${wp.restRoot}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) fail(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return { json: JSON.parse(text), headers: response.headers };
  };
}

/** Stops a process group started detached, waiting up to 5 s before SIGKILL. */
async function stopGroup(child) {
  if (!child || child.exitCode !== null) return;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The .next/static files that hold `text` (the browser bundle). */
function staticFilesWith(text) {
  const dir = `${site}/.next/static`;
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => /\.(js|css|json|html)$/.test(file) && readFileSync(`${dir}/${file}`, 'utf8').includes(text));
}

/** Runs `next` with the site's environment; output goes to the console. */
function runNext(args, env, timeoutMs) {
  execFileSync(next, args, { cwd: site, env, stdio: 'inherit', timeout: timeoutMs });
}

async function main() {
  const before = readEnv();
  const wasRunning = before !== undefined && (await answers(`${before.url}/wp-json/`));
  wordpressScript('start');
  const wp = readEnv() ?? fail(`scripts/wordpress/start.sh wrote no ${stateDir}/env.json`);
  const rest = restClient(wp);
  const created = [];
  let server;
  let mock;
  let browser;
  try {
    // Two published posts a second apart (newest first in the list) and a draft.
    const tag = randomBytes(4).toString('hex');
    const at = (secondsAgo) => new Date(Date.now() - secondsAgo * 1000).toISOString().slice(0, 19);
    const post = async (fields) => {
      const { json } = await rest('POST', 'wp/v2/posts', fields);
      created.push(json.id);
      return json;
    };
    const older = await post({
      title: `Older ${tag}`,
      content: `<p>Older body ${tag}</p>`,
      status: 'publish',
      date_gmt: at(2),
    });
    // WordPress texturizes the title: `rendered` is HTML (It&#8217;s Tom &#038; Jerry), shown as text by the site.
    const newer = await post({
      title: `Newer ${tag}: It's Tom & Jerry`,
      content: `<p>Newer body ${tag}</p>`,
      status: 'publish',
      date_gmt: at(1),
    });
    const draft = await post({ title: `Draft ${tag}`, content: `<p>Draft body ${tag}</p>`, status: 'draft' });
    const { headers } = await rest('GET', 'wp/v2/posts?per_page=1&_fields=id');
    const totalPages = Number(headers.get('x-wp-totalpages'));

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const previewSecret = randomBytes(12).toString('hex');
    const revalidateSecret = randomBytes(12).toString('hex');
    const mockPort = await freePort();
    const mockUrl = `http://127.0.0.1:${mockPort}`;
    mock = spawn(process.execPath, [mockCli, '--port', String(mockPort)], {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    const env = {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      WP_URL: wp.url,
      WP_PREVIEW_USER: wp.admin.username,
      WP_PREVIEW_PASSWORD: wp.admin.applicationPassword,
      PREVIEW_SECRET: previewSecret,
      REVALIDATE_SECRET: revalidateSecret,
      POSTS_PER_PAGE: '1',
      VIEWLINK_API_KEY: API_KEY,
      VIEWLINK_SDK_KEY: 'vl_sdk_demo_key',
      VIEWLINK_BASE_URL: mockUrl,
    };
    // A clean build: .next/cache keeps fetched data across runs, which would show the last run's posts.
    rmSync(`${site}/.next`, { recursive: true, force: true });
    console.log('[nextjs-site] next build');
    const { VIEWLINK_API_KEY: _secret, ...buildEnv } = env;
    runNext(['build'], buildEnv, 300_000);
    const leaks = [API_KEY, ...PARTNER_MARKERS].flatMap((text) => staticFilesWith(text).map((f) => `${text} in ${f}`));
    check(leaks.length === 0, `the browser bundle holds server-only code or the API Key: ${leaks.join('; ')}`);

    console.log(`[nextjs-site] next start on ${base}`);
    server = spawn(next, ['start', '-H', '127.0.0.1', '-p', String(port)], {
      cwd: site,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    const deadline = Date.now() + 60_000;
    while (!(await answers(`${base}/posts`))) {
      if (server.exitCode !== null) fail(`next start exited with ${server.exitCode}`);
      if (Date.now() > deadline) fail('next start did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    void exited;

    while (!(await answers(`${mockUrl}/v1/services`))) {
      if (mock.exitCode !== null) fail(`viewlink-mock exited with ${mock.exitCode}`);
      if (Date.now() > deadline) fail('viewlink-mock did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: [...FLAGS] });
    const context = await browser.newContext();
    const page = await context.newPage();
    await checkWatchlistPage(context, base, mockUrl);
    const titles = async () => (await page.locator('main li a').allTextContents()).map((text) => text.trim());
    // What a title's rendered HTML reads as on a page (It’s Tom & Jerry), never its entities (&#8217;).
    const textOf = (html) =>
      page.evaluate((h) => new DOMParser().parseFromString(h, 'text/html').body.textContent, html);
    const newerTitle = await textOf(newer.title.rendered);
    check(
      newerTitle === `Newer ${tag}: It\u2019s Tom & Jerry`,
      `WordPress rendered the title as ${JSON.stringify(newer.title.rendered)}`,
    );

    // The list, one a page: the newest post first, "Older" leads to the next page.
    let response = await page.goto(`${base}/`);
    check(response?.ok(), `GET / answered ${response?.status()}`);
    check(new URL(page.url()).pathname === '/posts', `/ should redirect to /posts, landed on ${page.url()}`);
    check((await page.locator('h1').textContent()) === 'Posts', 'the list page has no "Posts" heading');
    let listed = await titles();
    check(
      listed.length === 1 && listed[0] === newerTitle,
      `page 1 lists ${JSON.stringify(listed)}, not ${JSON.stringify(newerTitle)}`,
    );
    const pageLine = (await page.locator('nav span').textContent())?.replace(/\s+/g, ' ');
    check(pageLine === `Page 1 of ${totalPages}`, `the list says "${pageLine}", WordPress has ${totalPages} pages`);
    await page.click('text=Older');
    await page.waitForURL(`${base}/posts?page=2`);
    listed = await titles();
    check(
      listed.length === 1 && listed[0] === older.title.raw,
      `page 2 lists ${JSON.stringify(listed)}, not ${JSON.stringify(older.title.raw)}`,
    );
    check((await page.locator('nav a', { hasText: 'Newer' }).count()) === 1, 'page 2 has no "Newer" link');

    // A post page, read through the data cache (tagged), then revalidated on demand.
    response = await page.goto(`${base}/posts/${newer.id}`);
    check(response?.ok(), `GET /posts/${newer.id} answered ${response?.status()}`);
    check((await page.locator('h1').textContent()) === newerTitle, 'the post page shows another title');
    check((await page.locator('article').textContent())?.includes(`Newer body ${tag}`), 'the post page lacks its body');
    check((await page.locator('#draft-banner').count()) === 0, 'the draft banner shows outside Draft Mode');
    await rest('POST', `wp/v2/posts/${newer.id}`, { title: `Renamed ${tag}` });
    await page.goto(`${base}/posts/${newer.id}`);
    check(
      (await page.locator('h1').textContent()) === newerTitle,
      'the post page should come from the data cache until revalidated',
    );
    const denied = await fetch(`${base}/api/revalidate`, { method: 'POST', body: JSON.stringify({ id: newer.id }) });
    check(denied.status === 401, `the revalidate route without its secret answered ${denied.status}`);
    const revalidated = await fetch(`${base}/api/revalidate`, {
      method: 'POST',
      headers: { 'x-revalidate-secret': revalidateSecret, 'content-type': 'application/json' },
      body: JSON.stringify({ id: newer.id }),
    });
    check(revalidated.ok, `the revalidate route answered ${revalidated.status}`);
    // revalidateTag(tag, 'max') marks the entry stale: the next read may still serve it while refetching.
    const renamedDeadline = Date.now() + 15_000;
    let shown;
    do {
      await page.goto(`${base}/posts/${newer.id}`);
      shown = await page.locator('h1').textContent();
      if (shown === `Renamed ${tag}`) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } while (Date.now() < renamedDeadline);
    check(shown === `Renamed ${tag}`, `after revalidation the post page still shows "${shown}"`);

    // The draft: not readable publicly, previewed through the Draft Mode route.
    console.log('[nextjs-site] the draft read publicly: next start logs the expected 401 (AuthenticationError)');
    response = await page.goto(`${base}/posts/${draft.id}`);
    check(!response?.ok(), `the draft's page answered ${response?.status()} outside Draft Mode`);
    response = await page.goto(`${base}/api/draft?secret=wrong&id=${draft.id}`);
    check(response?.status() === 401, `the draft route with a wrong secret answered ${response?.status()}`);
    response = await page.goto(`${base}/api/draft?secret=${previewSecret}&id=${draft.id}`);
    check(response?.ok(), `the draft route answered ${response?.status()}`);
    check(new URL(page.url()).pathname === `/posts/${draft.id}`, `the draft route led to ${page.url()}`);
    check((await page.locator('#draft-banner').textContent()) === 'Draft preview', 'Draft Mode is not on');
    check((await page.locator('h1').textContent()) === draft.title.raw, 'the preview shows another title');
    check((await page.locator('article').textContent())?.includes(`Draft body ${tag}`), 'the preview lacks its body');

    console.log(
      `[nextjs-site] list, pagination, post, revalidation and draft preview: ok (${Date.now() - started} ms)`,
    );
  } finally {
    await browser?.close();
    await stopGroup(server);
    await stopGroup(mock);
    for (const id of created) await rest('DELETE', `wp/v2/posts/${id}?force=true`).catch(() => {});
    if (!wasRunning && process.env.CONTRACT_KEEP_WORDPRESS !== '1') wordpressScript('stop');
  }
}

/**
 * /watchlist (docs/getting-started/react.md, Next.js App Router): the server renders the watchlist
 * read with the API Key and seeds the client's cache with it, so the browser never reads it
 * again after hydration; the linked accounts come with the pair from the token route; the console
 * stays free of errors (a hydration mismatch is one) and the page of the API Key.
 */
async function checkWatchlistPage(context, base, mockUrl) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // Chromium asks for /favicon.ico, which the site has not.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      problems.push(`console.error: ${message.text()}`);
    if (/hydrat/i.test(message.text())) problems.push(`console.${message.type()}: ${message.text()}`);
  });
  const calls = [];
  page.on('request', (request) => {
    if (request.url().startsWith(mockUrl) || request.url().includes('/api/viewlink/'))
      calls.push(`${request.method()} ${request.url().replace(mockUrl, 'mock').replace(base, '')}`);
  });
  const response = await page.goto(`${base}/watchlist`);
  check(response?.ok(), `GET /watchlist answered ${response?.status()}`);
  const html = await response.text();
  check(!html.includes(API_KEY), 'the /watchlist HTML holds the API Key');
  const served = await page.locator('#server-watchlist li').count();
  check(served > 0, 'the server rendered no watchlist categories');
  await page.locator('#accounts li').first().waitFor({ timeout: 15_000 });
  check(
    (await page.locator('#client-watchlist').textContent()) === `${served} watchlist categories`,
    `the client shows "${await page.locator('#client-watchlist').textContent()}", the server ${served} categories: the cache was not hydrated`,
  );
  check(
    JSON.stringify(calls) === JSON.stringify(['POST /api/viewlink/token', 'GET mock/v1/user/accounts']),
    `after hydration the page should ask only for a pair and the accounts, asked ${JSON.stringify(calls)}`,
  );
  check(problems.length === 0, `/watchlist in the browser: ${problems.join('; ')}`);

  // The service expires the access token: the next read is refused (401), getTokens() asks the
  // renew route (PartnerClient.renewTokenPair on the server), and the read is replayed.
  const expired = await fetch(`${mockUrl}/__mock/tokens/expire`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: 'demo-user' }),
  });
  check(expired.ok, `the mock's token expiry answered ${expired.status}`);
  calls.length = 0;
  // Both waits set before the click: the replayed read can be answered before `renewed` resolves here.
  const renewed = page.waitForResponse((r) => r.url().endsWith('/api/viewlink/token/renew'));
  const replayed = page.waitForResponse((r) => r.url() === `${mockUrl}/v1/user/accounts` && r.ok());
  await page.click('#reload-accounts');
  check((await renewed).ok(), 'the renew route failed');
  await replayed;
  check(
    JSON.stringify(calls) ===
      JSON.stringify(['GET mock/v1/user/accounts', 'POST /api/viewlink/token/renew', 'GET mock/v1/user/accounts']),
    `an expired token should be renewed through the renew route and the read replayed, asked ${JSON.stringify(calls)}`,
  );
  check((await page.locator('#accounts-error').count()) === 0, 'the accounts show an error after the renewal');
  await page.close();
  console.log(
    '[nextjs-site] /watchlist: server read, hydrated cache, token route and renewal, clean bundle and console: ok',
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

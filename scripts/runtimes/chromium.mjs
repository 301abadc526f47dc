// Chromium (Debian's /usr/bin/chromium through playwright-core; never a downloaded browser):
// the page bundles the INSTALLED @viewlink/web and @viewlink/cms and runs in headless Chromium.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM, ensureChromium, FLAGS } from '../chromium/launch.mjs';
import { rowFromError, rowFromResult } from './result.mjs';
import { API_KEY } from './scenario.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const SDK_KEY = 'vl_sdk_test_key';
// An empty icon: otherwise Chromium asks for /favicon.ico and logs the 404 as a console error.
const HTML =
  '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>runtime matrix</title>' +
  '<script src="/runtimes/page.js"></script>';

async function bundlePage(project) {
  mkdirSync(join(project, 'browser'), { recursive: true });
  copyFileSync(join(here, 'browser', 'page.mjs'), join(project, 'browser', 'page.mjs'));
  const out = await build({
    entryPoints: [join(project, 'browser', 'page.mjs')],
    absWorkingDir: project,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/**
 * The page's own origin: the page, a stand-in partner backend (POST /runtimes/session issues a
 * pair against the mock server with the API Key, server side) and a CMS fake at /wp-json.
 */
async function startSite(project, mockUrl, script) {
  const require = createRequire(join(project, 'package.json'));
  const { createMockService } = require('@viewlink/mock');
  const { serve } = require('@viewlink/mock/server');
  const { PartnerClient } = require('@viewlink/partner');
  const backend = new PartnerClient({ apiKey: API_KEY, baseUrl: mockUrl });
  const site = createMockService();
  return serve({
    handle: async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/runtimes/') return new Response(HTML, { headers: { 'content-type': 'text/html' } });
      if (pathname === '/runtimes/page.js')
        return new Response(script, { headers: { 'content-type': 'text/javascript' } });
      if (pathname === '/runtimes/session' && request.method === 'POST') {
        const pair = await backend.tokens.issue({ userId: 'demo-user' });
        return Response.json({ sdk_key: SDK_KEY, tokens: pair.toSdkTokens() });
      }
      return site.handle(request);
    },
  });
}

/** Runs the Chromium row. */
export async function runChromium({ project, mockUrl }) {
  const started = Date.now();
  const base = { runtime: 'chromium', loader: 'esbuild bundle', version: undefined };
  let browser;
  let site;
  const pageErrors = [];
  try {
    ensureChromium();
    site = await startSite(project, mockUrl, await bundlePage(project));
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...FLAGS] });
    base.version = `chromium ${browser.version()}`;
    const page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => message.type() === 'error' && pageErrors.push(`console: ${message.text()}`));
    page.on(
      'response',
      (r) => r.status() >= 400 && pageErrors.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`),
    );
    await page.goto(`${site.url}/runtimes/`);
    const result = await page.evaluate((config) => window.runPageScenario(config), { partnerUrl: mockUrl });
    const clean = { name: 'no page error or console error', ok: pageErrors.length === 0, error: pageErrors.join('\n') };
    return { ...rowFromResult(base, result, [clean]), seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    const detail = pageErrors.length ? `\n${pageErrors.join('\n')}` : '';
    return {
      ...rowFromError(base, new Error(`${error instanceof Error ? error.message : error}${detail}`)),
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await browser?.close();
    await site?.close();
  }
}
